// The storage contract of the registry (RFC 8141 §1.2.1 resolution data, §6.4.6 per-namespace
// resolution policy): engine-neutral and async, so SQLite and PostgreSQL can sit behind it. The
// Store is composed of one interface per concern (organisations.ts, prefixes.ts, search.ts, oai.ts,
// harvest.ts, links.ts, stats.ts beside this file).

import type { HarvestStore } from "./harvest.js";
import type { LinkLeaseStore } from "./link-lease.js";
import type { LinkStore } from "./links.js";
import type { OaiStore } from "./oai.js";
import type { OrganisationStore } from "./organisations.js";
import type { PrefixRoutes } from "./prefix-routes.js";
import type { IdentifierStore, PrefixStore } from "./prefixes.js";
import type { SearchStore } from "./search.js";
import type { StatsStore } from "./stats.js";

/** Lifecycle of an assigned URN. It only moves forward: reserved → active → deactivated. */
export type RecordStatus = "reserved" | "active" | "deactivated";

export type Role = "admin" | "registrar" | "reader";

/** How `POST /namespaces/{nid}/mint` composes the next NSS: prefix + zero-padded number + check. */
export interface MintPolicy {
  prefix: string;
  width: number;
  /** "mod11-2": the ISO 7064 MOD 11-2 check character (0-9 or X) over the digits. */
  check: "none" | "mod11-2";
}

/** A namespace or an NSS prefix resolved elsewhere: `{urn}` in `url` is replaced by the URN. */
export interface Delegation {
  /** Equivalence-key prefix, e.g. "urn:nbn:de:"; "" delegates the whole namespace. */
  prefix: string;
  url: string;
}

export interface NamespaceInput {
  nid: string;
  template?: string | null;
  mint?: MintPolicy | null;
  redirectStatus?: 302 | 303 | 307;
  /** Longest time, in seconds, a client may cache a redirect out of this namespace. */
  maxAge?: number;
  delegate?: Delegation[];
  /** Served although it is not a registered NID (a local or experimental namespace). */
  local?: boolean;
}

export interface Namespace {
  nid: string;
  template: string | null;
  templateRevision: number;
  mint: MintPolicy | null;
  redirectStatus: 302 | 303 | 307;
  maxAge: number;
  delegate: Delegation[];
  local: boolean;
  created: string;
  updated: string;
  /**
   * The namespace's prefixes and delegations as resolution reads them (not part of the API's
   * namespace): cached with the namespace and dropped with it when a prefix changes.
   */
  routes: PrefixRoutes;
}

export interface TemplateRevision {
  revision: number;
  template: string | null;
  created: string;
}

export interface LocatorInput {
  url: string;
  priority?: number;
  mediaType?: string | null;
  active?: boolean;
  /** The organisation that owns the locator (a new locator only: an owner never changes). */
  owner?: string | null;
}

export interface Locator {
  url: string;
  priority: number;
  mediaType: string | null;
  active: boolean;
  /** The owning organisation; null for locators written before organisations or by import. */
  owner: string | null;
  created: string;
}

/** A registrar-scope identifier (CZIDLO's registrarScopeIdentifier): unique per organisation. */
export interface RecordIdentifier {
  type: string;
  value: string;
}

/** One URN record as the API shows it. */
export interface UrnRecord {
  urn: string;
  key: string;
  nid: string;
  status: RecordStatus;
  locators: Locator[];
  metadata: Record<string, unknown> | null;
  reason: string | null;
  deactivated: string | null;
  successors: string[];
  predecessors: string[];
  /** Every spelling the record was registered under (the first is `urn`). */
  spellings: string[];
  /** The organisation that owns the record; null for records from before organisations. */
  organisation: string | null;
  /** The prefix the URN belonged to when it was registered (the longest that matched). */
  prefix: string | null;
  /** The organisation's own identifiers of the record. */
  identifiers: RecordIdentifier[];
  created: string;
  updated: string;
}

/** What `GET /{urn}` needs, read in one lookup. */
export interface ResolveView {
  /** The record's id: what the statistics count its resolutions by (never reused). */
  id: number;
  urn: string;
  status: RecordStatus;
  /** The best active locator (locator-rank.ts: healthy first, highest priority, then oldest). */
  best: string | null;
  successor: string | null;
  reason: string | null;
  deactivated: string | null;
}

export interface NewRecord {
  urn: string;
  key: string;
  nid: string;
  status: "reserved" | "active";
  locators?: LocatorInput[];
  metadata?: Record<string, unknown> | null;
  organisation?: string | null;
  prefix?: string | null;
  identifiers?: RecordIdentifier[];
}

export interface RecordPatch {
  /**
   * Replaces the locator list: URLs not listed become inactive (they are kept for history). With
   * `owner` set, only that organisation's locators are replaced and new ones are owned by it.
   */
  locators?: LocatorInput[];
  metadata?: Record<string, unknown> | null;
  /** Whose locators `locators` replaces; undefined: every locator of the record. */
  owner?: string;
  /** Also activate the record (a reserved URN registered in reservation mode). */
  activate?: boolean;
  /** Identifiers to add, of the record's organisation. */
  identifiers?: RecordIdentifier[];
}

/** One line of an import or export file (the NDJSON format of `/api/v1/import` and `/export`). */
export interface RecordLine {
  urn: string;
  status: RecordStatus;
  locators?: (LocatorInput & { created?: string })[];
  metadata?: Record<string, unknown> | null;
  reason?: string | null;
  deactivated?: string | null;
  successors?: string[];
  organisation?: string;
  prefix?: string;
  identifiers?: RecordIdentifier[];
  created?: string;
}

export interface ImportItem {
  line: number;
  key: string;
  nid: string;
  record: RecordLine;
  /** The record's successors with their keys, in the order of `record.successors`. */
  successors: { urn: string; key: string }[];
}

export interface ImportBatchResult {
  created: number;
  unchanged: number;
  conflicts: { line: number; urn: string; existing: string }[];
}

export interface ExportPage {
  lines: RecordLine[];
  /** Pass back to get the next page; null when done. */
  cursor: string | null;
}

export interface TokenInfo {
  id: number;
  role: Role;
  namespace: string | null;
  /** The organisation the token acts for; null for a namespace-scoped or server-wide token. */
  organisation: string | null;
  label: string | null;
  created: string;
}

/** A token as listed for an audit: its grant and when it was revoked (null while it is live). */
export interface TokenListing extends TokenInfo {
  revoked: string | null;
}

/** Who did a write, for the audit row. null for the command line and first-start seeding. */
export interface Actor {
  tokenId: number | null;
}

export interface AuditEntry {
  id: number;
  tokenId: number | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** Which audit rows to read: older than `before` (an audit id), about one of `targets`. */
export interface AuditQuery {
  before?: number;
  /** The URNs (as spelled in the audit rows), NIDs or tokens ("token:<id>") the rows are about. */
  targets?: readonly string[];
}

/**
 * A signed-in UI session as stored: the hash of its id (the id itself lives only in the browser's
 * cookie) and the token it acts for (the token itself is never stored).
 */
export interface SessionRow {
  idHash: string;
  tokenId: number;
  /** The synchronizer token every form of the session repeats. */
  csrf: string;
  /** A one-time message for the next page (e.g. "minted urn:…"). */
  flash: string | null;
  created: string;
  expires: string;
}

export interface SessionWithToken {
  session: SessionRow;
  token: TokenInfo;
}

export interface SessionChange {
  expires?: string;
  flash?: string | null;
}

/** A token to store: its SHA-256 (the token itself is never stored) and its grant. */
export interface NewToken {
  hash: string;
  role: Role;
  namespace: string | null;
  organisation?: string | null;
  label: string | null;
}

/** Why a URN is deactivated, and the URN that replaces it (with its key) if any. */
export interface Deactivation {
  reason: string;
  successor?: { urn: string; key: string } | null;
}

export interface ResolutionCount {
  nid: string;
  day: string;
  count: number;
}

/** Which daily counts to read: a page in (day, nid) order, after `after`. */
export interface ResolutionCountQuery {
  nid?: string;
  /** First and last day, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  after?: { day: string; nid: string };
  limit: number;
}

/** A write refused because the URN (or NID) is already taken: names the existing record. */
export class ConflictError extends Error {
  readonly existing: string;
  constructor(message: string, existing: string) {
    super(message);
    this.name = "ConflictError";
    this.existing = existing;
  }
}

/** The refusal of a record whose key `existingUrn` (an equivalent spelling) holds already. */
export function keyTaken(existingUrn: string): ConflictError {
  return new ConflictError(`an equivalent URN is already registered: ${existingUrn}`, existingUrn);
}

/** A write refused by the record's lifecycle (e.g. activating a deactivated URN). */
export class StateError extends Error {
  /** A stable code for the API ("invalid-transition" unless more is known). */
  readonly code: string;
  constructor(message: string, code = "invalid-transition") {
    super(message);
    this.name = "StateError";
    this.code = code;
  }
}

/** One input of createRecords: its record, or why it was not created. */
export type CreateOutcome = UrnRecord | ConflictError | StateError;

/**
 * A write the database rolled back to break a deadlock with another transaction, or as a
 * serialization failure: nothing of it was stored, and the same write sent again may succeed.
 */
export class RetryableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "RetryableError";
  }
}

/**
 * Resolution's two reads, answered without waiting. An engine that can (embedded SQLite) offers
 * them, and the resolution fast path then answers in the request event itself: no promise, no
 * turn of the event loop, about a tenth of a resolution's cost in the package's benchmark.
 */
export interface ImmediateReads {
  getNamespace(nid: string): Namespace | null;
  resolve(key: string): ResolveView | null;
}

/**
 * Batches of one import sent before the earlier ones are acknowledged. They commit in the order
 * sent, so a batch sent after one that failed fails too; each promise settles after its own
 * COMMIT (or with the batch's failure).
 */
export interface ImportSequence {
  /** Batches that may be sent before the first is acknowledged. */
  readonly depth: number;
  send(items: ImportItem[]): Promise<ImportBatchResult>;
}

export interface Store extends IdentifierStore {
  readonly organisations: OrganisationStore;
  readonly prefixes: PrefixStore;
  readonly search: SearchStore;
  readonly oai: OaiStore;
  readonly harvest: HarvestStore;
  readonly links: LinkStore;
  readonly linkLease: LinkLeaseStore;
  readonly stats: StatsStore;

  readonly engine: string;
  /** Present when the engine answers resolution's reads at once (see ImmediateReads). */
  readonly immediate?: ImmediateReads;
  /** Applies pending migrations. Idempotent. */
  migrate(): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;

  getNamespace(nid: string): Promise<Namespace | null>;
  listNamespaces(): Promise<Namespace[]>;
  createNamespace(input: NamespaceInput, actor: Actor): Promise<Namespace>;
  /** Stores a new template revision when the template changes. */
  updateNamespace(input: NamespaceInput, actor: Actor): Promise<Namespace>;
  templateRevisions(nid: string): Promise<TemplateRevision[]>;
  /**
   * Atomically takes the next number of the namespace's minting policy, whose sequence is the one
   * of the prefix the policy names (owned by the local registry organisation).
   */
  nextMintNumber(nid: string, actor: Actor): Promise<number>;

  resolve(key: string): Promise<ResolveView | null>;
  getRecord(key: string): Promise<UrnRecord | null>;
  /** The records of `keys` that exist, by key, read in one statement. */
  getRecords(keys: readonly string[]): Promise<Map<string, UrnRecord>>;
  /** Throws ConflictError naming the existing record when the key is taken, in any status. */
  createRecord(input: NewRecord, actor: Actor): Promise<UrnRecord>;
  /**
   * createRecord for each input, as a set: each input's outcome in input order, the record or
   * the refusal createRecord would have thrown (a key taken already, or earlier in `inputs`: a
   * ConflictError; a StateError), the others created all the same, each with its "urn.create"
   * audit row. One transaction (a savepoint inside a batch), a few statements for the whole set.
   */
  createRecords(inputs: readonly NewRecord[], actor: Actor): Promise<CreateOutcome[]>;
  /**
   * Present when the engine can take a prefix's number and register its record in one
   * transaction without holding others up longer (SQLite's single writer): the record `make`
   * builds from the first number it does not decline (null) and whose key is free, or null after
   * `attempts` numbers. Absent: the caller takes numbers and registers in two steps.
   */
  mintRecord?(
    prefix: string,
    make: (n: number) => NewRecord | null,
    attempts: number,
    actor: Actor,
  ): Promise<UrnRecord | null>;
  /** Throws StateError "tombstone-frozen" when the record is deactivated. */
  updateRecord(key: string, patch: RecordPatch, actor: Actor): Promise<UrnRecord | null>;
  activate(key: string, actor: Actor): Promise<UrnRecord | null>;
  /**
   * Deactivates the record. On a record already deactivated it only records `change.successor`,
   * once, when the record has none (StateError "already-deactivated" or "successor-exists"
   * otherwise); the reason stays as it was.
   */
  deactivate(key: string, change: Deactivation, actor: Actor): Promise<UrnRecord | null>;

  /**
   * Present when the engine can run a sequence of writes in one transaction whose writes each
   * become a savepoint in it (SQLite): `work`'s writes commit together when it resolves, and are
   * rolled back together when it rejects; a write refused inside rolls back only itself. Only for
   * a process that is its connection's only writer (the command line): a write of anyone else
   * sharing the connection in the meantime would join the transaction.
   */
  soleWriterBatch?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Present when the engine can give a sequence of writes a transaction of their own while any
   * number of other writers go on (PostgreSQL): every store call made inside `work`, in its async
   * context, runs on the transaction's connection, each write as a savepoint, so a write refused
   * inside rolls back only itself; all commit together when `work` resolves and are rolled back
   * together when it rejects. Writes inside take turns.
   */
  writeBatch?<T>(work: () => Promise<T>): Promise<T>;
  /** Imports one batch in one transaction: when it returns, the batch is durable. */
  importBatch(items: ImportItem[], actor: Actor): Promise<ImportBatchResult>;
  /**
   * An import's batches with several in flight, for an engine in another process (PostgreSQL)
   * that can work on one batch while this process reads the next. Absent: one batch at a time.
   */
  importSequence?(actor: Actor): ImportSequence;
  exportPage(cursor: string | null, limit: number): Promise<ExportPage>;
  countRecords(): Promise<number>;

  createToken(token: NewToken, actor: Actor): Promise<TokenInfo>;
  /** A token that exists and is not revoked. */
  findToken(hash: string): Promise<TokenInfo | null>;
  /** Revokes a token and ends its sessions; null when there is no such live token. */
  revokeToken(id: number, actor: Actor): Promise<TokenInfo | null>;
  /** Every token ever created, live and revoked, by id (never its hash). */
  listTokens(): Promise<TokenListing[]>;

  createSession(session: SessionRow): Promise<void>;
  /** The session with its token, unless it expired by `now` or its token was revoked. */
  findSession(
    idHash: string,
    now: string,
  ): Promise<{ session: SessionRow; token: TokenInfo } | null>;
  updateSession(idHash: string, change: { expires?: string; flash?: string | null }): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Deletes the sessions expired by `now`; returns how many. */
  sweepSessions(now: string): Promise<number>;

  /** The audit log, newest first. */
  audit(limit: number, query?: AuditQuery): Promise<AuditEntry[]>;
  /** Adds to the daily resolution counts (the server batches increments in memory). */
  addResolutionCounts(counts: ResolutionCount[]): Promise<void>;
  resolutionCounts(query: ResolutionCountQuery): Promise<ResolutionCount[]>;
}
