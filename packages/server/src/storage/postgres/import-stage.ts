// How an import batch reaches PostgreSQL's tables: its rows are COPY-ed into per-connection
// temporary stage tables, then two prepared statements insert the new records, then their
// locators, successors and the batch's audit row. The batch's rules (the first line of a key
// repeated in the batch wins; a locator URL repeated in a record is stored once, with its last
// fields, where it first appeared) are applied here while the rows are written, so the statement
// neither sorts nor de-duplicates.

import { finished } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { LocatorInput } from "../records.js";
import type { ImportItem } from "../transfer.js";

/**
 * Created once per connection, outside any batch (a table created inside a batch that rolls
 * back would go with it). ON COMMIT DELETE ROWS empties them after each import transaction; a
 * transaction that touches no temporary table pays nothing for them.
 */
export const STAGE_SQL = `CREATE TEMP TABLE IF NOT EXISTS import_records (
  n integer, key text COLLATE "C", urn text, nid text, status text, metadata text,
  reason text, deactivated text, created text, organisation text COLLATE "C",
  prefix text COLLATE "C", updated text
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS import_locators (
  n integer, key text COLLATE "C", url text, priority text, media_type text, active text,
  created text, owner text COLLATE "C", link_failing boolean, link_checked boolean
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS import_identifiers (
  key text COLLATE "C", organisation text COLLATE "C", type text COLLATE "C",
  value text COLLATE "C", created text
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS import_successors (
  key text COLLATE "C", urn text, successor_key text, created text
) ON COMMIT DELETE ROWS;
CREATE TEMP TABLE IF NOT EXISTS import_created (
  id bigint, key text COLLATE "C", urn text
) ON COMMIT DELETE ROWS`;

/**
 * The same tables for one transaction only, through a transaction-mode pooler: the next
 * transaction may run in another server session, where tables created once would be missing
 * (and they would be left behind in sessions other clients then get).
 */
export const STAGE_PER_TRANSACTION_SQL = STAGE_SQL.replaceAll(
  "ON COMMIT DELETE ROWS",
  "ON COMMIT DROP",
);

/** A batch as COPY rows, with the line each staged key comes from. */
export interface Stage {
  records: string[];
  locators: string[];
  successors: string[];
  identifiers: string[];
  /** Each key's first line in the batch: the one line of that key that may create it. */
  firstLines: Map<string, number>;
}

/** A value in COPY's text format: backslash escapes, \N for NULL. */
function copyField(value: string | number | boolean | null): string {
  if (value === null) return "\\N";
  const s = String(value);
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) =>
        c === "\\" ? "\\\\" : c === "\t" ? "\\t" : c === "\n" ? "\\n" : "\\r",
      )
    : s;
}

/** One row in COPY's text format. */
function copyRow(fields: (string | number | boolean | null)[]): string {
  return `${fields.map(copyField).join("\t")}\n`;
}

/**
 * A locator field as a JSON value reads into a text column: a string as itself, null or absent
 * as NULL, anything else as its JSON text (the statement casts it, and refuses what does not cast).
 */
function fieldText(value: unknown): string | null {
  if (value == null) return null;
  return typeof value === "string" ? value : JSON.stringify(value);
}

type LineLocator = LocatorInput & { created?: string };

/** The positions of a record's locators, one per URL: the last given for it, at its first. */
function distinctLocators(locators: readonly LineLocator[]): Iterable<number> {
  if (locators.length < 2) return locators.keys();
  const byUrl = new Map<string, number>();
  locators.forEach((l, n) => {
    byUrl.set(l.url, n);
  });
  return byUrl.values();
}

/** The COPY rows of a batch; `t` stands in for the times a line leaves out. */
export function stageBatch(items: readonly ImportItem[], t: string): Stage {
  const stage: Stage = {
    records: [],
    locators: [],
    successors: [],
    identifiers: [],
    firstLines: new Map(),
  };
  for (const item of items) {
    if (stage.firstLines.has(item.key)) continue;
    stage.firstLines.set(item.key, item.line);
    const r = item.record;
    const restore = item.restore;
    const created = r.created ?? t;
    const deactivated = r.status === "deactivated";
    stage.records.push(
      copyRow([
        stage.records.length,
        item.key,
        r.urn,
        item.nid,
        r.status,
        r.metadata == null ? null : JSON.stringify(r.metadata),
        deactivated ? (r.reason ?? null) : null,
        deactivated ? (r.deactivated ?? t) : null,
        created,
        r.organisation ?? null,
        r.prefix ?? null,
        restore?.updated ?? null,
      ]),
    );
    const organisation = r.organisation;
    if (organisation !== undefined)
      r.identifiers?.forEach((i, n) => {
        stage.identifiers.push(
          copyRow([item.key, organisation, i.type, i.value, restore?.identifiersGiven[n] ?? null]),
        );
      });
    const locators = r.locators ?? [];
    for (const n of distinctLocators(locators)) {
      const l = locators[n] as LineLocator;
      const marks = restore?.locatorMarks[n];
      stage.locators.push(
        copyRow([
          stage.locators.length,
          item.key,
          l.url,
          fieldText(l.priority),
          fieldText(l.mediaType),
          fieldText(l.active),
          fieldText(l.created) ?? created,
          l.owner ?? null,
          marks?.linkFailing ?? null,
          marks?.linkChecked ?? null,
        ]),
      );
    }
    const successorKeys = new Set<string>();
    item.successors.forEach((s, n) => {
      if (successorKeys.has(s.key)) return;
      successorKeys.add(s.key);
      stage.successors.push(
        copyRow([item.key, s.urn, s.key, restore?.successorsLinked[n] ?? null]),
      );
    });
  }
  return stage;
}

/** COPYs rows already in COPY's text format into a stage table, as one write. */
export async function copyIn(c: pg.PoolClient, table: string, rows: string[]): Promise<void> {
  const copy = c.query(copyFrom(`COPY ${table} FROM STDIN`));
  copy.end(rows.join(""));
  await finished(copy);
}

/** A statement prepared once per connection under its name. */
export interface Prepared {
  name: string;
  text: string;
}

/** How the batch's first statement finds the keys stored already (see insertRecords). */
export type RecordInsert = "anti-join" | "on-conflict" | "fresh";

/**
 * The batch's first statement inserts its new records into `records` (and their ids into
 * `import_created`), in line order. Normally (`anti-join`) keys not stored yet are inserted as
 * plain rows (an anti-join probes the key index once; ON CONFLICT's speculative insertion costs
 * more per row); after a unique_violation from a writer that committed an equal key meanwhile,
 * `on-conflict`: ON CONFLICT DO NOTHING. A fresh restore's (the registry held nothing when it
 * began, and its lines do not repeat) inserts every row without the probe, which is then done once
 * by the key index itself; a key stored all the same is a unique_violation, and the batch is
 * inserted again `on-conflict`.
 */
export function insertRecords(mode: RecordInsert): Prepared {
  const columns =
    "key, urn, nid, status, metadata, reason, deactivated, organisation, prefix, created, coalesce(updated, $1)";
  const insert = {
    "anti-join": `SELECT ${columns}
  FROM import_records s WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.key = s.key)
  ORDER BY n`,
    "on-conflict": `SELECT ${columns}
  FROM import_records ORDER BY n
  ON CONFLICT (key) DO NOTHING`,
    fresh: `SELECT ${columns}
  FROM import_records ORDER BY n`,
  }[mode];
  return {
    name: `urnkit-import-records-${mode}`,
    text: `WITH ins AS (
  INSERT INTO records (key, urn, nid, status, metadata, reason, deactivated, organisation, prefix, created, updated)
  ${insert}
  RETURNING id, key, urn
)
INSERT INTO import_created SELECT id, key, urn FROM ins`,
  };
}

/**
 * The second statement gives the created records their locators and successors (a stage that is
 * rare, joined only when the batch has some), writes an audit row for each created record (named
 * by its URN, so that its history shows the import, in line order, which is id order) and names the
 * created keys.
 */
export function completeRecords(
  successors: boolean,
  identifiers = false,
  restoring = false,
): Prepared {
  const successor = successors
    ? `, successor AS (
  INSERT INTO successors (record_id, successor_urn, successor_key, created)
  SELECT c.id, s.urn, s.successor_key, coalesce(s.created, $2)
  FROM import_created c JOIN import_successors s ON s.key = c.key
)`
    : "";
  // An identifier already naming a record is left as it is (the import checked it).
  const identifier = identifiers
    ? `, identifier AS (
  INSERT INTO record_identifiers (organisation, type, value, record_id, created)
  SELECT i.organisation, i.type, i.value, c.id, coalesce(i.created, $2)
  FROM import_created c JOIN import_identifiers i ON i.key = c.key
  ON CONFLICT DO NOTHING
)`
    : "";
  // A restore writes no audit row of its own (its export carries the audit log); the parameters
  // stay the same, so $1 and $3 are typed where the statement does not use them.
  const audited = restoring
    ? `, audited AS (SELECT $1::bigint AS token, $2::text AS at, $3::text AS batch)`
    : `, audited AS (
  INSERT INTO audit (token_id, action, target, before, after, at)
  SELECT $1, 'urn.import', urn, NULL, json_build_object('batch', $3::text)::text, $2
  FROM import_created ORDER BY id
)`;
  return {
    name: `urnkit-import-complete${successors ? "-successors" : ""}${identifiers ? "-identifiers" : ""}${restoring ? "-restoring" : ""}`,
    text: `WITH locator AS (
  INSERT INTO locators (record_id, url, priority, media_type, active, owner, created,
    link_failing, link_checked)
  SELECT c.id, l.url, coalesce(l.priority::bigint, 0), l.media_type,
    coalesce(l.active::boolean, true), l.owner, l.created, coalesce(l.link_failing, false),
    coalesce(l.link_checked, false)
  FROM import_created c JOIN import_locators l ON l.key = c.key
  ORDER BY l.n
)${successor}${identifier}${audited}
SELECT key FROM import_created`,
  };
}
