// GET and HEAD of "/urn:…" answered in node's request listener, ahead of fastify's routing, hooks
// and request/reply objects. Resolution is most of a resolver's traffic, and fastify's own work
// per request costs about as much as the database lookup (see the package README's benchmark).
// On embedded SQLite, whose reads need no waiting, a redirect is even sent within the request
// event, as a bare node:http server would send it.
// The answers are the route's: both come from the same lookup and answer(), and the fast path's
// tests compare the two on every kind of answer. Everything else goes to fastify, as does a
// resolution while the server is closing (fastify answers 503) or while requests are logged, and
// a failure that is not a problem detail (fastify logs it and answers 500).

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { FastifyServerFactory } from "fastify";
import type { Answer } from "../../http/answer.js";
import type { ServerContext } from "../../http/context.js";
import { problemAnswer } from "../../http/error-handler.js";
import { RESOLUTION_LABEL } from "../../http/metrics.js";
import { HttpProblem } from "../../http/problem.js";
import { requestId } from "../../http/response-headers.js";
import { isDatabaseUnavailable } from "../../storage/database-unavailable.js";
import { negotiatedProblemAnswer } from "../../ui/error-answer.js";
import { Refusal } from "../../validation/refusal.js";
import { type Asked, askedBy } from "./answer.js";
import { resolveTarget, resolveTargetNow } from "./routes.js";

/**
 * A resolution target: "/urn:" in any case, as the route's paths are (RFC 3986 §3.1). Compared
 * code by code: asked of every request, where a regular expression costs more than the rest of
 * the test.
 */
function isUrnPath(target: string): boolean {
  return (
    target.length >= 5 &&
    target.charCodeAt(0) === 0x2f && // "/"
    (target.charCodeAt(1) | 0x20) === 0x75 && // "u" or "U"
    (target.charCodeAt(2) | 0x20) === 0x72 && // "r" or "R"
    (target.charCodeAt(3) | 0x20) === 0x6e && // "n" or "N"
    target.charCodeAt(4) === 0x3a // ":"
  );
}

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

function send(
  ctx: ServerContext,
  request: IncomingMessage,
  response: ServerResponse,
  answer: Answer,
  started: number,
): void {
  const body = answer.body ?? "";
  // A 304 has no content and, as from fastify, no Content-Length.
  if (answer.status !== 304)
    answer.headers["content-length"] = body === "" ? "0" : String(Buffer.byteLength(body));
  answer.headers["x-request-id"] = requestId(request);
  response.writeHead(answer.status, answer.headers);
  // Node sends no body for HEAD (nor for 304) whatever end() is given.
  response.end(body);
  const method = request.method as string;
  ctx.metrics.request(
    method,
    RESOLUTION_LABEL,
    answer.status,
    (performance.now() - started) / 1000,
  );
}

/** A problem answered outside fastify (node's own refusals). */
function sendProblem(response: ServerResponse, problem: HttpProblem): void {
  const answer = problemAnswer(problem);
  response.writeHead(answer.status, { ...answer.headers, connection: "close" });
  response.end(answer.body);
}

/**
 * A problem detail's answer (a page for a browser), or the 503 of an unreachable database (fastify
 * would only ask the database again); anything else is a failure, thrown on.
 */
function problemOnly(error: unknown, asked: Asked, target: string): Answer {
  if (error instanceof Refusal || isDatabaseUnavailable(error))
    return negotiatedProblemAnswer(error, asked.accept, target.slice(1));
  throw error;
}

/**
 * The answer for a target: at once when the store reads without waiting and the answer is not
 * built from the whole record, as a promise otherwise.
 */
function resolved(ctx: ServerContext, target: string, asked: Asked): Answer | Promise<Answer> {
  const reads = ctx.store.immediate;
  try {
    const result =
      reads === undefined
        ? resolveTarget(ctx, target, asked)
        : resolveTargetNow(ctx, reads, target, asked);
    return result instanceof Promise
      ? result.catch((error) => problemOnly(error, asked, target))
      : result;
  } catch (error) {
    return problemOnly(error, asked, target);
  }
}

/**
 * After anything but a problem detail (the store failing, a header node refuses), fastify answers
 * and logs it.
 */
function fallBack(fastify: Listener, request: IncomingMessage, response: ServerResponse): void {
  if (!response.headersSent) fastify(request, response);
  else response.destroy();
}

function fastPath(ctx: ServerContext, fastify: Listener, enabled: () => boolean): Listener {
  return (request, response) => {
    if (request.headers.host === undefined && request.httpVersion === "1.1")
      return sendProblem(
        response,
        new HttpProblem(
          400,
          "missing-host",
          "an HTTP/1.1 request needs a Host header (RFC 9112 §3.2)",
        ),
      );
    const target = request.url ?? "";
    const method = request.method;
    if ((method !== "GET" && method !== "HEAD") || !isUrnPath(target) || !enabled()) {
      fastify(request, response);
      return;
    }
    const started = performance.now();
    let result: Answer | Promise<Answer>;
    try {
      result = resolved(ctx, target, askedBy(request));
      // The usual case: answered in the request event itself, like a bare node:http server.
      if (!(result instanceof Promise)) return send(ctx, request, response, result, started);
    } catch {
      return fallBack(fastify, request, response);
    }
    result
      .then((answer) => send(ctx, request, response, answer, started))
      .catch(() => fallBack(fastify, request, response));
  };
}

/**
 * fastify's `serverFactory`: the node:http server fastify would create, with the fast path in
 * front of fastify's handler while `enabled()` says so.
 */
export function resolvingServer(ctx: ServerContext, enabled: () => boolean): FastifyServerFactory {
  return (handler, options) => {
    // Node's own refusals (no Host, an Expect it does not know) would be empty bodies: answered
    // here as problem details instead.
    const server = createServer({ requireHostHeader: false }, fastPath(ctx, handler, enabled));
    server.on("checkExpectation", (_request, response) =>
      sendProblem(
        response,
        new HttpProblem(
          417,
          "expectation-failed",
          'the only expectation understood is "100-continue"',
        ),
      ),
    );
    // A client that half-closes its side after sending the request still gets its answer, also
    // when the answer waits for the database (PostgreSQL) rather than being sent at once.
    // (`httpAllowHalfOpen` is node's own switch for this, not in its type definitions.)
    (server as typeof server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
    // What fastify does to the servers it creates itself (it has filled in these defaults).
    const o = options as Record<
      "keepAliveTimeout" | "requestTimeout" | "connectionTimeout" | "maxRequestsPerSocket",
      number
    >;
    server.keepAliveTimeout = o.keepAliveTimeout;
    server.requestTimeout = o.requestTimeout;
    server.setTimeout(o.connectionTimeout);
    if (o.maxRequestsPerSocket > 0) server.maxRequestsPerSocket = o.maxRequestsPerSocket;
    return server;
  };
}
