// Errors as the DNB URN-Service API v2 sends them: a JSON object with the HTTP `status`, a
// six-digit `code` (the status × 1000 + a number: 404001), a short `message`, the reason in
// `developerMessage` (what Goobi, SONAR and MyCoRe read) and `moreInfo`; `urnkitCode` adds the
// registry's own code for the refusal. Every failure under the API's base paths is answered
// here, never as urnkit's problem+json and never as a page.

import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { toProblem } from "../../http/error-handler.js";

export interface DnbErrorBody {
  status: number;
  code: number;
  message: string;
  developerMessage: string;
  moreInfo: null;
  urnkitCode: string;
}

/** The short message of each status. */
const MESSAGES: Record<number, string> = {
  400: "Bad request",
  401: "Authentication required",
  403: "Not allowed",
  404: "Not found",
  405: "Method not allowed",
  409: "Conflict",
  413: "Request too large",
  414: "URI too long",
  415: "Unsupported content type",
  500: "Internal error",
  503: "Service unavailable",
};

/**
 * The number after the status in `code`, where the DNB's documents give one: 400001 a malformed
 * request, 400004 a bad query parameter, 400005 a required field missing, 400007 a field's value
 * invalid, 400009 an organisation not found, 400010 a URN or URL its namespace's policies refuse;
 * 409001 a URN registered already, 409002 a URL registered to another URN, 409003 a state that
 * refuses the change. Anything else is n = 1.
 */
function detailNumber(
  status: number,
  urnkitCode: string,
  missingField: boolean,
  namesField: boolean,
): number {
  if (status === 400) {
    if (missingField) return 5;
    if (/^bad-(offset|count|limit)$/.test(urnkitCode)) return 4;
    if (urnkitCode === "unknown-organisation" || urnkitCode === "inactive-organisation") return 9;
    if (urnkitCode === "dnb-policy") return 10;
    if (urnkitCode === "invalid-json") return 1;
    if (namesField || urnkitCode.startsWith("invalid-")) return 7;
    return 1;
  }
  if (status === 409) {
    if (urnkitCode === "already-registered") return 1;
    if (urnkitCode === "url-registered") return 2;
    return 3;
  }
  return 1;
}

/** The refusals urnkit answers 422 (a rule of the namespace or prefix): the DNB says 400. */
const POLICY_CODES =
  /^(invalid-urn|naming-policy|url-policy|namespace-not-served|reason-required|self-successor|organisation-required)$/;

/** The DNB error body and status for any failure, with urnkit's own header fields. */
export function dnbError(error: unknown): { body: DnbErrorBody; headers: Record<string, string> } {
  const { body, headers } = toProblem(error);
  let status = body.status;
  let urnkitCode = body.code;
  // A frozen record is one with a successor: the DNB refuses changes to its URLs as not allowed.
  if (urnkitCode === "tombstone-frozen") status = 403;
  else if (status === 422) {
    status = 400;
    if (POLICY_CODES.test(urnkitCode) || urnkitCode.endsWith("-policy")) urnkitCode = "dnb-policy";
  }
  const errors = (body as { errors?: { message?: string }[] }).errors;
  const missing =
    body.code === "invalid-request" &&
    (error as FastifyError & { validation?: { keyword: string }[] }).validation?.[0]?.keyword ===
      "required";
  const developerMessage =
    errors !== undefined && errors.length > 0 && !body.detail.includes(errors[0]?.message ?? "")
      ? `${body.detail}: ${errors.map((e) => e.message).join("; ")}`
      : body.detail;
  return {
    body: {
      status,
      code: status * 1000 + detailNumber(status, urnkitCode, missing, (errors ?? []).length > 0),
      message: MESSAGES[status] ?? "Error",
      developerMessage,
      moreInfo: null,
      urnkitCode: body.code,
    },
    headers,
  };
}

/** Sends `error` as a DNB error (the API's error and not-found handler). */
export function sendDnbError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
): FastifyReply {
  const { body, headers } = dnbError(error);
  if (body.status >= 500) request.log.error({ err: error }, "DNB API request failed");
  return reply
    .code(body.status)
    .headers({ ...headers, "cache-control": "no-store" })
    .type("application/json; charset=utf-8")
    .send(JSON.stringify(body));
}
