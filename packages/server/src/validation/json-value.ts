// A parsed JSON value is walked once before anything else touches it: every key and string is
// storable text and nesting stays within MAX_DEPTH. JSON.stringify, the engines' JSON functions
// and the UI's renderer all recurse, so depth is bounded here rather than discovered there as a
// crash. The walk recurses too, but stops at MAX_DEPTH: a 100,000-level array is refused at its
// 33rd level, far from the stack's end.

import { type FieldError, invalid } from "./problems.js";
import { textFault } from "./text.js";

/** Deepest nesting of arrays and objects accepted in any JSON the server is sent. */
export const MAX_DEPTH = 32;

function escapeKey(key: string | number): string {
  return String(key).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** A fault found on the walk: what is wrong, and the keys leading to it, innermost first. */
interface Fault {
  message: string;
  keysInward: (string | number)[];
}

/** The first fault in `value`, `depth` arrays and objects deep; null when there is none. */
function faultIn(value: unknown, depth: number): Fault | null {
  if (typeof value === "string") {
    const fault = textFault(value);
    return fault === null ? null : { message: `the text ${fault}`, keysInward: [] };
  }
  if (value === null || typeof value !== "object") return null;
  if (depth === MAX_DEPTH)
    return { message: `nesting deeper than ${MAX_DEPTH} levels is not accepted`, keysInward: [] };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const fault = faultIn(value[i], depth + 1);
      if (fault !== null) {
        fault.keysInward.push(i);
        return fault;
      }
    }
    return null;
  }
  const keys = Object.keys(value);
  for (const key of keys) {
    const fault = textFault(key);
    if (fault !== null) return { message: `the key ${fault}`, keysInward: [key] };
  }
  for (const key of keys) {
    const fault = faultIn((value as Record<string, unknown>)[key], depth + 1);
    if (fault !== null) {
      fault.keysInward.push(key);
      return fault;
    }
  }
  return null;
}

/** The first fault in `value`, with its JSON pointer under `base`, or null. */
export function jsonFault(value: unknown, base = ""): FieldError | null {
  const fault = faultIn(value, 0);
  if (fault === null) return null;
  const path = fault.keysInward.reverse().map((k) => `/${escapeKey(k)}`);
  return { path: base + path.join(""), message: fault.message };
}

/** Throws "unprocessable" ("bad-request" for a request target's parts) naming the field at fault. */
export function checkJson(
  value: unknown,
  base = "",
  kind: "bad-request" | "unprocessable" = "unprocessable",
): void {
  const fault = jsonFault(value, base);
  if (fault !== null)
    throw invalid(kind, fault.message.startsWith("nesting") ? "too-deep" : "invalid-text", [fault]);
}
