// API tokens and the audit log, shared by the JSON API, the admin page and the command line. The
// registry's administrators grant, list and revoke every token and read the whole audit log; an
// organisation's administrator does so for its own organisation only (access.ts). A token is
// returned in clear once, when it is created.

import type { AuditEntry, AuditQuery } from "../storage/audit.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo, TokenListing } from "../storage/tokens.js";
import { Refusal } from "../validation/refusal.js";
import type { TokenGrant } from "../validation/token.js";
import { authorize, readableOrganisation, scopeOfToken } from "./access.js";
import { actorOf } from "./operator.js";
import { liveOrganisation } from "./organisation-scope.js";
import { issueToken } from "./tokens.js";

export async function createToken(
  store: Pick<Store, "tokens" | "namespaces" | "organisations">,
  admin: TokenInfo,
  grant: TokenGrant,
): Promise<{ token: string; info: TokenInfo }> {
  authorize(admin, "admin", scopeOfToken(admin));
  authorize(admin, "admin", scopeOfToken(grant));
  if (grant.namespace && (await store.namespaces.get(grant.namespace)) === null)
    throw new Refusal(
      "unprocessable",
      "unknown-namespace",
      `namespace "${grant.namespace}" is not served here`,
    );
  if (grant.organisation) await liveOrganisation(store, grant.organisation);
  return issueToken(store, grant, actorOf(admin));
}

/** The tokens `admin` may see: every one, or its organisation's. */
export async function listTokens(
  store: Pick<Store, "tokens">,
  admin: TokenInfo,
): Promise<TokenListing[]> {
  const organisation = readableOrganisation(admin);
  const tokens = await store.tokens.list();
  return organisation === null ? tokens : tokens.filter((t) => t.organisation === organisation);
}

/** Revokes a live token `admin` may manage; 404 for one that is not live or not there. */
export async function revokeToken(
  store: Pick<Store, "tokens">,
  admin: TokenInfo,
  id: number,
): Promise<TokenInfo> {
  authorize(admin, "admin", scopeOfToken(admin));
  const target = Number.isSafeInteger(id) ? await store.tokens.get(id) : null;
  if (target === null || target.revoked !== null)
    throw new Refusal("not-found", "unknown-token", `there is no live token ${id}`);
  authorize(admin, "admin", scopeOfToken(target));
  const revoked = await store.tokens.revoke(id, actorOf(admin));
  if (revoked === null)
    throw new Refusal("not-found", "unknown-token", `there is no live token ${id}`);
  return revoked;
}

/** The audit rows `admin` may read: all, or those of its organisation (AuditQuery.organisation). */
export async function readAudit(
  store: Pick<Store, "audit">,
  admin: TokenInfo,
  limit: number,
  query: Omit<AuditQuery, "organisation">,
): Promise<AuditEntry[]> {
  const organisation = readableOrganisation(admin);
  return store.audit.list(limit, organisation === null ? query : { ...query, organisation });
}
