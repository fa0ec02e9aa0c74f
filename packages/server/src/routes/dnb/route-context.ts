// What every route file of the DNB API is given, and what its handlers share: the server's
// context, the base path the routes are mounted under, the URN of a path parsed once, the
// caller of a request that needs one (authenticated before its body is read).

import type { URN } from "@urnkit/core";
import type { FastifyRequest, FastifySchema, onRequestHookHandler } from "fastify";
import type { ServerContext } from "../../http/context.js";
import { requestUrn } from "../../validation/urn.js";
import { dnbCallerHook } from "./auth.js";
import { baseUrl } from "./representation.js";

export interface DnbRouteOptions {
  ctx: ServerContext;
  /** The base path, "/v2/" say. */
  base: string;
}

/** Route options every DNB route shares: left out of urnkit's OpenAPI document (another API). */
export const DNB_SCHEMA = { hide: true, tags: ["dnb"] } as FastifySchema & {
  hide: true;
  tags: string[];
};

/** The URN of a path parameter (the router has undone the canonical percent-encoding). */
export function paramUrn(ctx: ServerContext, request: FastifyRequest): URN {
  return requestUrn((request.params as { urn: string }).urn, ctx.limits);
}

/**
 * Route options of a resource that needs a caller: its credentials are checked in onRequest,
 * before the body is read (401 or 403 whatever the body holds); dnbCallerOf gives the caller.
 */
export function needsCaller(ctx: ServerContext): { onRequest: onRequestHookHandler } {
  return { onRequest: dnbCallerHook(ctx.store) };
}

/** The absolute base URL of the request, for links. */
export function linkBase(request: FastifyRequest, base: string): string {
  return baseUrl(request, base);
}

/** The query parameters as sent (no schema: DNB clients may add runas, q, sortby). */
export function queryOf(request: FastifyRequest): { offset?: string; count?: string } {
  const query = request.query as Record<string, unknown>;
  const text = (name: string) => (typeof query[name] === "string" ? query[name] : undefined);
  return { offset: text("offset"), count: text("count") };
}
