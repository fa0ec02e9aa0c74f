// One place that turns every failure into RFC 9457 problem details: handler problems, schema
// validation, body parsing and size limits, router errors, and broken HTTP before routing. The
// page a browser gets instead is the web UI's (ui/error-answer.ts).

import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorObject } from "ajv";
import type { FastifyError } from "fastify";
import { isDatabaseUnavailable } from "../storage/database-unavailable.js";
import { fieldErrors } from "../validation/ajv.js";
import { Refusal } from "../validation/refusal.js";
import type { Answer } from "./answer.js";
import { databaseUnavailable } from "./database-unavailable.js";
import { HttpProblem, PROBLEM_TYPE, problem, statusOf } from "./problem.js";

const FASTIFY_CODES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, "body-too-large"],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, "unsupported-media-type"],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, "bad-content-length"],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, "empty-body"],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, "invalid-json"],
  FST_ERR_BAD_URL: [400, "bad-url"],
  FST_ERR_VALIDATION: [400, "invalid-request"],
};

/** The problem for `error`, and the header fields to send with it. */
export function toProblem(error: unknown): {
  body: ReturnType<typeof problem>;
  headers: Record<string, string>;
} {
  if (error instanceof Refusal)
    return {
      body: problem(statusOf(error), error.code, error.message, error.extensions),
      headers: error instanceof HttpProblem ? error.headers : {},
    };
  const e = error as FastifyError & { validation?: ErrorObject[]; validationContext?: string };
  if (Array.isArray(e.validation)) {
    const errors = fieldErrors(e.validation);
    const first = errors[0];
    const where = `${e.validationContext ?? "request"}${first?.path ?? ""}`;
    return {
      body: problem(400, "invalid-request", `${where}: ${first?.message ?? "is not valid"}`, {
        errors,
        in: e.validationContext === "params" ? "path" : e.validationContext,
      }),
      headers: {},
    };
  }
  const known = e.code === undefined ? undefined : FASTIFY_CODES[e.code];
  if (known) return { body: problem(known[0], known[1], e.message), headers: {} };
  if (e instanceof SyntaxError && e.statusCode === 400)
    return { body: problem(400, "invalid-json", e.message), headers: {} };
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  const status =
    typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500
      ? e.statusCode
      : 500;
  if (status < 500) return { body: problem(status, "bad-request", e.message), headers: {} };
  return {
    body: problem(500, "internal-error", "the server failed; the log has the details"),
    headers: {},
  };
}

/** The whole problem response for `error`. */
export function problemAnswer(error: unknown): Answer {
  const { body, headers } = toProblem(error);
  return {
    status: body.status,
    headers: {
      ...headers,
      "cache-control": "no-store",
      "content-type": `${PROBLEM_TYPE}; charset=utf-8`,
    },
    body: JSON.stringify(body),
  };
}

/** For errors node's HTTP parser raises before fastify sees a request. */
export function clientErrorHandler(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  let status = 400;
  let code = "bad-request";
  let detail = "the request is not valid HTTP/1.1";
  if (error.code === "HPE_HEADER_OVERFLOW") {
    const raw = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString("latin1") : "";
    const eol = raw.indexOf("\n");
    // A request line that never ended (or ended late) is a long target, not long headers.
    if (eol < 0 || eol > 8192) {
      status = 414;
      code = "uri-too-long";
      detail = "the request target is too long (URNs here are at most 8 KB)";
    } else {
      status = 431;
      code = "headers-too-large";
      detail = "the request header fields are too large";
    }
  } else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    status = 408;
    code = "request-timeout";
    detail = "the request took too long to arrive";
  }
  const body = JSON.stringify(problem(status, code, detail));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: ${PROBLEM_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
