// API bearer tokens (RFC 6750): 32 random bytes shown once; only their SHA-256 is stored.

import { createHash, randomBytes } from "node:crypto";
import type { Actor } from "../storage/audit.js";
import type { Store } from "../storage/store.js";
import type { Role, TokenInfo } from "../storage/tokens.js";

export const ROLES: readonly Role[] = ["admin", "registrar", "reader"];

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface TokenGrant {
  role: Role;
  namespace?: string | null;
  organisation?: string | null;
  label?: string | null;
}

/** Creates a token and returns it in clear (the only time it exists in clear) with its row. */
export async function issueToken(
  store: Pick<Store, "tokens">,
  grant: TokenGrant,
  actor: Actor,
): Promise<{ token: string; info: TokenInfo }> {
  return issueKnownToken(store, `urnkit_${randomBytes(32).toString("base64url")}`, grant, actor);
}

/**
 * Creates a token whose secret is `token`, chosen by the caller: for a throwaway registry with
 * known credentials (`urnkit sandbox`), never for one that keeps anything.
 */
export async function issueKnownToken(
  store: Pick<Store, "tokens">,
  token: string,
  grant: TokenGrant,
  actor: Actor,
): Promise<{ token: string; info: TokenInfo }> {
  const info = await store.tokens.create(
    {
      hash: hashToken(token),
      role: grant.role,
      namespace: grant.namespace ?? null,
      organisation: grant.organisation ?? null,
      label: grant.label ?? null,
    },
    actor,
  );
  return { token, info };
}
