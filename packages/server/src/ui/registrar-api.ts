// Registrar writes from the web UI go through the JSON API itself (an in-process request with the
// session's bearer token, RFC 6750 §2.1), so a form can do exactly what the API allows and
// nothing else: the same validation, namespace rules, scope checks, audit rows and errors.

import type { FastifyInstance } from "fastify";
import type { Session } from "./session.js";

export interface ApiResult {
  status: number;
  /** The parsed JSON body: the record on success, an RFC 9457 problem otherwise. */
  body: Record<string, unknown>;
}

/** A problem's detail and its issues' messages, for showing under a form. */
export function problemText(result: ApiResult): string {
  const detail = typeof result.body.detail === "string" ? result.body.detail : "";
  const issues = Array.isArray(result.body.issues) ? result.body.issues : [];
  const messages = issues
    .map((i) => (typeof i?.message === "string" ? i.message : ""))
    .filter((m) => m !== "" && m !== detail);
  return [detail, ...messages].join(" — ");
}

export async function callApi(
  app: FastifyInstance,
  session: Session,
  method: "POST" | "PATCH",
  url: string,
  payload: Record<string, unknown> | null,
): Promise<ApiResult> {
  const response = await app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${session.bearer ?? ""}`,
      ...(payload === null ? {} : { "content-type": "application/json" }),
    },
    ...(payload === null ? {} : { payload: JSON.stringify(payload) }),
  });
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    body = { detail: `the API answered ${response.statusCode}` };
  }
  return { status: response.statusCode, body };
}
