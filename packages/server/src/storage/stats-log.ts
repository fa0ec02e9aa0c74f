// The statistics' URN log is rolled up from its start, in the order it was written: a slice is
// its first rows up to the first of a day not ended yet. Rows are appended as days pass, so that
// is every row of the ended days, found without reading the log beyond the slice; a row of an
// ended day written after one of a later day (another server's late flush) waits for the next
// roll-up of the whole log, and is read from the log until then.

/** The key of the last of `rows` (the log's first, in key order) before the first of `until` or later. */
export function lastBefore<K>(rows: readonly (readonly [K, string])[], until: string): K | null {
  let last: K | null = null;
  for (const [id, day] of rows) {
    if (day >= until) break;
    last = id;
  }
  return last;
}

/** The URN log's size: each end read from the key apart (min() and max() in one SELECT scan). */
export const URN_LOG_SIZE_SQL = `SELECT (SELECT max(id) FROM stat_resolution_urn_log)
  - (SELECT min(id) FROM stat_resolution_urn_log) + 1 AS n`;
