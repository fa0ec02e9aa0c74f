// The command line acts on the database directly, as the registry's operator: a server-wide admin
// that is no token. The registry actions take it like any token, so its writes pass the same
// validation and rules, and their audit rows name no token (as first-start seeding does).

import type { Actor } from "../storage/audit.js";
import type { TokenInfo } from "../storage/tokens.js";

/** Token ids start at 1 on both engines: id 0 is no stored token. */
export const OPERATOR: TokenInfo = {
  id: 0,
  role: "admin",
  namespace: null,
  organisation: null,
  label: "command line",
  created: "",
};

/** The audit actor of a write made with `token`. */
export function actorOf(token: TokenInfo): Actor {
  const tokenId = token.id === OPERATOR.id ? null : token.id;
  return token.channel === undefined ? { tokenId } : { tokenId, channel: token.channel };
}
