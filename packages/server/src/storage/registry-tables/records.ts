// URN records, read whole: state, metadata, owner and prefix, times, each locator with its owner
// and link-check marks, successors and identifiers with the times they were linked. Written by
// the import's batch writer (storage/transfer.ts), not row by row. A record's predecessors are the
// successor links of other records, read backwards.

import type { LineObject, ReadKind } from "./table-kind.js";

const LOCATOR_ORDER = "l.active DESC, l.priority DESC, l.created{C}, l.id";
const SUCCESSOR_ORDER = "s.created{C} DESC, s.successor_key";
const IDENTIFIER_ORDER = "i.type, i.value";

/** A locator as SQLite's JSON object. */
const SQLITE_LOCATOR = `json_object('url', l.url, 'priority', l.priority,
        'mediaType', l.media_type, 'active', l.active, 'owner', l.owner, 'created', l.created,
        'linkFailing', l.link_failing, 'linkChecked', l.link_checked)`;

const FIELDS_BEFORE = `r.id AS "_id", r.urn AS "urn", r.status AS "status"`;
const FIELDS_AFTER = `r.organisation AS "organisation", r.prefix AS "prefix"`;

/**
 * Each engine's JSON aggregates. Both keep the order of the sorted subquery they read (PostgreSQL
 * documents that this holds where the aggregate's query does nothing else, no join): for a
 * record's locators, PostgreSQL then sorts in a plan node it reuses from record to record, where
 * an aggregate's own ORDER BY sets up a sort for every call (7.7 µs a record read instead of 9.5).
 * A record's successors and identifiers (most have neither) are aggregated only when it has some:
 * a sort set up for nothing cost 4.5 µs a record each on PostgreSQL. SQLite sets up a temporary
 * B-tree for every sorted subquery, so it sorts a record's locators only when there are two or
 * more (most records have one): 200k records read in 0.90–1.16 s instead of 1.30–1.37 s.
 */
const SELECT = {
  sqlite: `SELECT ${FIELDS_BEFORE},
    CASE WHEN EXISTS (SELECT 1 FROM locators l WHERE l.record_id = r.id LIMIT 1 OFFSET 1)
      THEN (SELECT json_group_array(${SQLITE_LOCATOR})
        FROM (SELECT * FROM locators l WHERE l.record_id = r.id ORDER BY ${LOCATOR_ORDER}) l)
      ELSE (SELECT json_group_array(${SQLITE_LOCATOR}) FROM locators l WHERE l.record_id = r.id)
      END AS "locators",
    r.metadata AS "metadata", r.reason AS "reason", r.deactivated AS "deactivated",
    CASE WHEN EXISTS (SELECT 1 FROM successors s WHERE s.record_id = r.id)
      THEN (SELECT json_group_array(json_object('urn', s.successor_urn, 'created', s.created))
        FROM (SELECT * FROM successors s WHERE s.record_id = r.id ORDER BY ${SUCCESSOR_ORDER}) s)
      ELSE '[]' END AS "successors",
    ${FIELDS_AFTER},
    CASE WHEN EXISTS (SELECT 1 FROM record_identifiers i WHERE i.record_id = r.id)
      THEN (SELECT json_group_array(json_object('type', i.type, 'value', i.value,
          'created', i.created))
        FROM (SELECT * FROM record_identifiers i WHERE i.record_id = r.id
          ORDER BY ${IDENTIFIER_ORDER}) i)
      ELSE '[]' END AS "identifiers",
    r.created AS "created", r.updated AS "updated"
  FROM records r`,
  postgres: `SELECT ${FIELDS_BEFORE},
    (SELECT coalesce(json_agg(sorted.locator), '[]') FROM (
        SELECT json_build_object('url', l.url, 'priority', l.priority, 'mediaType', l.media_type,
          'active', l.active, 'owner', l.owner, 'created', l.created,
          'linkFailing', l.link_failing, 'linkChecked', l.link_checked) AS locator
        FROM locators l WHERE l.record_id = r.id ORDER BY ${LOCATOR_ORDER}) sorted) AS "locators",
    r.metadata AS "metadata", r.reason AS "reason", r.deactivated AS "deactivated",
    CASE WHEN EXISTS (SELECT 1 FROM successors s WHERE s.record_id = r.id)
      THEN (SELECT json_agg(json_build_object('urn', s.successor_urn, 'created', s.created)
        ORDER BY ${SUCCESSOR_ORDER}) FROM successors s WHERE s.record_id = r.id)
      ELSE '[]' END AS "successors",
    ${FIELDS_AFTER},
    CASE WHEN EXISTS (SELECT 1 FROM record_identifiers i WHERE i.record_id = r.id)
      THEN (SELECT json_agg(json_build_object('type', i.type, 'value', i.value,
        'created', i.created) ORDER BY ${IDENTIFIER_ORDER})
        FROM record_identifiers i WHERE i.record_id = r.id)
      ELSE '[]' END AS "identifiers",
    r.created AS "created", r.updated AS "updated"
  FROM records r`,
};

const flagged = (value: unknown): boolean => value === true || value === 1;

/**
 * A locator as the line gives it: marks as booleans, and its owner, when it has one, where the
 * record export has always put it (after active, before created).
 */
function locator(l: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {
    url: l.url,
    priority: l.priority,
    mediaType: l.mediaType,
    active: flagged(l.active),
  };
  if (l.owner !== null && l.owner !== undefined) out.owner = l.owner;
  out.created = l.created;
  out.linkFailing = flagged(l.linkFailing);
  out.linkChecked = flagged(l.linkChecked);
  return out;
}

export const recordKind: ReadKind = {
  kind: "record",
  select: SELECT,
  order: [{ sql: "r.id", field: "_id" }],
  json: ["locators", "metadata", "successors", "identifiers"],
  omitNull: ["metadata", "reason", "deactivated", "organisation", "prefix"],
  finish(line: LineObject): LineObject {
    const out: LineObject = {};
    for (const field in line) {
      const value = line[field];
      if (Array.isArray(value) && value.length === 0) continue;
      out[field] = field === "locators" ? (value as Record<string, unknown>[]).map(locator) : value;
    }
    return out;
  },
};
