// Entry points to the grammars: a whole URN, or one part of one on its own.

import { errorValue, type UrnComponent, type UrnSyntax, UrnSyntaxError } from "../syntax-error.js";
import { Marks } from "./marks.js";
import { nss2141, urn2141 } from "./rfc2141.js";
import { fComponent, namestring, nid, nss, qComponent, rComponent } from "./rfc8141.js";

/** The one scratch record all scans write into (see Marks). */
const scratch = new Marks();

/** Scans a whole URN. The result is shared: read it before the next scan. */
export function scan(s: string, syntax: UrnSyntax): Marks {
  if (syntax === "rfc2141") urn2141(s, scratch);
  else namestring(s, scratch);
  return scratch;
}

/** The error a failed scan recorded, to throw. */
export function scanError(s: string, m: Marks, syntax: UrnSyntax): UrnSyntaxError {
  return new UrnSyntaxError(
    m.errorCode ?? "invalid-character",
    m.errorIndex,
    m.errorComponent,
    s,
    syntax,
  );
}

/** Scans a whole URN: null when it is one, else its error as a value without a stack trace. */
export function validationError(s: string, syntax: UrnSyntax): UrnSyntaxError | null {
  const m = scratch;
  if (syntax === "rfc2141" ? urn2141(s, m) : namestring(s, m)) return null;
  return errorValue(m.errorCode ?? "invalid-character", m.errorIndex, m.errorComponent, s, syntax);
}

/**
 * Checks that `value` is, on its own and in full, a valid `component`: what `URN.from` and the
 * decoders accept. A delimiter that would end the part early ("?+", "?=" or "#" inside an NSS,
 * "?=" inside an r-component, …) is an error, since composing it would change the URN's meaning.
 * Throws UrnSyntaxError with `index` into `value`.
 */
export function checkPart(value: string, component: UrnComponent, syntax: UrnSyntax): void {
  const m = scratch;
  m.reset();
  const end = value.length;
  let stop: number;
  if (syntax === "rfc2141" && component !== "nid" && component !== "nss") {
    throw new UrnSyntaxError("component-not-allowed", 0, component, value, syntax);
  }
  switch (component) {
    case "scheme":
      stop = value.toLowerCase() === "urn" ? end : m.fail("scheme-not-urn", 0, "scheme");
      break;
    case "nid":
      stop = nid(value, 0, m, syntax === "rfc2141" ? 1 : 2);
      if (stop >= 0 && stop < end) {
        stop = m.fail(
          value.charCodeAt(stop) > 0x7f ? "non-ascii-character" : "invalid-nid-character",
          stop,
          "nid",
        );
      } else if (stop === end && syntax === "rfc2141" && value.toLowerCase() === "urn") {
        stop = m.fail("reserved-nid", 0, "nid");
      }
      break;
    case "nss":
      stop = syntax === "rfc2141" ? nss2141(value, 0, m) : nss(value, 0, m);
      break;
    case "r":
      stop = rComponent(value, 0, m);
      break;
    case "q":
      stop = qComponent(value, 0, m);
      break;
    case "f":
      stop = fComponent(value, 0, m);
      break;
  }
  if (stop >= 0 && stop < end) m.fail("delimiter-in-component", stop, component);
  // A non-empty part that a delimiter cut to nothing ("#x" as an NSS) is not empty: it holds one.
  const code = m.errorCode;
  if (
    end > 0 &&
    (code === "empty-nss" || code === "empty-r-component" || code === "empty-q-component")
  ) {
    m.fail("delimiter-in-component", m.errorIndex, component);
  }
  if (m.errorCode !== null) throw scanError(value, m, syntax);
}
