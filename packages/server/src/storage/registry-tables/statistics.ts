// Statistics, day by day: resolutions by namespace, prefix, organisation and outcome, assignments
// (registered, activated, deactivated), resolutions per URN (the rollup, and the log of counts
// not rolled up yet, each URN named rather than its record's id), and the older per-namespace
// counts. Counts, not events: a line is a row of a rollup.

import { flag, type LineObject, type TableKind } from "./table-kind.js";

const DIMENSIONS = `x.day AS "day", x.nid AS "nid", x.prefix AS "prefix",
    x.organisation AS "organisation"`;
const DIMENSION_ORDER = [
  { sql: "x.day", field: "day" },
  { sql: "x.nid", field: "nid" },
  { sql: "x.prefix", field: "prefix" },
  { sql: "x.organisation", field: "organisation" },
];
const dimensions = (l: LineObject) => [l.day, l.nid, l.prefix, l.organisation];

export const resolutionCountKind: TableKind = {
  kind: "resolution-count",
  select: `SELECT x.nid AS "nid", x.day AS "day", x.count AS "count" FROM resolution_counts x`,
  order: [
    { sql: "x.nid{C}", field: "nid" },
    { sql: "x.day{C}", field: "day" },
  ],
  match: "x.nid = ? AND x.day = ?",
  matchParams: (l) => [l.nid, l.day],
  keyed: true,
  insert: "INSERT INTO resolution_counts (nid, day, count) VALUES (?, ?, ?)",
  insertParams: (l) => [l.nid, l.day, l.count],
};

export const statResolutionKind: TableKind = {
  kind: "stat-resolution",
  select: `SELECT ${DIMENSIONS}, x.outcome AS "outcome", x.bot AS "bot", x.count AS "count"
  FROM stat_resolutions x`,
  order: [
    ...DIMENSION_ORDER,
    { sql: "x.outcome", field: "outcome" },
    { sql: "x.bot", field: "bot" },
  ],
  booleans: ["bot"],
  match:
    "x.day = ? AND x.nid = ? AND x.prefix = ? AND x.organisation = ? AND x.outcome = ? AND x.bot = ?",
  matchParams: (l) => [...dimensions(l), l.outcome, flag(l.bot)],
  keyed: true,
  insert: `INSERT INTO stat_resolutions (day, nid, prefix, organisation, outcome, bot, count)
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [...dimensions(l), l.outcome, flag(l.bot), l.count],
};

export const statAssignmentKind: TableKind = {
  kind: "stat-assignment",
  select: `SELECT ${DIMENSIONS}, x.event AS "event", x.count AS "count" FROM stat_assignments x`,
  order: [...DIMENSION_ORDER, { sql: "x.event", field: "event" }],
  match: "x.day = ? AND x.nid = ? AND x.prefix = ? AND x.organisation = ? AND x.event = ?",
  matchParams: (l) => [...dimensions(l), l.event],
  keyed: true,
  insert: `INSERT INTO stat_assignments (day, nid, prefix, organisation, event, count)
    VALUES (?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [...dimensions(l), l.event, l.count],
};

/**
 * The per-URN rollup, without how far it has taken the log in: the log lines after it carry only
 * the counts not taken in yet, and start a new log where they are imported.
 */
export const statResolutionUrnKind: TableKind = {
  kind: "stat-resolution-urn",
  select: `SELECT x.day AS "day", x.key AS "_key", r.urn AS "urn", x.nid AS "nid",
    x.prefix AS "prefix", x.organisation AS "organisation", x.count AS "count", x.bots AS "bots"
  FROM stat_resolution_urns x JOIN records r ON r.key = x.key`,
  order: [
    { sql: "x.day", field: "day" },
    { sql: "x.key", field: "_key" },
  ],
  match: "x.day = ? AND x.key = ?",
  matchParams: (l) => [l.day, l._key],
  keyed: true,
  insert: `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots)
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [l.day, l._key, l.nid, l.prefix, l.organisation, l.count, l.bots],
};

/** A chunk's entries [key, nid, prefix, organisation, count, bots] with each key's record id. */
const MAPPED_ENTRIES = {
  sqlite: `(SELECT json_group_array(json_array(m.id, m.nid, m.prefix, m.organisation, m.count,
      m.bots))
    FROM (SELECT r.id AS id, e.value ->> 1 AS nid, e.value ->> 2 AS prefix,
        e.value ->> 3 AS organisation, e.value ->> 4 AS count, e.value ->> 5 AS bots
      FROM json_each(?) e JOIN records r ON r.key = e.value ->> 0 ORDER BY e.key) m)`,
  postgres: `(SELECT coalesce(jsonb_agg(jsonb_build_array(r.id, e.v ->> 1, e.v ->> 2, e.v ->> 3,
      e.v -> 4, e.v -> 5) ORDER BY e.n), '[]')
    FROM jsonb_array_elements(?::jsonb) WITH ORDINALITY e(v, n)
      JOIN records r ON r.key = e.v ->> 0)`,
};

const entriesParam = (l: LineObject) => JSON.stringify(l._entries);

export const statUrnLogKind: TableKind = {
  kind: "stat-urn-log",
  select: {
    sqlite: `SELECT x.id AS "_id", x.day AS "day",
      (SELECT json_group_array(json_array(m.urn, m.nid, m.prefix, m.organisation, m.count, m.bots))
        FROM (SELECT r.urn AS urn, e.value ->> 1 AS nid, e.value ->> 2 AS prefix,
            e.value ->> 3 AS organisation, e.value ->> 4 AS count, e.value ->> 5 AS bots
          FROM json_each(x.urns) e JOIN records r ON r.id = e.value ->> 0
          WHERE NOT EXISTS (SELECT 1 FROM stat_resolution_urns u
            WHERE u.day = x.day AND u.key = r.key AND u.logged_to >= x.id)
          ORDER BY e.key) m) AS "urns"
    FROM stat_resolution_urn_log x`,
    postgres: `SELECT x.id AS "_id", x.day AS "day",
      (SELECT coalesce(json_agg(json_build_array(r.urn, e.v ->> 1, e.v ->> 2, e.v ->> 3, e.v -> 4,
          e.v -> 5) ORDER BY e.n), '[]')
        FROM jsonb_array_elements(x.urns) WITH ORDINALITY e(v, n)
          JOIN records r ON r.id = (e.v ->> 0)::bigint
        WHERE NOT EXISTS (SELECT 1 FROM stat_resolution_urns u
          WHERE u.day = x.day AND u.key = r.key AND u.logged_to >= x.id)) AS "urns"
    FROM stat_resolution_urn_log x`,
  },
  order: [{ sql: "x.id", field: "_id" }],
  json: ["urns"],
  finish: (line) => ((line.urns as unknown[]).length === 0 ? null : line),
  match: {
    sqlite: `x.day = ? AND x.urns = ${MAPPED_ENTRIES.sqlite}`,
    postgres: `x.day = ? AND x.urns = ${MAPPED_ENTRIES.postgres}`,
  },
  matchParams: (l) => [l.day, entriesParam(l)],
  keyed: false,
  insert: {
    sqlite: `INSERT INTO stat_resolution_urn_log (day, urns) VALUES (?, ${MAPPED_ENTRIES.sqlite})`,
    postgres: `INSERT INTO stat_resolution_urn_log (day, urns) VALUES (?, ${MAPPED_ENTRIES.postgres})`,
  },
  insertParams: (l) => [l.day, entriesParam(l)],
};
