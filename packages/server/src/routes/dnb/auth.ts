// Who calls the DNB API. Its clients send HTTP Basic on every request, GET and HEAD included,
// without waiting for a challenge: the user is the organisation's id (the DNB's login), the
// password an urnkit token of that organisation. A bearer token works too. The caller acts for
// the token's organisation, and its writes are audited with the "dnb" channel.
//
// Bad credentials (an unknown or revoked token, a token of another organisation than the user
// named) are 403 (code 403001), as the DNB's live service answers them (ULB Münster's tests
// against it record 403 on my-urls); missing ones on a resource that needs them are 401 (401001)
// with a Basic challenge. Resources anyone may read (a URN, its URLs, namespaces, lists) ignore
// credentials, as the DNB documents, so a public read never fails on them. A resource that needs
// them checks them in its onRequest hook, before its body is read, parsed or validated: a caller
// without good credentials learns that, never what the body should have been (as on urnkit's own
// API, http/auth.ts).

import type { FastifyRequest, onRequestHookHandler } from "fastify";
import { HttpProblem } from "../../http/problem.js";
import { hashToken } from "../../registry/tokens.js";
import type { Store } from "../../storage/store.js";
import type { TokenInfo } from "../../storage/tokens.js";

/** The caller of a request that needs one: its organisation, and its token for the actions. */
export interface DnbCaller {
  organisation: string;
  token: TokenInfo;
}

function badCredentials(detail: string): HttpProblem {
  return new HttpProblem(403, "bad-credentials", detail);
}

/** The user and password of a Basic header, or null when it is not one. */
function basicCredentials(header: string): { user: string; password: string } | null {
  const match = /^Basic +([A-Za-z0-9+/]+=*) *$/i.exec(header);
  if (match === null) return null;
  const text = Buffer.from(match[1] as string, "base64").toString("utf8");
  const colon = text.indexOf(":");
  return colon < 0 ? null : { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/**
 * The caller: 401 without credentials, 403 with credentials that are not an organisation's
 * token (for that organisation, when Basic names one).
 */
export async function dnbCaller(store: Store, request: FastifyRequest): Promise<DnbCaller> {
  const header = request.headers.authorization;
  if (header === undefined || header.trim() === "")
    throw new HttpProblem(
      401,
      "unauthorized",
      "this resource needs credentials: HTTP Basic, the organisation's id and an urnkit token of it",
      {},
      { "www-authenticate": 'Basic realm="urnkit DNB URN-Service API", charset="UTF-8"' },
    );
  let secret: string;
  let user: string | null = null;
  const bearer = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  if (bearer !== null) secret = bearer[1] as string;
  else {
    const basic = basicCredentials(header);
    if (basic === null)
      throw badCredentials("the Authorization header is neither HTTP Basic nor a bearer token");
    secret = basic.password;
    user = basic.user;
  }
  if (secret.length > 1024) throw badCredentials("the credentials are not valid");
  const token = await store.tokens.find(hashToken(secret));
  if (token === null) throw badCredentials("the credentials are not valid");
  if (token.organisation === null)
    throw badCredentials(
      "the DNB API acts for an organisation: use a token of one (this token has none)",
    );
  if (user !== null && user !== token.organisation)
    throw badCredentials(`the token is not one of organisation "${user.slice(0, 100)}"`);
  return { organisation: token.organisation, token: { ...token, channel: "dnb" } };
}

/** The onRequest hook of a resource that needs a caller: the caller's token on `request.token`. */
export function dnbCallerHook(store: Store): onRequestHookHandler {
  return async (request) => {
    const caller = await dnbCaller(store, request);
    request.token = { ...caller.token, organisation: caller.organisation };
  };
}

/** The caller the route's hook authenticated: its token, for the registry's actions. */
export function dnbCallerOf(request: FastifyRequest): TokenInfo & { organisation: string } {
  const token = request.token;
  // Only a route without the hook gets here without a token of an organisation.
  if (token == null || token.organisation === null)
    throw new Error("a DNB resource that needs a caller has the caller hook");
  return { ...token, organisation: token.organisation };
}
