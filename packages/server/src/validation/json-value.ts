// A parsed JSON value is walked once, without recursion (a 100,000-level array must not overflow
// the stack), before anything else touches it: every key and string is storable text and nesting
// stays within MAX_DEPTH. JSON.stringify, the engines' JSON functions and the UI's renderer all
// recurse, so depth is bounded here rather than discovered there as a crash.

import { type FieldError, invalid } from "./problems.js";
import { textFault } from "./text.js";

/** Deepest nesting of arrays and objects accepted in any JSON the server is sent. */
export const MAX_DEPTH = 32;

function pointer(path: string, key: string | number): string {
  return `${path}/${String(key).replaceAll("~", "~0").replaceAll("/", "~1")}`;
}

/** The first fault in `value`, with its JSON pointer under `base`, or null. */
export function jsonFault(value: unknown, base = ""): FieldError | null {
  const stack: [unknown, string, number][] = [[value, base, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [v, path, depth] = next;
    if (typeof v === "string") {
      const fault = textFault(v);
      if (fault !== null) return { path, message: `the text ${fault}` };
    } else if (v !== null && typeof v === "object") {
      if (depth >= MAX_DEPTH)
        return { path, message: `nesting deeper than ${MAX_DEPTH} levels is not accepted` };
      if (Array.isArray(v))
        for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], pointer(path, i), depth + 1]);
      else
        for (const [k, x] of Object.entries(v)) {
          const fault = textFault(k);
          if (fault !== null) return { path: pointer(path, k), message: `the key ${fault}` };
          stack.push([x, pointer(path, k), depth + 1]);
        }
    }
  }
  return null;
}

/** Throws 422 (400 for a request target's parts) naming the field at fault. */
export function checkJson(value: unknown, base = "", status: 400 | 422 = 422): void {
  const fault = jsonFault(value, base);
  if (fault !== null)
    throw invalid(status, fault.message.startsWith("nesting") ? "too-deep" : "invalid-text", [
      fault,
    ]);
}
