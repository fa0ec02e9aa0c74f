// New records and their locators inserted as sets, one statement a table: the rows travel as one
// JSON array, split by jsonb_each (its rows are binary JSON that each field is read from
// directly; json_each's are text parsed again for every field read). One statement a set, not
// one a row: SQLite opens a statement savepoint for each insert whose triggers may abort it, and
// the full-text index writes out what it holds at every savepoint (import-batch.ts has the
// figures). The import (import-batch.ts) and a set of registrations (record-set.ts) both write
// through here; every trigger still fires for every row, and ids follow the rows' order.

import type Database from "better-sqlite3";

/**
 * A records row: key, urn, nid, status, metadata (JSON text), reason, deactivated,
 * organisation, prefix, created, updated.
 */
export type RecordRow = [
  string,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string | null,
  string | null,
  string,
  string,
];

/**
 * A locators row: record id (or, made before the id is known, the record's key), URL, URL key,
 * priority, media type, active (1 or 0), owner, created, and (a restore's) whether it is failing
 * its link checks and has been checked (1 or 0).
 */
export type LocatorRow = [
  number | string,
  string,
  string,
  number,
  string | null,
  0 | 1,
  string | null,
  string,
  (0 | 1)?,
  (0 | 1)?,
];

/** The columns of a locators row after its record's (LocatorRow), read from a set's rows. */
const LOCATOR_VALUES = `value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
         value ->> 6, value ->> 7, coalesce(value ->> 8, 0), coalesce(value ->> 9, 0)`;

export class RowSets {
  readonly #records: Database.Statement<[string], { id: number; key: string }>;
  readonly #recordsOnly: Database.Statement<[string]>;
  readonly #locators: Database.Statement<[string]>;
  readonly #locatorsByKey: Database.Statement<[string]>;

  constructor(db: Database.Database) {
    // The inserts read no table they write (one that did would be staged in a temporary table):
    // the callers look the keys up first.
    const records = `INSERT INTO records (key, urn, nid, status, metadata, reason, deactivated, organisation, prefix, created, updated)
       SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
         value ->> 6, value ->> 7, value ->> 8, value ->> 9, value ->> 10
       FROM jsonb_each(?) ORDER BY key`;
    this.#records = db.prepare(`${records} RETURNING id, key`);
    this.#recordsOnly = db.prepare(records);
    const locators = `INSERT INTO locators (record_id, url, url_key, priority, media_type, active,
         owner, created, link_failing, link_checked)`;
    this.#locators = db.prepare(
      `${locators} SELECT value ->> 0, ${LOCATOR_VALUES} FROM jsonb_each(?) ORDER BY key`,
    );
    // A record named by its key: the rows made before its id was known (a fresh restore's).
    this.#locatorsByKey = db.prepare(
      `${locators} SELECT (SELECT id FROM records WHERE key = value ->> 0), ${LOCATOR_VALUES}
       FROM jsonb_each(?) ORDER BY key`,
    );
  }

  /** Inserts the records (keys free and distinct), in order: each one's id by its key. */
  records(rows: readonly RecordRow[]): Map<string, number> {
    return new Map(this.#records.all(JSON.stringify(rows)).map((r) => [r.key, r.id]));
  }

  /** Inserts the locators, in order. */
  locators(rows: readonly LocatorRow[]): void {
    if (rows.length > 0) this.#locators.run(JSON.stringify(rows));
  }

  /**
   * Inserts the records and then their locators from the JSON of their rows, each locator naming
   * its record by key instead of id (LocatorRow with the key first).
   */
  recordsWithLocators(records: string, locators: string | null): void {
    this.#recordsOnly.run(records);
    if (locators !== null) this.#locatorsByKey.run(locators);
  }
}
