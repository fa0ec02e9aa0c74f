// Row mapping shared by the engines: both store the same columns (timestamps as ISO-8601 text,
// JSON as text), so turning a row into the contract's shape is engine-neutral.

import type { AuditChannel, AuditEntry, AuditRow } from "./audit.js";
import type { Delegation, MintPolicy, Namespace } from "./namespaces.js";
import { type PrefixRoute, PrefixRoutes } from "./prefix-routes.js";
import type { Locator, RecordIdentifier, RecordStatus, UrnRecord } from "./records.js";
import type { SessionWithToken, TokenInfo } from "./tokens.js";
import type { RecordLine } from "./transfer.js";

export const now = (): string => new Date().toISOString();

/** A namespaces row joined with its current template (SQLite stores booleans as 0 and 1). */
export interface NamespaceRow {
  nid: string;
  template_revision: number;
  template: string | null;
  mint: string | null;
  redirect_status: 302 | 303 | 307;
  max_age: number;
  delegate: string;
  local: boolean | number;
  created: string;
  updated: string;
}

/** The columns of a records row. */
export interface RecordColumns {
  id: number;
  key: string;
  urn: string;
  nid: string;
  status: RecordStatus;
  metadata: string | null;
  reason: string | null;
  deactivated: string | null;
  organisation: string | null;
  prefix: string | null;
  created: string;
  updated: string;
}

/**
 * A namespace from its row and its prefixes' routes (prefix, owner, delegate): the namespace-level
 * delegations join them, so resolution finds the longest match of either in one index.
 */
export function toNamespace(row: NamespaceRow, prefixes: readonly PrefixRoute[] = []): Namespace {
  const delegate = JSON.parse(row.delegate) as Delegation[];
  const head = `urn:${row.nid}:`;
  const routes = new PrefixRoutes(
    prefixes,
    delegate.map((d) => ({
      prefix: d.prefix === "" ? head : d.prefix,
      organisation: null,
      delegate: d.url,
    })),
  );
  return {
    nid: row.nid,
    template: row.template,
    templateRevision: row.template_revision,
    mint: row.mint === null ? null : (JSON.parse(row.mint) as MintPolicy),
    redirectStatus: row.redirect_status,
    maxAge: row.max_age,
    delegate,
    local: row.local === true || row.local === 1,
    created: row.created,
    updated: row.updated,
    routes,
  };
}

/** A record from its row and its linked rows, which each engine reads its own way. */
export function toRecord(
  row: RecordColumns,
  links: {
    locators: Locator[];
    successors: string[];
    predecessors: string[];
    identifiers: RecordIdentifier[];
  },
): UrnRecord {
  return {
    urn: row.urn,
    key: row.key,
    nid: row.nid,
    status: row.status,
    locators: links.locators,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    reason: row.reason,
    deactivated: row.deactivated,
    successors: links.successors,
    predecessors: links.predecessors,
    // Registration refuses every equivalent spelling (409), so a record has exactly one.
    spellings: [row.urn],
    organisation: row.organisation,
    prefix: row.prefix,
    identifiers: links.identifiers,
    created: row.created,
    updated: row.updated,
  };
}

/** A before/after value for an audit row's text column. */
/**
 * The audit target of a token: "token:" and its id. A bare id would share its rows with an
 * all-digit NID such as "123"; a NID holds no ":" and a URN starts "urn:", so this one cannot.
 */
export function tokenTarget(id: number): string {
  return `token:${id}`;
}

export function auditJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** An audit row's values in the order of its columns token_id, channel, action, target, before, after, at. */
export function auditValues([actor, action, target, before, after]: AuditRow): unknown[] {
  return [
    actor.tokenId,
    actor.channel ?? null,
    action,
    target,
    auditJson(before),
    auditJson(after),
    now(),
  ];
}

export function toAuditEntry(r: Record<string, unknown>): AuditEntry {
  return {
    id: r.id as number,
    tokenId: (r.token_id as number | null) ?? null,
    channel: (r.channel as AuditChannel | null) ?? null,
    action: r.action as string,
    target: r.target as string,
    before: r.before === null ? null : JSON.parse(r.before as string),
    after: r.after === null ? null : JSON.parse(r.after as string),
    at: r.at as string,
  };
}

/** A sessions row joined with its token's columns (token_role, token_namespace, …). */
export function toSessionWithToken(r: Record<string, unknown>): SessionWithToken {
  return {
    session: {
      idHash: r.id_hash as string,
      tokenId: r.token_id as number,
      csrf: r.csrf as string,
      flash: (r.flash as string | null) ?? null,
      created: r.created as string,
      expires: r.expires as string,
    },
    token: {
      id: r.token_id as number,
      role: r.token_role as TokenInfo["role"],
      namespace: (r.token_namespace as string | null) ?? null,
      organisation: (r.token_organisation as string | null) ?? null,
      label: (r.token_label as string | null) ?? null,
      created: r.token_created as string,
    },
  };
}

/** The SELECT list and join of a session lookup, in SQL both engines speak. */
export const SESSION_SELECT = `SELECT s.*, t.role AS token_role, t.namespace AS token_namespace,
  t.organisation AS token_organisation, t.label AS token_label, t.created AS token_created
FROM sessions s JOIN tokens t ON t.id = s.token_id`;

/**
 * The condition, in SQL both engines speak, under which token `t` may act: not revoked, and its
 * organisation (if any) active. Deactivating an organisation stops its tokens and UI sessions.
 */
export const TOKEN_LIVE = `t.revoked IS NULL AND (t.organisation IS NULL OR EXISTS
  (SELECT 1 FROM organisations o WHERE o.id = t.organisation AND o.active = TRUE))`;

/** The columns of a token as TokenInfo reads them. */
export const TOKEN_COLUMNS = "t.id, t.role, t.namespace, t.organisation, t.label, t.created";

/** A locator as an export line carries it: its owner only when it has one. */
export function lineLocator(l: Locator): Locator {
  const { owner, created, ...rest } = l;
  return (owner === null ? { ...rest, created } : { ...rest, owner, created }) as Locator;
}

/**
 * A record's export line, from its row and linked rows, with the fields in one order on both
 * engines (byte-identical exports): what is absent or empty is left out.
 */
export function recordLine(
  row: RecordColumns,
  links: { locators: Locator[]; successors: string[]; identifiers: RecordIdentifier[] },
): RecordLine {
  const line: RecordLine = { urn: row.urn, status: row.status };
  if (links.locators.length > 0) line.locators = links.locators.map(lineLocator);
  if (row.metadata !== null) line.metadata = JSON.parse(row.metadata);
  if (row.reason !== null) line.reason = row.reason;
  if (row.deactivated !== null) line.deactivated = row.deactivated;
  if (links.successors.length > 0) line.successors = links.successors;
  if (row.organisation !== null) line.organisation = row.organisation;
  if (row.prefix !== null) line.prefix = row.prefix;
  if (links.identifiers.length > 0) line.identifiers = links.identifiers;
  line.created = row.created;
  return line;
}
