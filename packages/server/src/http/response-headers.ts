// Header fields every answer of a kind carries, whichever pipeline sends it: fastify (through a
// hook or `sendAnswer`) or the resolution fast path (routes/resolution/fast-path.ts). Defined
// once here.

import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** Same-origin everything; no inline script or style, so injected markup cannot run. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** Every HTML answer: the UI's pages, the tombstone page, a metadata page. */
export const HTML_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "same-origin",
};

export const HTML_TYPE = "text/html; charset=utf-8";

/** The header fields of an HTML answer with `headers` besides. */
export function htmlHeaders(headers: Record<string, string>): Record<string, string> {
  return { ...headers, ...HTML_HEADERS, "content-type": HTML_TYPE };
}

/** A client's X-Request-Id worth echoing: short, and only characters safe in a log line. */
const CLIENT_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** This process's part of every id it makes: 96 random bits, so no two processes share it. */
const PROCESS_ID = randomBytes(12).toString("base64url");
let issued = 0;

/**
 * The request's id, answered in X-Request-Id and logged: the client's own when it sent a safe
 * one (a proxy's id ties the logs together), otherwise this process's random part and a count,
 * unique across processes and restarts (and cheaper per request than a random UUID).
 */
export function requestId(request: IncomingMessage): string {
  const sent = request.headers["x-request-id"];
  if (typeof sent === "string" && CLIENT_ID.test(sent)) return sent;
  issued += 1;
  // Joined rather than concatenated: a flat string, which node's header check reads directly,
  // where a concatenation would be flattened in V8's slow path on every answer.
  return [PROCESS_ID, issued.toString(36)].join("-");
}
