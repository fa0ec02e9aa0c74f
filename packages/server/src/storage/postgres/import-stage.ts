// How an import batch reaches PostgreSQL's tables: its rows are COPY-ed into per-connection
// temporary stage tables, then two prepared statements insert the new records, then their
// locators, successors and the batch's audit row. A fresh restore's records and locators are
// COPY-ed straight into their tables instead, under ids drawn for them. The batch's rules (the
// first line of a key repeated in the batch wins; a locator URL repeated in a record is stored
// once, with its last fields, where it first appeared) are applied here while the rows are
// written, so the statements neither sort nor de-duplicate.

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

/**
 * A batch's rows in COPY's text format, each without the field that ties it to its record: staged,
 * a row names its record by key (and position, for order); written straight into the registry's
 * tables (a fresh restore), by the id drawn for it.
 */
export interface Stage {
  /** Each record's key as a COPY field (a key repeated in the batch: from its first line). */
  keys: string[];
  /** Each record's row from its key on, in the columns of RECORD_COLUMNS after the first. */
  records: string[];
  /** Each locator's record, as a position in `records`. */
  locatorRecords: number[];
  /** Each locator's row after its record, in the columns of LOCATOR_COLUMNS after the first. */
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

/** A record row's columns, from the one naming it (a position staged, an id written). */
const RECORD_COLUMNS =
  "key, urn, nid, status, metadata, reason, deactivated, created, organisation, prefix, updated";

/** A locator row's columns after the one naming its record. */
const LOCATOR_COLUMNS =
  "url, priority, media_type, active, created, owner, link_failing, link_checked";

/** The COPY rows of a batch; `t` stands in for the times a line leaves out. */
export function stageBatch(items: readonly ImportItem[], t: string): Stage {
  const stage: Stage = {
    keys: [],
    records: [],
    locatorRecords: [],
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
    const position = stage.records.length;
    const key = copyField(item.key);
    stage.keys.push(key);
    stage.records.push(
      `${key}\t${copyRow([
        r.urn,
        item.nid,
        r.status,
        r.metadata == null ? null : JSON.stringify(r.metadata),
        deactivated ? (r.reason ?? null) : null,
        deactivated ? (r.deactivated ?? t) : null,
        created,
        r.organisation ?? null,
        r.prefix ?? null,
        restore?.updated ?? t,
      ])}`,
    );
    const organisation = r.organisation;
    if (organisation !== undefined)
      r.identifiers?.forEach((i, n) => {
        stage.identifiers.push(
          `${key}\t${copyRow([organisation, i.type, i.value, restore?.identifiersGiven[n] ?? null])}`,
        );
      });
    const locators = r.locators ?? [];
    for (const n of distinctLocators(locators)) {
      const l = locators[n] as LineLocator;
      const marks = restore?.locatorMarks[n];
      stage.locatorRecords.push(position);
      stage.locators.push(
        copyRow([
          l.url,
          fieldText(l.priority) ?? 0,
          fieldText(l.mediaType),
          fieldText(l.active) ?? true,
          fieldText(l.created) ?? created,
          l.owner ?? null,
          marks?.linkFailing ?? false,
          marks?.linkChecked ?? false,
        ]),
      );
    }
    const successorKeys = new Set<string>();
    item.successors.forEach((s, n) => {
      if (successorKeys.has(s.key)) return;
      successorKeys.add(s.key);
      stage.successors.push(
        `${key}\t${copyRow([s.urn, s.key, restore?.successorsLinked[n] ?? null])}`,
      );
    });
  }
  return stage;
}

/** `rows`, each after the fields `lead` gives for its position. */
function led(rows: readonly string[], lead: (n: number) => string | number): string[] {
  return rows.map((row, n) => `${lead(n)}\t${row}`);
}

/** The stage's records as the stage table's rows: their position, then the rest. */
export function stagedRecords(stage: Stage): string[] {
  return led(stage.records, (n) => n);
}

/** The stage's locators as the stage table's rows: their position and their record's key. */
export function stagedLocators(stage: Stage): string[] {
  return led(stage.locators, (n) => `${n}\t${stage.keys[stage.locatorRecords[n] as number]}`);
}

/**
 * Draws an id for each of `count` records, in order (a fresh restore's records are COPY-ed with
 * them: COPY writes an identity column as given). Concurrent writers may draw between them. The
 * sequence is looked up once (a materialized CTE): as a subquery in FROM, the planner pulls the
 * lookup up into the row loop, and it cost 3 µs of each id's 4 (the batch's draw 15-22 ms of
 * 5,000 ids instead of 3-4), in the part of a batch that runs in turn.
 */
export const DRAW_RECORD_IDS: Prepared = {
  name: "urnkit-import-draw-record-ids",
  text: `WITH s AS MATERIALIZED (SELECT pg_get_serial_sequence('records', 'id')::regclass AS sequence)
SELECT array_to_string(ARRAY(
  SELECT nextval(s.sequence) FROM s, generate_series(1, $1::integer)
), ',') AS ids`,
};

/** COPY's target for records written straight, each under its id. */
export const WRITTEN_RECORDS = `records (id, ${RECORD_COLUMNS})`;

/** COPY's target for locators written straight, each under its record's id. */
export const WRITTEN_LOCATORS = `locators (record_id, ${LOCATOR_COLUMNS})`;

/** The stage's records as rows of WRITTEN_RECORDS, under `ids` (in the order of the records). */
export function writtenRecords(stage: Stage, ids: readonly string[]): string[] {
  return led(stage.records, (n) => ids[n] as string);
}

/** The stage's locators as rows of WRITTEN_LOCATORS, their records under `ids`. */
export function writtenLocators(stage: Stage, ids: readonly string[]): string[] {
  return led(stage.locators, (n) => ids[stage.locatorRecords[n] as number] as string);
}

/** The stage rows of `import_created` (id, key, urn) for the records written under `ids`. */
export function createdRows(stage: Stage, ids: readonly string[]): string[] {
  return stage.keys.map((key, n) => `${ids[n]}\t${key}\t\\N\n`);
}

/** COPYs rows already in COPY's text format into `table` (with its columns), as one write. */
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
export type RecordInsert = "anti-join" | "on-conflict";

/**
 * The batch's first statement inserts its new records into `records` (and their ids into
 * `import_created`), in line order. Normally (`anti-join`) keys not stored yet are inserted as
 * plain rows (an anti-join probes the key index once; ON CONFLICT's speculative insertion costs
 * more per row); after a unique_violation from a writer that committed an equal key meanwhile,
 * `on-conflict`: ON CONFLICT DO NOTHING.
 */
export function insertRecords(mode: RecordInsert): Prepared {
  const insert = {
    "anti-join": `SELECT ${RECORD_COLUMNS}
  FROM import_records s WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.key = s.key)
  ORDER BY n`,
    "on-conflict": `SELECT ${RECORD_COLUMNS}
  FROM import_records ORDER BY n
  ON CONFLICT (key) DO NOTHING`,
  }[mode];
  return {
    name: `urnkit-import-records-${mode}`,
    text: `WITH ins AS (
  INSERT INTO records (${RECORD_COLUMNS})
  ${insert}
  RETURNING id, key, urn
)
INSERT INTO import_created SELECT id, key, urn FROM ins`,
  };
}

/** What the second statement writes for the records of `import_created`. */
export interface Completion {
  /** Their locators, from the stage (not when they were written straight into `locators`). */
  locators: boolean;
  successors: boolean;
  identifiers: boolean;
  /** A restore's: no audit row (its export carries the audit log). */
  restoring: boolean;
}

/**
 * The second statement gives the created records their locators and successors (a stage that is
 * rare, joined only when the batch has some), writes an audit row for each created record (named
 * by its URN, so that its history shows the import, in line order, which is id order) and names the
 * created keys.
 */
export function completeRecords(completion: Completion): Prepared {
  const { locators, successors, identifiers, restoring } = completion;
  const steps: string[] = [];
  if (locators)
    steps.push(`locator AS (
  INSERT INTO locators (record_id, ${LOCATOR_COLUMNS})
  SELECT c.id, l.url, l.priority::bigint, l.media_type, l.active::boolean, l.created, l.owner,
    l.link_failing, l.link_checked
  FROM import_created c JOIN import_locators l ON l.key = c.key
  ORDER BY l.n
)`);
  if (successors)
    steps.push(`successor AS (
  INSERT INTO successors (record_id, successor_urn, successor_key, created)
  SELECT c.id, s.urn, s.successor_key, coalesce(s.created, $2)
  FROM import_created c JOIN import_successors s ON s.key = c.key
)`);
  // An identifier already naming a record is left as it is (the import checked it).
  if (identifiers)
    steps.push(`identifier AS (
  INSERT INTO record_identifiers (organisation, type, value, record_id, created)
  SELECT i.organisation, i.type, i.value, c.id, coalesce(i.created, $2)
  FROM import_created c JOIN import_identifiers i ON i.key = c.key
  ON CONFLICT DO NOTHING
)`);
  // A restore writes no audit row of its own; the parameters stay the same, so $1 and $3 are
  // typed where the statement does not use them.
  steps.push(
    restoring
      ? "audited AS (SELECT $1::bigint AS token, $2::text AS at, $3::text AS batch)"
      : `audited AS (
  INSERT INTO audit (token_id, action, target, before, after, at)
  SELECT $1, 'urn.import', urn, NULL, json_build_object('batch', $3::text)::text, $2
  FROM import_created ORDER BY id
)`,
  );
  const name = Object.entries(completion)
    .filter(([, on]) => on)
    .map(([part]) => `-${part}`)
    .join("");
  return {
    name: `urnkit-import-complete${name}`,
    text: `WITH ${steps.join(", ")}
SELECT key FROM import_created`,
  };
}
