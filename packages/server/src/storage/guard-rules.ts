// The rules every table's rows are held to, for both engines: what is never deleted, never changed
// or replaced, what an UPDATE keeps, what may only grow. The migrations write each table's
// triggers from here (sqlite/guards.ts, postgres/guards.ts) at the version the table gets them,
// table by table in this order, each table's guards in theirs; a new table adds its rules here and
// a line to its migration. The guards only SQLite needs (never replaced, belongs to, positive ids:
// see guard.ts) are stated here as well.

import {
  belongsTo,
  type Columns,
  keeps,
  neverChanged,
  neverDeleted,
  neverReplaced,
  positiveIds,
  refusesUpdate,
  since,
  type TableRules,
  tableRules,
} from "./guard.js";

const STATISTICS_ONLY_GROW = "statistics only grow";

/**
 * A rollup of counts: rows never deleted, their key and attributes never changed, their counts
 * only raised; an INSERT of a taken key is skipped rather than resetting its counts, which is how
 * the writes create a row (insert it with 0, then add).
 */
function statistics(
  table: string,
  rollup: { key: readonly string[]; attributes?: readonly string[]; counts: Columns },
): TableRules {
  return tableRules(table, 12, [
    neverDeleted(STATISTICS_ONLY_GROW, { name: "kept", truncateName: "not_truncated" }),
    neverReplaced([rollup.key], null, { name: "not_replaced" }),
    keeps("grow", STATISTICS_ONLY_GROW, {
      unchanged: [...rollup.key, ...(rollup.attributes ?? [])],
      grows: rollup.counts,
      everyUpdate: true,
    }),
  ]);
}

export const GUARD_RULES: readonly TableRules[] = [
  tableRules("records", 1, [
    neverDeleted("URN records are never deleted"),
    keeps("never_reassigned", "a URN record is never reassigned", {
      unchanged: [
        since(5, "id"),
        "key",
        "urn",
        "nid",
        since(5, "created"),
        since(7, "organisation", "prefix"),
      ],
    }),
    refusesUpdate(
      "status_forward",
      "a URN status only moves forward: reserved, active, deactivated",
      [
        "(OLD.status = 'active' AND NEW.status = 'reserved')",
        "(OLD.status = 'deactivated' AND NEW.status <> 'deactivated')",
      ],
      { of: ["status"] },
    ),
    neverReplaced([["key"], ["id"]], "a URN record is never replaced: the key is registered", {
      since: 5,
    }),
    positiveIds("record ids are positive", { since: 5 }),
    refusesUpdate(
      "tombstone_frozen",
      "a deactivated URN keeps its metadata as it was",
      [
        {
          sqlite: "OLD.status = 'deactivated' AND NEW.metadata IS NOT OLD.metadata",
          postgres: "OLD.status = 'deactivated' AND NEW.metadata IS DISTINCT FROM OLD.metadata",
        },
      ],
      { since: 5, of: ["metadata"] },
    ),
  ]),
  tableRules("locators", 5, [
    neverDeleted("locators are never deleted (they are made inactive)"),
    neverReplaced(
      [["record_id", "url"], ["id"]],
      "a locator belongs to a record and is never replaced: update it",
      { parents: { record_id: "records(id)" } },
    ),
    positiveIds("locator ids are positive"),
    keeps(
      "never_moved",
      {
        5: "a locator keeps its record, URL and creation time",
        7: "a locator keeps its record, URL, owner and creation time",
      },
      {
        // PostgreSQL computes url_key (a generated column): nobody can write it there.
        unchanged: [
          "id",
          "record_id",
          "url",
          since({ sqlite: 8 }, "url_key"),
          "created",
          since(7, "owner"),
        ],
      },
    ),
    refusesUpdate(
      "tombstone_frozen",
      "a deactivated URN keeps its locators as they were",
      ["(SELECT status FROM records WHERE id = OLD.record_id) = 'deactivated'"],
      { postgresFunction: "urnkit_locator_frozen" },
    ),
  ]),
  tableRules("successors", 5, [
    neverDeleted("successor links are never deleted"),
    neverChanged("successor links are never changed"),
    neverReplaced([["record_id", "successor_key"]], "a successor link is never replaced", {
      longestLine: 108,
    }),
    belongsTo("need_record", { record_id: "records(id)" }, "a successor link belongs to a record"),
  ]),
  tableRules("namespaces", 5, [
    neverDeleted("a namespace served here is never deleted"),
    neverReplaced([["nid"]], "a namespace is never replaced: update it"),
    keeps("never_renamed", "a namespace keeps its NID", { unchanged: ["nid", "created"] }),
  ]),
  tableRules(
    "namespace_templates",
    5,
    [
      neverDeleted("template revisions are never deleted"),
      neverChanged("template revisions are never changed: store a new revision"),
      neverReplaced([["nid", "revision"]], "a template revision is never replaced"),
    ],
    "templates",
  ),
  tableRules("audit", 1, [
    neverDeleted("the audit log is append-only", { name: "append_only" }),
    neverChanged("the audit log is append-only", { since: 5 }),
    neverReplaced([["id"]], "the audit log is append-only", { since: 5 }),
    positiveIds("the audit log is append-only: ids are positive", { since: 5 }),
  ]),
  tableRules("tokens", 5, [
    neverDeleted("tokens are revoked, never deleted (the audit log names them)"),
    neverReplaced([["id"], ["hash"]], "a token is never replaced"),
    keeps("revocation_final", "a token keeps its grant, and a revocation is final", {
      unchanged: ["id", "hash", "role", "namespace", since(7, "organisation"), "created"],
      final: ["revoked"],
      everyUpdate: true,
    }),
  ]),
  tableRules("organisations", 7, [
    neverDeleted("an organisation is never deleted (deactivate it)"),
    neverReplaced([["id"]], "an organisation is never replaced: update it"),
    keeps("keep_id", "an organisation keeps its id", { unchanged: ["id", "created"] }),
  ]),
  tableRules("prefixes", 7, [
    neverDeleted("a prefix is never deleted"),
    neverReplaced([["prefix"]], "a prefix is never replaced: update it"),
    belongsTo(
      "need_owner",
      { organisation: "organisations(id)", nid: "namespaces(nid)" },
      "a prefix belongs to an organisation and a namespace served here",
    ),
    keeps("keep_identity", "a prefix keeps its name, namespace and owner", {
      unchanged: ["prefix", "nid", "organisation", "created"],
      longestLine: 101,
    }),
    keeps("sequence_forward", "a prefix sequence never goes back", { grows: ["next"] }),
  ]),
  tableRules(
    "record_identifiers",
    7,
    [
      neverDeleted("record identifiers are never deleted"),
      neverChanged("record identifiers are never changed"),
      neverReplaced(
        [["organisation", "type", "value"]],
        "an identifier is unique per organisation and never replaced",
      ),
      belongsTo("need_record", { record_id: "records(id)" }, "an identifier belongs to a record"),
    ],
    "identifiers",
  ),
  tableRules("harvest_sources", 10, [
    neverDeleted("a harvest source is never deleted (its runs name it)"),
    neverReplaced(
      [["id"], ["url", "set_spec", "metadata_prefix"]],
      "a harvest source is never replaced",
    ),
    keeps("keep_identity", "a harvest source keeps its URL, set, format and organisation", {
      unchanged: ["id", "url", "set_spec", "metadata_prefix", "organisation", "created"],
    }),
  ]),
  tableRules("harvest_runs", 10, [
    neverDeleted("harvest runs are history: never deleted"),
    neverReplaced([["id"]], "harvest runs are history: never replaced"),
    keeps("frozen", "a harvest run never counts down while it runs, and is frozen once it ends", {
      frozenWhen: "OLD.outcome <> 'running'",
      unchanged: ["id", "source_id", "started", "request_from", "resumed"],
      grows: [
        "pages",
        "records",
        "records_created",
        "records_updated",
        "records_unchanged",
        "records_deleted",
        "records_refused",
      ],
      everyUpdate: true,
    }),
  ]),
  tableRules("harvest_refusals", 10, [
    neverDeleted("harvest refusals are history: append-only"),
    neverChanged("harvest refusals are history: append-only"),
    neverReplaced([["id"]], "harvest refusals are history: append-only"),
    belongsTo("need_run", { run_id: "harvest_runs(id)" }, "a harvest refusal belongs to a run"),
  ]),
  tableRules("link_checks", 11, [
    neverChanged("a link check is never changed"),
    neverDeleted("the last 10 checks of a locator are kept", {
      name: "last_kept",
      keptWhile: {
        condition:
          "(SELECT count(*) FROM link_checks WHERE locator_id = OLD.locator_id AND id > OLD.id) < 10",
        postgresFunction: "urnkit_link_check_kept",
      },
    }),
    neverReplaced([["id"]], "a link check is never replaced"),
  ]),
  statistics("stat_resolutions", {
    key: ["day", "nid", "prefix", "organisation", "outcome", "bot"],
    counts: ["count"],
  }),
  statistics("stat_resolution_urns", {
    key: ["day", "key"],
    attributes: ["nid", "prefix", "organisation"],
    counts: ["count", "bots", since(13, "logged_to")],
  }),
  statistics("stat_assignments", {
    key: ["day", "nid", "prefix", "organisation", "event"],
    counts: ["count"],
  }),
  // A row of the URN log is never changed, and is removed only once its rollup row has taken it
  // in (logged_to); a row of version 17's log is a chunk of URNs, each of whose rollup rows has.
  tableRules("stat_resolution_urn_log", 13, [
    neverDeleted(STATISTICS_ONLY_GROW, {
      name: "kept",
      truncateName: "not_truncated",
      until: 17,
      keptWhile: {
        condition: `NOT EXISTS (SELECT 1 FROM stat_resolution_urns u WHERE u.day = OLD.day AND u.key = OLD.key
  AND u.logged_to >= OLD.id)`,
        postgresFunction: "stat_resolution_urn_log_rolled_up",
      },
    }),
    neverDeleted(STATISTICS_ONLY_GROW, {
      name: "kept",
      truncateName: "not_truncated",
      since: 17,
      keptWhile: {
        condition: {
          sqlite: `EXISTS (SELECT 1 FROM json_each(OLD.urns) e WHERE NOT EXISTS (
  SELECT 1 FROM stat_resolution_urns u
  WHERE u.day = OLD.day AND u.logged_to >= OLD.id
    AND u.key = (SELECT key FROM records WHERE id = e.value ->> 0)))`,
          postgres: `EXISTS (SELECT 1 FROM jsonb_array_elements(OLD.urns) e WHERE NOT EXISTS (
  SELECT 1 FROM stat_resolution_urns u
  WHERE u.day = OLD.day AND u.logged_to >= OLD.id
    AND u.key = (SELECT key FROM records WHERE id = (e ->> 0)::bigint)))`,
        },
        postgresFunction: "stat_resolution_urn_log_rolled_up",
      },
    }),
    neverChanged(STATISTICS_ONLY_GROW, { name: "unchanged" }),
    neverReplaced([["id"]], STATISTICS_ONLY_GROW, { name: "not_replaced" }),
  ]),
];
