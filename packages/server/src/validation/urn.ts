// URN text from outside (a request's path or query, a body's field, an import line, a harvested
// record) parsed once, where it arrives: everything past the boundary takes the parsed URN. A
// URN that names what a request acts on is malformed request (400, with the syntax error's code
// and position); a URN offered for registration is content the rules refuse (422 invalid-urn).

import { URN, type UrnSyntaxError } from "@urnkit/core";
import type { Limits } from "./limits.js";
import { Refusal } from "./refusal.js";
import { checkUrnLength } from "./urn-length.js";

/** The one parse of outside URN text: the URN, or the syntax error that refuses it. */
export function parseUrnText(text: string, limits: Limits): URN | UrnSyntaxError {
  checkUrnLength(text, limits);
  return URN.parse(text) ?? (URN.validate(text) as UrnSyntaxError);
}

/** A URN a request names (a path, a query, a successor); 400 with the syntax error otherwise. */
export function requestUrn(text: string, limits: Limits): URN {
  const parsed = parseUrnText(text, limits);
  if (parsed instanceof URN) return parsed;
  throw new Refusal("bad-request", parsed.code, parsed.message, {
    index: parsed.index,
    component: parsed.component,
  });
}

/** A URN offered for registration (a body, an import line, a harvest); 422 invalid-urn otherwise. */
export function registrationUrn(text: string, limits: Limits): URN {
  const parsed = parseUrnText(text, limits);
  if (parsed instanceof URN) return parsed;
  throw new Refusal("unprocessable", "invalid-urn", "not a URN", {
    issues: [
      { code: parsed.code, severity: "error", message: parsed.message, index: parsed.index },
    ],
  });
}
