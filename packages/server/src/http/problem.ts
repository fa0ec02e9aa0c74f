// Problem details for HTTP APIs (RFC 9457): every error this server sends is one of these.

import { STATUS_CODES } from "node:http";
import { Refusal, type RefusalKind } from "../validation/refusal.js";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** A stable machine-readable code (an extension member). */
  code: string;
  [extension: string]: unknown;
}

/** The HTTP status of each kind of refusal. */
const STATUS: Record<RefusalKind, number> = {
  "bad-request": 400,
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  "not-allowed": 405,
  "not-acceptable": 406,
  conflict: 409,
  "too-long": 414,
  "unsupported-media-type": 415,
  "expectation-failed": 417,
  unprocessable: 422,
  "not-implemented": 501,
  unavailable: 503,
};

const KIND_OF = new Map(Object.entries(STATUS).map(([kind, status]) => [status, kind]));

/**
 * A refusal the HTTP layer raises itself, with its exact status and header fields (a 401's
 * WWW-Authenticate, a 503's Retry-After); the error handler sends it as problem+json.
 */
export class HttpProblem extends Refusal {
  readonly statusCode: number;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    detail: string,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super((KIND_OF.get(status) ?? "bad-request") as RefusalKind, code, detail, extensions);
    this.statusCode = status;
    this.headers = headers;
  }
}

/** The HTTP status of a refusal. */
export function statusOf(refusal: Refusal): number {
  return refusal instanceof HttpProblem ? refusal.statusCode : STATUS[refusal.kind];
}

export function problem(
  status: number,
  code: string,
  detail: string,
  extensions: Record<string, unknown> = {},
): Problem {
  // "about:blank" says the title is the status phrase (RFC 9457 §4.2.1); `code` tells them apart.
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail,
    code,
    ...extensions,
  };
}

export const PROBLEM_TYPE = "application/problem+json";

/** JSON schema of a problem body, for route response schemas and the OpenAPI document. */
export const problemSchema = {
  type: "object",
  description: "RFC 9457 problem details",
  properties: {
    type: { type: "string" },
    title: { type: "string" },
    status: { type: "integer" },
    detail: { type: "string" },
    code: { type: "string" },
  },
  required: ["type", "title", "status", "detail", "code"],
  additionalProperties: true,
} as const;
