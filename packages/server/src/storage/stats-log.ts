// The statistics' URN log: a flush's URN counts appended as chunks, one row a chunk holding up to
// URNS_A_CHUNK URNs of one day as a JSON array of entries, each URN named by its record's id. A
// row a URN cost about 3 µs of the resolver's CPU for every URN resolved (a statement's bind and
// insert of seven columns); a chunk is one JSON text, one bind, one insert, whatever it holds.
// The log is rolled up from its start, in the order it was written: a slice is its first chunks
// up to the first of a day not ended yet. Chunks are appended as days pass, so that is every
// chunk of the ended days, found without reading the log beyond the slice; a chunk of an ended
// day written after one of a later day (another server's late flush) waits for the next day's
// roll-up, and is read from the log until then.

import type { UrnResolutionStat } from "./stats.js";

/** URNs in one chunk of the log: a roll-up slice of one chunk is a short transaction. */
export const URNS_A_CHUNK = 250;

/** One URN's counts in a chunk: [record id, nid, prefix, organisation, count, bots]. */
export type LogEntry = [number, string, string, string, number, number];

/** One row of the log as written: the day and its entries as JSON text. */
export interface LogChunk {
  day: string;
  urns: string;
}

/** A flush's URN counts as chunks: consecutive URNs of one day, URNS_A_CHUNK at most a chunk. */
export function logChunks(urns: readonly UrnResolutionStat[]): LogChunk[] {
  const chunks: LogChunk[] = [];
  let day = "";
  let entries: LogEntry[] = [];
  const close = () => {
    if (entries.length > 0) chunks.push({ day, urns: JSON.stringify(entries) });
    entries = [];
  };
  for (const u of urns) {
    if (u.day !== day || entries.length === URNS_A_CHUNK) {
      close();
      day = u.day;
    }
    entries.push([u.record, u.nid, u.prefix, u.organisation, u.count, u.bots]);
  }
  close();
  return chunks;
}

/** The key of the last of `rows` (the log's first, in key order) before the first of `until` or later. */
export function lastBefore<K>(rows: readonly (readonly [K, string])[], until: string): K | null {
  let last: K | null = null;
  for (const [id, day] of rows) {
    if (day >= until) break;
    last = id;
  }
  return last;
}

/** The URN log's size in chunks: each end read from the key apart (min() and max() in one SELECT scan). */
export const URN_LOG_SIZE_SQL = `SELECT (SELECT max(id) FROM stat_resolution_urn_log)
  - (SELECT min(id) FROM stat_resolution_urn_log) + 1 AS n`;
