// The request target exactly as received (RFC 9112 §3.2), never percent-decoded: a URN's
// percent-encoding is part of its identity (RFC 8141 §3.1).

import type { FastifyRequest } from "fastify";
import { checkUrnLength } from "../validation/urn-length.js";
import type { Limits } from "./context.js";
import { HttpProblem } from "./problem.js";

/** The target as the client sent it, before `routableTarget` rewrote it for the router. */
export function rawTarget(request: FastifyRequest): string {
  const raw = request.raw as typeof request.raw & { originalUrl?: string };
  return raw.originalUrl ?? raw.url ?? "/";
}

/**
 * fastify's `rewriteUrl`: the target the router sees. The router percent-decodes path parameters
 * as UTF-8 and refuses a target it cannot decode, but a URN may hold any percent-encoded octet
 * (`urn:example:bin-%FF` is valid RFC 8141), and every route that takes a URN reads it from the raw
 * target anyway. So when the path does not decode, its "%" signs are escaped for the router only;
 * `rawTarget` still gives what was sent.
 */
export function routableTarget(request: { url?: string }): string {
  const url = request.url ?? "/";
  if (!url.includes("%")) return url;
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  try {
    decodeURIComponent(path);
    return url;
  } catch {
    return path.replaceAll("%", "%25") + (query < 0 ? "" : url.slice(query));
  }
}

/**
 * A URN carried in a path segment or a query value, as-is ("urn:…", never decoded) or
 * percent-encoded once by a client's URL encoder ("urn%3A…", decoded once).
 */
export function urnFromText(text: string, limits: Limits): string {
  checkUrnLength(text, limits);
  if (!/^urn%3a/i.test(text)) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    throw new HttpProblem(
      400,
      "bad-percent-encoding",
      "the encoded URN is not valid percent-encoding",
    );
  }
}

/** The URN in the raw path after `prefix` (e.g. "/api/v1/urns/"), up to the query. */
export function urnFromPath(request: FastifyRequest, prefix: string, limits: Limits): string {
  const target = rawTarget(request);
  const query = target.indexOf("?");
  return urnFromText(target.slice(prefix.length, query < 0 ? undefined : query), limits);
}

/** The URN in the raw query after `name=`: the rest of the target, since a URN may hold "&". */
export function urnFromQuery(request: FastifyRequest, name: string, limits: Limits): string | null {
  const target = rawTarget(request);
  const query = target.indexOf("?");
  if (query < 0) return null;
  const at = `&${target.slice(query + 1)}`.indexOf(`&${name}=`);
  if (at < 0) return null;
  return urnFromText(target.slice(query + 1 + at + name.length + 1), limits);
}
