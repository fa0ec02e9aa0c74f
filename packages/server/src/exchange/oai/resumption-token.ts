// Resumption tokens (OAI-PMH 2.0 §3.5) that need no state on the server: the token carries the
// list's query (format, set, datestamp range frozen at the first request), the position after the
// last record given out, the cursor, the complete list size and the expiry. Any process of the
// registry, before or after a restart, continues the list from it. A token is checked field by
// field; one that does not read back, belongs to another verb or has expired is
// badResumptionToken. Tokens are not signed: everything they can select is public, and a changed
// token only selects other public records.

import type { OaiPosition } from "../../storage/oai.js";
import { isStoredTime } from "../../validation/stored-time.js";
import { OaiError } from "./oai-error.js";

export interface ListState {
  verb: "ListIdentifiers" | "ListRecords";
  metadataPrefix: string;
  set: string | null;
  /** Stored-text bounds of the datestamp range: from (inclusive), before (exclusive). */
  from: string | null;
  before: string;
  after: OaiPosition;
  /** Records given out before the next page. */
  cursor: number;
  completeListSize: number;
  /** Milliseconds since the epoch. */
  expires: number;
}

const VERSION = 1;

export function encodeToken(state: ListState): string {
  const fields = [
    VERSION,
    state.verb === "ListRecords" ? "R" : "I",
    state.metadataPrefix,
    state.set,
    state.from,
    state.before,
    state.after.updated,
    state.after.id,
    state.cursor,
    state.completeListSize,
    state.expires,
  ];
  return Buffer.from(JSON.stringify(fields)).toString("base64url");
}

const bad = (why: string) => new OaiError("badResumptionToken", `the resumption token ${why}`);

const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

/** The list state in `token`, for `verb`, at `now` (milliseconds). */
export function decodeToken(token: string, verb: ListState["verb"], now: number): ListState {
  let fields: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,4096}$/.test(token)) throw new Error("not base64url");
    fields = JSON.parse(Buffer.from(token, "base64url").toString("utf8"));
  } catch {
    throw bad("is not one this repository issued");
  }
  if (!Array.isArray(fields) || fields.length !== 11 || fields[0] !== VERSION)
    throw bad("is not one this repository issued");
  const [, kind, prefix, set, from, before, updated, id, cursor, size, expires] = fields;
  if (
    (kind !== "R" && kind !== "I") ||
    typeof prefix !== "string" ||
    (set !== null && typeof set !== "string") ||
    (from !== null && !isStoredTime(from)) ||
    !isStoredTime(before) ||
    !isStoredTime(updated) ||
    !isCount(id) ||
    !isCount(cursor) ||
    !isCount(size) ||
    !isCount(expires)
  )
    throw bad("is not one this repository issued");
  const tokenVerb = kind === "R" ? "ListRecords" : "ListIdentifiers";
  if (tokenVerb !== verb) throw bad(`belongs to ${tokenVerb}, not ${verb}`);
  if (expires <= now) throw bad(`expired at ${new Date(expires).toISOString()}`);
  return {
    verb,
    metadataPrefix: prefix,
    set: set as string | null,
    from: from as string | null,
    before,
    after: { updated, id },
    cursor,
    completeListSize: size,
    expires,
  };
}
