// The refusals of the validation layer: a status, a stable code, and the field at fault as a JSON
// pointer (RFC 6901) into what was sent, so that an API client, a form and an import report can
// all say which field is wrong.

import { HttpProblem } from "../http/problem.js";

export interface FieldError {
  /** JSON pointer to the field, e.g. "/locators/0/priority"; "" for the whole value. */
  path: string;
  message: string;
}

/** 400 for a request target or query, 422 for content. */
export function invalid(
  status: 400 | 422,
  code: string,
  errors: FieldError[],
  extensions: Record<string, unknown> = {},
): HttpProblem {
  const first = errors[0] as FieldError;
  const where = first.path === "" ? "" : `${first.path}: `;
  return new HttpProblem(status, code, `${where}${first.message}`, { errors, ...extensions });
}
