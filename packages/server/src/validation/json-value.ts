// A parsed JSON value is walked once, without recursion (a 100,000-level array must not overflow
// the stack), before anything else touches it: every key and string is storable text and nesting
// stays within MAX_DEPTH. JSON.stringify, the engines' JSON functions and the UI's renderer all
// recurse, so depth is bounded here rather than discovered there as a crash.

import { type FieldError, invalid } from "./problems.js";
import { textFault } from "./text.js";

/** Deepest nesting of arrays and objects accepted in any JSON the server is sent. */
export const MAX_DEPTH = 32;

function escapeKey(key: string | number): string {
  return String(key).replaceAll("~", "~0").replaceAll("/", "~1");
}

/** A value met on the walk: its parent's entry and its key there (the root has none). */
interface Step {
  value: unknown;
  parent: Step | null;
  key: string | number;
  depth: number;
}

/** The JSON pointer of a step, built only when a fault is found there. */
function pointerOf(step: Step, base: string): string {
  const keys: string[] = [];
  for (let s: Step | null = step; s?.parent != null; s = s.parent) keys.push(escapeKey(s.key));
  return (
    base +
    keys
      .reverse()
      .map((k) => `/${k}`)
      .join("")
  );
}

/** The first fault in `value`, with its JSON pointer under `base`, or null. */
export function jsonFault(value: unknown, base = ""): FieldError | null {
  const stack: Step[] = [{ value, parent: null, key: "", depth: 0 }];
  for (let step = stack.pop(); step !== undefined; step = stack.pop()) {
    const v = step.value;
    if (typeof v === "string") {
      const fault = textFault(v);
      if (fault !== null) return { path: pointerOf(step, base), message: `the text ${fault}` };
    } else if (v !== null && typeof v === "object") {
      const depth = step.depth + 1;
      if (depth > MAX_DEPTH)
        return {
          path: pointerOf(step, base),
          message: `nesting deeper than ${MAX_DEPTH} levels is not accepted`,
        };
      if (Array.isArray(v))
        for (let i = v.length - 1; i >= 0; i--)
          stack.push({ value: v[i], parent: step, key: i, depth });
      else
        for (const k of Object.keys(v)) {
          const fault = textFault(k);
          if (fault !== null)
            return {
              path: pointerOf({ value: null, parent: step, key: k, depth }, base),
              message: `the key ${fault}`,
            };
          stack.push({ value: (v as Record<string, unknown>)[k], parent: step, key: k, depth });
        }
    }
  }
  return null;
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
