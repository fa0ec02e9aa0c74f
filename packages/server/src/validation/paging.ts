// Paged lists: a bounded `limit`, and an opaque cursor (parameters/cursor.ts) that names the last
// row of the page before (keyset paging: stable while rows are added, no OFFSET scan).

import { Refusal } from "./refusal.js";

/** The page size asked for, within 1–max; 400 for anything else. */
export function pageLimit(text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const n = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= max))
    throw new Refusal("bad-request", "bad-limit", `limit is a whole number from 1 to ${max}`);
  return n;
}
