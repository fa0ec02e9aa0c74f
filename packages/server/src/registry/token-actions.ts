// Creating an API token, shared by POST /api/v1/tokens and the admin page: a server-wide admin
// grants a role, optionally limited to a namespace served here or acting for an active
// organisation. The token is returned in clear this once.

import { permit } from "../http/auth.js";
import { HttpProblem } from "../http/problem.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import { checkTokenBody } from "../validation/token.js";
import { actorOf } from "./operator.js";
import { liveOrganisation, serverWide } from "./organisation-scope.js";
import { issueToken } from "./tokens.js";

export async function createToken(
  store: Store,
  admin: TokenInfo,
  body: unknown,
): Promise<{ token: string; info: TokenInfo }> {
  permit(admin, "admin", null);
  serverWide(admin);
  const grant = checkTokenBody(body);
  if (grant.namespace && (await store.namespaces.get(grant.namespace)) === null)
    throw new HttpProblem(
      422,
      "unknown-namespace",
      `namespace "${grant.namespace}" is not served here`,
    );
  if (grant.organisation) await liveOrganisation(store, grant.organisation);
  return issueToken(store, grant, actorOf(admin));
}
