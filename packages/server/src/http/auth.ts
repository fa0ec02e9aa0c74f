// Bearer-token authentication (RFC 6750 §3): 401 for a missing or unknown token. What a token may
// do is decided by the registry (registry/access.ts). A route whose schema declares the bearer
// scheme is authenticated in its onRequest hook, before its body is read or validated: a client
// without a valid token learns only that, never what the body should have been.

import type { FastifyRequest, onRequestHookHandler, RouteOptions } from "fastify";
import { hashToken } from "../registry/tokens.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import { HttpProblem } from "./problem.js";

function unauthorized(detail: string, error: string): HttpProblem {
  return new HttpProblem(
    401,
    "unauthorized",
    detail,
    {},
    { "www-authenticate": `Bearer realm="urnkit", error="${error}"` },
  );
}

/** The request's token: 401 when it is missing, not a bearer token, or unknown. */
export async function authenticate(store: Store, request: FastifyRequest): Promise<TokenInfo> {
  const header = request.headers.authorization;
  if (header === undefined)
    throw unauthorized("this request needs a bearer token", "invalid_request");
  const match = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header);
  if (match === null)
    throw unauthorized("the Authorization header is not a bearer token", "invalid_request");
  const token = await store.tokens.find(hashToken(match[1] as string));
  if (token === null) throw unauthorized("the bearer token is not valid", "invalid_token");
  return token;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The bearer token of a route that declares `security: [{ bearer: [] }]`. */
    token: TokenInfo | null;
  }
}

/** True when the route's schema declares the bearer scheme. */
export function declaresBearer(route: RouteOptions): boolean {
  const security = (route.schema as { security?: Record<string, unknown>[] } | undefined)?.security;
  return security?.some((s) => "bearer" in s) ?? false;
}

/** The onRequest hook of such routes. */
export function bearerHook(store: Store): onRequestHookHandler {
  return async (request) => {
    request.token = await authenticate(store, request);
  };
}

/** The token the route's bearer hook authenticated. */
export function tokenOf(request: FastifyRequest): TokenInfo {
  if (request.token == null)
    throw unauthorized("this request needs a bearer token", "invalid_request");
  return request.token;
}
