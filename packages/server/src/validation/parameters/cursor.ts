// The cursor of a paged list (keyset paging: it names the last row of the page before). Opaque to
// a client, and marked with the list and order it was made for: a cursor given to another list,
// or to the same list in another order, is refused as a cursor, never read as a position there.

import { Refusal } from "../refusal.js";

/** An opaque cursor of list `list` for the position `parts` (base64url of their JSON). */
export function encodeCursor(list: string, parts: readonly string[]): string {
  return Buffer.from(JSON.stringify([list, ...parts])).toString("base64url");
}

function badCursor(detail: string): Refusal {
  return new Refusal("bad-request", "bad-cursor", detail, {
    errors: [{ path: "/cursor", message: detail }],
  });
}

/**
 * The position (`count` parts) a cursor of list `list` names: 400 bad-cursor for text that is no
 * cursor this server made, or a cursor of another list or order.
 */
export function decodeCursor(cursor: string, list: string, count: number): string[] {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString());
  } catch {
    parts = null;
  }
  if (
    !Array.isArray(parts) ||
    parts.length < 1 ||
    !parts.every((p) => typeof p === "string" && p.isWellFormed() && !p.includes("\0"))
  )
    throw badCursor("the cursor is not one this server gave out");
  if (parts[0] !== list || parts.length !== count + 1)
    throw badCursor(
      "the cursor belongs to a different list or order: page with the `next` this list gave",
    );
  return parts.slice(1) as string[];
}
