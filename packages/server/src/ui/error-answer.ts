// What a failed request answers when the client may be a browser (resolution, any path outside
// the API): the problem of http/error-handler.ts, as a page when the Accept header prefers HTML.
// fastify's error handler and the resolution fast path both answer through here.

import type { FastifyReply } from "fastify";
import { negotiate } from "../http/accept.js";
import type { Answer } from "../http/answer.js";
import { problemAnswer, toProblem } from "../http/error-handler.js";
import { PROBLEM_TYPE } from "../http/problem.js";
import { rawTarget } from "../http/raw-target.js";
import { htmlHeaders } from "../http/response-headers.js";
import { elsewhere, UnknownUrnProblem } from "../resolution/public-delegation.js";
import { isDatabaseUnavailable, unavailableReason } from "../storage/database-unavailable.js";
import { errorPage } from "./error-page.js";

/**
 * The problem response for a client that may be a browser (resolution, unknown paths): the same
 * status as a page when the Accept header prefers HTML, problem+json otherwise. `input` is the URN
 * the request named, if any, for the page to explain.
 */
export function negotiatedProblemAnswer(
  error: unknown,
  accept: string | undefined,
  input: string | null,
  writing = false,
): Answer {
  const { body, headers } = toProblem(error);
  const type = negotiate(accept, [PROBLEM_TYPE, "application/json", "text/html"]);
  if (type !== "text/html") {
    const answer = problemAnswer(error);
    answer.headers.vary = "Accept";
    return answer;
  }
  return {
    status: body.status,
    headers: htmlHeaders({ ...headers, "cache-control": "no-store", vary: "Accept" }),
    // Only a page offers public resolvers, so only a page looks them up.
    body: errorPage(
      body,
      input,
      error instanceof UnknownUrnProblem ? elsewhere(error.found) : [],
      writing,
    ),
  };
}

/**
 * The URN a request target names: the path of "/urn:…", the query of "/uri-res/…?urn:…" (not of
 * the L2x services, whose query is a URL).
 */
export function targetUrn(target: string): string | null {
  if (/^\/urn:/i.test(target)) return target.slice(1);
  if (target.startsWith("/uri-res/") && !target.startsWith("/uri-res/L2")) {
    const q = target.indexOf("?");
    return q < 0 ? null : target.slice(q + 1);
  }
  return null;
}

/**
 * Sends the problem for `error`: problem+json to the API, negotiated (a page for browsers)
 * everywhere else.
 */
export function sendProblem(reply: FastifyReply, error: unknown): FastifyReply {
  const target = rawTarget(reply.request);
  const { method } = reply.request;
  const answer = target.startsWith("/api/")
    ? problemAnswer(error)
    : negotiatedProblemAnswer(
        error,
        reply.request.headers.accept,
        targetUrn(target),
        method !== "GET" && method !== "HEAD",
      );
  // An unreachable database fails every request alike: one line each, without the stack.
  if (isDatabaseUnavailable(error))
    reply.log.warn({ reason: unavailableReason(error) }, "database unavailable");
  else if (answer.status >= 500) reply.log.error({ err: error }, "request failed");
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}
