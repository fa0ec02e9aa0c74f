// Paged lists: a bounded `limit` and an opaque cursor that names the last row of the page before
// (keyset paging: stable while rows are added, no OFFSET scan).

import { Refusal } from "./refusal.js";

/** The page size asked for, within 1–max; 400 for anything else. */
export function pageLimit(text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const n = /^\d{1,7}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= 1 && n <= max))
    throw new Refusal("bad-request", "bad-limit", `limit is a whole number from 1 to ${max}`);
  return n;
}

/** An opaque cursor for `parts` (base64url of their JSON). */
export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

/** The parts of a cursor made by encodeCursor with `count` parts; 400 for anything else. */
export function decodeCursor(cursor: string, count: number): string[] {
  try {
    const parts: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString());
    if (
      Array.isArray(parts) &&
      parts.length === count &&
      parts.every((p) => typeof p === "string" && p.isWellFormed() && !p.includes("\0"))
    )
      return parts as string[];
  } catch {}
  throw new Refusal("bad-request", "bad-cursor", "the cursor is not one this server gave out");
}
