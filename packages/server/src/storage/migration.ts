// A step of the versioned schema (applied once, in order, each in its own transaction). Both
// engines list the same versions, each in its own SQL dialect; the few steps both dialects write
// alike are stated here once.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Version 3: the audit log read by target (one record's or prefix's history), in order. */
export const AUDIT_BY_TARGET: Migration = {
  version: 3,
  name: "audit-by-target",
  sql: "CREATE INDEX audit_by_target ON audit (target, id);",
};

/** Version 6: resolutions of namespaces not served here counted in one bucket a day. */
export const RESOLUTION_COUNTS_BOUNDED: Migration = {
  version: 6,
  name: "resolution-counts-bounded",
  sql: `
-- Counts of namespaces not served here, which earlier versions kept one row each, are folded into
-- one bucket per day: a client resolving made-up namespaces can no longer grow the table.
INSERT INTO resolution_counts (nid, day, count)
SELECT '(elsewhere)', day, sum(count) FROM resolution_counts
WHERE nid NOT IN (SELECT nid FROM namespaces) AND nid <> '(elsewhere)'
GROUP BY day
ON CONFLICT (nid, day) DO UPDATE SET count = resolution_counts.count + excluded.count;
DELETE FROM resolution_counts WHERE nid NOT IN (SELECT nid FROM namespaces) AND nid <> '(elsewhere)';
`,
};
