// store.transfer.importBatch on SQLite: a batch's new records written with one statement per table
// (records, locators, audit rows) instead of one a row. Each insert is a statement whose triggers
// may abort it, so SQLite opens a statement savepoint for each, and row by row two things cost far
// more than the rows themselves: the full-text index (FTS5) writes out the terms it holds at every
// savepoint, a segment for each record that it then merges again and again; and the statement
// journal (the page images a statement would restore: the table's and every index's) spills to
// a temporary file once one statement's passes 64 KiB, after which every page is a system call
// for the rest of the transaction. With one statement per table (row-sets.ts) the index gets one
// segment a batch and a page is journalled once; splitting the rows by jsonb_each rather than
// json_each saved a sixth of what a record cost. Every trigger (the guards, the full-text index,
// the assignment counters) still fires for every row, and ids follow the lines. A line that
// names a record an earlier line of the batch creates is compared with what that line wrote:
// the rows before it are written first.

import Database from "better-sqlite3";
import type { Actor } from "../audit.js";
import { sameAsLine } from "../import-verdict.js";
import type { UrnRecord } from "../records.js";
import { now } from "../rows.js";
import type { ImportBatchResult, ImportItem } from "../transfer.js";
import { locatorUrlKey } from "./locator-url-key.js";
import { type LocatorRow, type RecordRow, RowSets } from "./row-sets.js";

export interface ImportBatchAccess {
  /** The record registered under `key`, if any. */
  record(key: string): UrnRecord | null;
  /** Links the record to a successor it does not name yet. */
  successor(recordId: number, successor: { urn: string; key: string }, t: string): void;
}

export class SqliteImportBatch {
  readonly #access: ImportBatchAccess;
  readonly #rows: RowSets;
  readonly #identifier: Database.Statement<
    [{ organisation: string; type: string; value: string; id: number; created: string }]
  >;
  readonly #audit: Database.Statement<[number | null, string, string, string]>;

  constructor(db: Database.Database, access: ImportBatchAccess) {
    this.#access = access;
    this.#rows = new RowSets(db);
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
  }

  /**
   * Writes the batch inside the caller's transaction; a restore's (`restoring`) with the times and
   * marks its items keep, and no audit row (its export carries the audit log). A fresh restore's
   * (the registry held nothing when it began) is inserted as its rows (freshRows) without looking
   * each key up first: the insert's own guard refuses a stored key, and only then is the batch
   * looked up line by line.
   */
  write(
    items: readonly ImportItem[],
    actor: Actor,
    restoring: boolean,
    fresh = false,
  ): ImportBatchResult {
    const rows = restoring && fresh ? freshRows(items, now()) : null;
    if (rows !== null)
      try {
        return this.writeFresh(rows);
      } catch (error) {
        // A key stored already (an export repeating a record in a later batch): the records'
        // statement failed as a whole, before anything else of the batch was written.
        if (!isTakenKey(error)) throw error;
      }
    const result: ImportBatchResult = { created: 0, unchanged: 0, conflicts: [] };
    const created: string[] = [];
    const t = now();
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
    result.created = created.length;
    if (created.length > 0 && !restoring)
      this.#audit.run(
        actor.tokenId,
        JSON.stringify({ batch: `lines ${items[0]?.line}-${items.at(-1)?.line}` }),
        now(),
        JSON.stringify(created),
      );
    return result;
  }

  /** Writes a fresh restore's rows (freshRows) inside the caller's transaction. */
  writeFresh(rows: FreshRows): ImportBatchResult {
    this.#rows.recordsWithLocators(rows.records, rows.locators);
    return { created: rows.count, unchanged: 0, conflicts: [] };
  }

  /** New records (keys free and distinct), their locators, successors and identifiers. */
  #insert(items: readonly ImportItem[], t: string): void {
    // The schema refuses any insert on a taken key (version 5): the caller looked them up.
    const ids = this.#rows.records(recordRows(items, t));
    const locators = locatorRows(items, t, (key) => ids.get(key) as number);
    this.#rows.locators(locators);
    for (const { key, record: r, successors, restore } of items) {
      const id = ids.get(key) as number;
      successors.forEach((successor, n) => {
        this.#access.successor(id, successor, restore?.successorsLinked[n] ?? t);
      });
      const organisation = r.organisation;
      if (organisation !== undefined)
        r.identifiers?.forEach((i, n) => {
          this.#identifier.run({
            organisation,
            ...i,
            id,
            created: restore?.identifiersGiven[n] ?? r.created ?? t,
          });
        });
    }
  }
}

/** A batch's records rows, in line order. */
function recordRows(items: readonly ImportItem[], t: string): RecordRow[] {
  return items.map(({ key, nid, record: r, restore }) => [
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
    restore?.updated ?? t,
  ]);
}

/** A batch's locators rows, in line order, each naming its record as `record` gives it. */
function locatorRows(
  items: readonly ImportItem[],
  t: string,
  record: (key: string) => number | string,
): LocatorRow[] {
  const locators: LocatorRow[] = [];
  for (const { key, record: r, restore } of items) {
    const since = r.created ?? t;
    r.locators?.forEach((l, n) => {
      const marks = restore?.locatorMarks[n];
      locators.push([
        record(key),
        l.url,
        locatorUrlKey(l.url),
        l.priority ?? 0,
        l.mediaType ?? null,
        l.active === false ? 0 : 1,
        l.owner ?? null,
        l.created ?? since,
        marks?.linkFailing === true ? 1 : 0,
        marks?.linkChecked === true ? 1 : 0,
      ]);
    });
  }
  return locators;
}

/** A fresh restore's batch as the JSON of its records' and locators' rows (see freshRows). */
export interface FreshRows {
  count: number;
  records: string;
  /** Each locator naming its record by key; null when there are none. */
  locators: string | null;
}

/**
 * A fresh restore's batch (keys distinct, none stored) as the JSON text its two set inserts take,
 * made wherever the batch is read: a writer thread (restore-writer.ts) then only runs the
 * statements. Null when a record has successors or identifiers, which are written through the
 * records' ids: such a batch is written by `write`.
 */
export function freshRows(items: readonly ImportItem[], t: string): FreshRows | null {
  if (new Set(items.map((item) => item.key)).size !== items.length) return null;
  for (const { successors, record } of items)
    if (successors.length > 0 || (record.identifiers?.length ?? 0) > 0) return null;
  const locators = locatorRows(items, t, (key) => key);
  return {
    count: items.length,
    records: JSON.stringify(recordRows(items, t)),
    locators: locators.length === 0 ? null : JSON.stringify(locators),
  };
}

/** The records guard's refusal of a key that is registered (guard-rules.ts). */
export function isTakenKey(error: unknown): boolean {
  return (
    error instanceof Database.SqliteError &&
    error.message.includes("a URN record is never replaced: the key is registered")
  );
}
