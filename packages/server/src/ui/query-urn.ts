// The URN in a UI query string (`/inspect?urn=…`). A browser form sends it
// application/x-www-form-urlencoded (HTML §4.10.21.8: ":" becomes %3A, a space "+"), so a value
// without a literal ":" is decoded as a form value; a URN typed into the address bar keeps its
// ":" and is taken verbatim to the end of the target (a URN may hold "&"), its own
// percent-encoding untouched (RFC 8141 §3.1 never decodes).

import type { FastifyRequest } from "fastify";
import type { Limits } from "../http/context.js";
import { rawTarget } from "../http/raw-target.js";
import { checkUrnLength } from "../validation/urn-length.js";

export function queryUrn(request: FastifyRequest, limits: Limits): string | null {
  const target = rawTarget(request);
  const mark = target.indexOf("?");
  if (mark < 0) return null;
  const query = target.slice(mark + 1);
  const at = `&${query}`.indexOf("&urn=");
  if (at < 0) return null;
  const rest = query.slice(at + 4);
  const value = rest.includes(":") ? rest : (new URLSearchParams(query).get("urn") ?? "");
  checkUrnLength(value, limits);
  // Pasted text often brings a space or line break along; no URN contains whitespace.
  return value.trim();
}
