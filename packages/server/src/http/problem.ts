// Problem details for HTTP APIs (RFC 9457): every error this server sends is one of these.

import { STATUS_CODES } from "node:http";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  /** A stable machine-readable code (an extension member). */
  code: string;
  [extension: string]: unknown;
}

/** Thrown by handlers; the error handler turns it into an application/problem+json response. */
export class HttpProblem extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly extensions: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    detail: string,
    extensions: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(detail);
    this.statusCode = status;
    this.code = code;
    this.extensions = extensions;
    this.headers = headers;
  }
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
