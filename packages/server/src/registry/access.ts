// Who may do what: one decision for the JSON API, the web UI and the command line. A token has a
// role (reader < registrar < admin) and may be limited to a namespace or bound to an organisation.
// Every action names what it acts on (its scope) and asks here; a refusal is a 403 that says which
// limit it met:
//
//   scope          server admin   namespace admin        organisation admin
//   registry       yes            no (out-of-scope)      no (other-organisation)
//   namespace N    yes            N only                 no (other-organisation)
//   organisation O yes            O's prefixes in N only O only
//
// So an organisation's administrator manages its own tokens, its own prefixes' policies and reads
// its own audit rows; serving namespaces, organisations, and tokens of the registry or of other
// organisations stay with the registry's administrators.

import type { Role, TokenInfo } from "../storage/tokens.js";
import { Refusal } from "../validation/refusal.js";

const RANK: Record<Role, number> = { reader: 0, registrar: 1, admin: 2 };

/** What an action acts on. */
export type Scope =
  /** The registry as a whole: namespaces served, organisations, tokens not of one organisation. */
  | { kind: "registry" }
  /** One namespace's settings, and the prefixes in it. */
  | { kind: "namespace"; nid: string }
  /**
   * What belongs to one organisation: its tokens, its audit rows, and (with `nid`) one of its
   * prefixes in that namespace.
   */
  | { kind: "organisation"; organisation: string; nid?: string };

export const REGISTRY: Scope = { kind: "registry" };

/** The namespace `nid` (null: the registry as a whole), e.g. the one a token is limited to. */
export function namespaceScope(nid: string | null): Scope {
  return nid === null ? REGISTRY : { kind: "namespace", nid };
}

function forbidden(code: string, detail: string, extra: Record<string, unknown> = {}) {
  return new Refusal("forbidden", code, detail, extra);
}

/** The refusal of `token` acting with `role` on `scope`; null when it may. */
export function refusal(token: TokenInfo, role: Role, scope: Scope): Refusal | null {
  const nid = scope.kind === "registry" ? null : (scope.nid?.toLowerCase() ?? null);
  const limited = roleOrNamespaceRefusal(token, role, nid);
  if (limited !== null) return limited;
  if (token.organisation === null) return null;
  if (scope.kind === "organisation" && scope.organisation === token.organisation) return null;
  return forbidden(
    "other-organisation",
    scope.kind === "organisation"
      ? `this belongs to organisation "${scope.organisation}"; the token acts for "${token.organisation}"`
      : `the token acts for organisation "${token.organisation}"; this needs ${role === "admin" ? "an administrator" : "a token"} of the registry${scope.kind === "namespace" ? ` or of namespace "${nid}"` : ""}`,
    {
      organisation: scope.kind === "organisation" ? scope.organisation : null,
      tokenOrganisation: token.organisation,
    },
  );
}

/** 403 unless `token` may act with `role` on `scope`. */
export function authorize(token: TokenInfo, role: Role, scope: Scope): void {
  const problem = refusal(token, role, scope);
  if (problem !== null) throw problem;
}

/** True when `token` may act with `role` on `scope` (what a page offers). */
export function may(token: TokenInfo, role: Role, scope: Scope): boolean {
  return refusal(token, role, scope) === null;
}

/** The refusal of a token below `role`, or limited to another namespace than `nid` (null: none). */
function roleOrNamespaceRefusal(token: TokenInfo, role: Role, nid: string | null): Refusal | null {
  if (RANK[token.role] < RANK[role])
    return forbidden("forbidden", `this needs the ${role} role; the token is ${token.role}`);
  if (token.namespace !== null && nid !== token.namespace)
    return forbidden(
      "out-of-scope",
      nid === null
        ? `the token is limited to namespace "${token.namespace}"; this needs an unscoped token`
        : `the token is limited to namespace "${token.namespace}", not "${nid}"`,
    );
  return null;
}

/**
 * 403 unless `token` has at least `role` and its namespace limit covers `nid`; `nid` null needs a
 * token without a namespace limit. The organisation is checked where the owner of what is written
 * is known (organisation-scope.ts).
 */
export function permit(token: TokenInfo, role: Role, nid: string | null): void {
  const problem = roleOrNamespaceRefusal(token, role, nid?.toLowerCase() ?? null);
  if (problem !== null) throw problem;
}

/** The scope of whatever a token grants or revokes: its organisation's, else the registry's. */
export function scopeOfToken(grant: { organisation?: string | null }): Scope {
  return grant.organisation == null
    ? REGISTRY
    : { kind: "organisation", organisation: grant.organisation };
}

/**
 * The part of the registry's tokens and audit rows `token` may read: all of it for the
 * registry's administrators, one organisation's for that organisation's administrators.
 */
export function readableOrganisation(token: TokenInfo): string | null {
  authorize(token, "admin", scopeOfToken(token));
  return token.organisation;
}
