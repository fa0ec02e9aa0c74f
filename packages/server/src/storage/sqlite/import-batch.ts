// Store.importBatch on SQLite: a batch's new records written with one statement per table
// (records, locators, audit rows), the rows travelling as one JSON array, as record-set.ts writes
// a set. The array is split by jsonb_each, whose rows are binary JSON that each field is read from
// directly; json_each's would be text, parsed again for every field read (a sixth of a record's
// cost). Written row by row, each insert is a statement of its own whose
// triggers may abort it, so SQLite opens a statement savepoint for each, and two things then cost
// far more than the rows themselves: the full-text index (FTS5) writes out the terms it holds at
// every savepoint, a segment for each record that it merges again and again; and each statement's
// journal (the page images it would restore: the table's and every index's) spills to a
// temporary file as soon as one statement's passes SQLite's 64 KiB, after which every page is a
// system call for the rest of the transaction. With one statement per table, a page is journalled
// once a batch. The full-text index and the assignment counts are not left to their row triggers
// either (a third of what a record cost): while the batch writes it holds the row of
// import_batch_open (schema version 18), which those triggers leave the rows to, and it indexes
// and counts each statement's new records with one statement each (the triggers' text, and
// their counts on the UTC day the batch began) before it lets the row go. All of it is one
// transaction: a batch that fails leaves nothing, and one that commits is searchable and counted.
// The guards fire for every row as before, and ids follow the lines. A line that names a record
// an earlier line of the batch creates is compared with what that line wrote: the rows before it
// are written first.

import type Database from "better-sqlite3";
import { locatorUrlKey } from "../../locator-url-key.js";
import { sameAsLine } from "../import-verdict.js";
import { now } from "../rows.js";
import type { Actor, ImportBatchResult, ImportItem, UrnRecord } from "../store.js";

export interface ImportBatchAccess {
  /** The record registered under `key`, if any. */
  record(key: string): UrnRecord | null;
  /** Links the record to a successor it does not name yet. */
  successor(recordId: number, successor: { urn: string; key: string }, t: string): void;
}

export class SqliteImportBatch {
  readonly #access: ImportBatchAccess;
  readonly #records: Database.Statement<[string], { id: number; key: string }>;
  readonly #locators: Database.Statement<[string]>;
  readonly #identifier: Database.Statement<
    [{ organisation: string; type: string; value: string; id: number; created: string }]
  >;
  readonly #audit: Database.Statement<[number | null, string, string, string]>;
  readonly #open: Database.Statement<[]>;
  readonly #close: Database.Statement<[]>;
  readonly #search: Database.Statement<[number, number]>;
  readonly #counters: Database.Statement<[{ day: string; from: number; to: number }]>;
  readonly #count: Database.Statement<[{ day: string; from: number; to: number }]>;

  constructor(db: Database.Database, access: ImportBatchAccess) {
    this.#access = access;
    // The schema refuses any insert on a taken key (version 5), so keys are looked up first; the
    // insert reads no table it writes (one that did would be staged in a temporary table).
    this.#records = db.prepare(
      `INSERT INTO records (key, urn, nid, status, metadata, reason, deactivated, organisation, prefix, created, updated)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
         value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10
       FROM jsonb_each(?) ORDER BY key
       RETURNING id, key`,
    );
    this.#locators = db.prepare(
      `INSERT INTO locators (record_id, url, url_key, priority, media_type, active, owner, created)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
         value ->> 6, value ->> 7
       FROM jsonb_each(?) ORDER BY key`,
    );
    this.#identifier = db.prepare(
      `INSERT INTO record_identifiers (organisation, type, value, record_id, created)
       SELECT @organisation, @type, @value, @id, @created
       WHERE NOT EXISTS (SELECT 1 FROM record_identifiers
         WHERE organisation = @organisation AND type = @type AND value = @value)`,
    );
    // An audit row for each created record, named by its URN, so that its history shows the
    // import (the batch's lines say which import).
    this.#audit = db.prepare(
      `INSERT INTO audit (token_id, action, target, before, after, at)
       SELECT ?, 'urn.import', value, NULL, ?, ? FROM json_each(?) ORDER BY key`,
    );
    this.#open = db.prepare("INSERT INTO import_batch_open (id) VALUES (1)");
    this.#close = db.prepare("DELETE FROM import_batch_open");
    // records_search_insert's text, for the rows from one id to another.
    this.#search = db.prepare(
      `INSERT INTO records_search (rowid, urn, body)
       SELECT id, urn, (SELECT group_concat(value, ' ') FROM json_tree(metadata) WHERE type = 'text')
       FROM records WHERE id BETWEEN ? AND ?`,
    );
    // What records_count_registered and records_count_created_deactivated add, grouped: each
    // counter's row made with 0 where missing (the table's guard skips one that exists), then
    // raised by its records.
    const counted = `SELECT nid, coalesce(prefix, '') AS p, coalesce(organisation, '') AS o, event,
         count(*) AS n
       FROM records, (SELECT 'registered' AS event UNION ALL SELECT 'deactivated')
       WHERE id BETWEEN @from AND @to AND (event = 'registered' OR status = 'deactivated')
       GROUP BY 1, 2, 3, 4`;
    this.#counters = db.prepare(
      `INSERT INTO stat_assignments (day, nid, prefix, organisation, event, count)
       SELECT @day, nid, p, o, event, 0 FROM (${counted})`,
    );
    this.#count = db.prepare(
      `UPDATE stat_assignments AS s SET count = s.count + c.n FROM (${counted}) AS c
       WHERE s.day = @day AND s.nid = c.nid AND s.prefix = c.p AND s.organisation = c.o
         AND s.event = c.event`,
    );
  }

  /** Writes the batch inside the caller's transaction. */
  write(items: readonly ImportItem[], actor: Actor): ImportBatchResult {
    const result: ImportBatchResult = { created: 0, unchanged: 0, conflicts: [] };
    const created: string[] = [];
    const t = now();
    this.#open.run();
    let pending: ImportItem[] = [];
    const pendingKeys = new Set<string>();
    const flush = () => {
      if (pending.length === 0) return;
      this.#insert(pending, t);
      for (const item of pending) created.push(item.record.urn);
      pending = [];
      pendingKeys.clear();
    };
    for (const item of items) {
      if (pendingKeys.has(item.key)) flush();
      const existing = this.#access.record(item.key);
      if (existing === null) {
        pending.push(item);
        pendingKeys.add(item.key);
      } else if (sameAsLine(existing, item.record)) result.unchanged += 1;
      else result.conflicts.push({ line: item.line, urn: item.record.urn, existing: existing.urn });
    }
    flush();
    this.#close.run();
    result.created = created.length;
    if (created.length > 0)
      this.#audit.run(
        actor.tokenId,
        JSON.stringify({ batch: `lines ${items[0]?.line}-${items.at(-1)?.line}` }),
        now(),
        JSON.stringify(created),
      );
    return result;
  }

  /** New records (keys free and distinct), their locators, successors and identifiers. */
  #insert(items: readonly ImportItem[], t: string): void {
    const rows = this.#records.all(
      JSON.stringify(
        items.map(({ key, nid, record: r }) => [
          key,
          r.urn,
          nid,
          r.status,
          r.metadata == null ? null : JSON.stringify(r.metadata),
          r.status === "deactivated" ? (r.reason ?? null) : null,
          r.status === "deactivated" ? (r.deactivated ?? t) : null,
          r.organisation ?? null,
          r.prefix ?? null,
          r.created ?? t,
          t,
        ]),
      ),
    );
    const ids = new Map(rows.map((row) => [row.key, row.id]));
    // One statement's new rows have consecutive ids (each the largest so far plus one, and the
    // batch's transaction is the only writer).
    let from = Number.POSITIVE_INFINITY;
    let to = 0;
    for (const row of rows) {
      from = Math.min(from, row.id);
      to = Math.max(to, row.id);
    }
    this.#search.run(from, to);
    const range = { day: t.slice(0, 10), from, to };
    this.#counters.run(range);
    this.#count.run(range);
    const locators: unknown[][] = [];
    for (const { key, record: r } of items) {
      const since = r.created ?? t;
      for (const l of r.locators ?? [])
        locators.push([
          ids.get(key),
          l.url,
          locatorUrlKey(l.url),
          l.priority ?? 0,
          l.mediaType ?? null,
          l.active === false ? 0 : 1,
          l.owner ?? null,
          l.created ?? since,
        ]);
    }
    if (locators.length > 0) this.#locators.run(JSON.stringify(locators));
    for (const { key, record: r, successors } of items) {
      const id = ids.get(key) as number;
      for (const successor of successors) this.#access.successor(id, successor, t);
      if (r.organisation !== undefined)
        for (const i of r.identifiers ?? [])
          this.#identifier.run({ organisation: r.organisation, ...i, id, created: r.created ?? t });
    }
  }
}
