// The refusals of the validation layer: a kind, a stable code, and the field at fault as a JSON
// pointer (RFC 6901) into what was sent, so that an API client, a form and an import report can
// all say which field is wrong.

import { Refusal } from "./refusal.js";

export interface FieldError {
  /** JSON pointer to the field, e.g. "/locators/0/priority"; "" for the whole value. */
  path: string;
  message: string;
}

/** "bad-request" for a request target or query, "unprocessable" for content. */
export function invalid(
  kind: "bad-request" | "unprocessable",
  code: string,
  errors: FieldError[],
  extensions: Record<string, unknown> = {},
): Refusal {
  const first = errors[0] as FieldError;
  const where = first.path === "" ? "" : `${first.path}: `;
  return new Refusal(kind, code, `${where}${first.message}`, { errors, ...extensions });
}
