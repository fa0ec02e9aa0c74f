// API bearer tokens (RFC 6750): 32 random bytes shown once; only their SHA-256 is stored.

import { createHash, randomBytes } from "node:crypto";
import type { Actor } from "../storage/audit.js";
import type { Store } from "../storage/store.js";
import type { Role, TokenInfo } from "../storage/tokens.js";

export const ROLES: readonly Role[] = ["admin", "registrar", "reader"];

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Creates a token and returns it in clear (the only time it exists in clear) with its row. */
export async function issueToken(
  store: Pick<Store, "tokens">,
  grant: {
    role: Role;
    namespace?: string | null;
    organisation?: string | null;
    label?: string | null;
  },
  actor: Actor,
): Promise<{ token: string; info: TokenInfo }> {
  const token = `urnkit_${randomBytes(32).toString("base64url")}`;
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
