// The registry as a whole, read for `urnkit verify` in SQLite (storage/integrity.ts): one read
// transaction, so every query sees the same snapshot while a server goes on writing (WAL).

import type Database from "better-sqlite3";
import type {
  AssignmentsPastRecords,
  IdSequence,
  IntegrityReads,
  IntegrityStore,
  LogEntry,
  LogSequence,
  NumberedRecord,
  Orphans,
  PresentFunction,
  PresentTrigger,
  RecordChild,
  RecordKey,
  RolledUpEntry,
  TakenNumbers,
  TriggerBypass,
  UnfinishedCopy,
  UrnCountsPastBucket,
} from "../integrity.js";
import { CHILD_ROWS, CREATION_NOT_LOGGED, recordKeyPages, withCount } from "../integrity.js";

/** The URN log's entries with their chunk's id and day and the record id each names. */
const LOG_ENTRIES = `SELECT l.id AS chunk, l.day, CAST(e.value ->> 0 AS INTEGER) AS record
  FROM stat_resolution_urn_log l CROSS JOIN json_each(l.urns) e`;

/** A prefix's numbers: the digits after it, without the check character where it has one. */
const NUMBERED = `SELECT p.prefix, p.next, p.width, p.check_scheme AS scheme, r.id, r.urn, r.key,
    substr(r.key, length(p.prefix) + 1, max(0,
      length(r.key) - length(p.prefix) - CASE p.check_scheme WHEN 'none' THEN 0 ELSE 1 END)) AS digits
  FROM records r JOIN prefixes p ON p.prefix = r.prefix
  WHERE substr(r.key, 1, length(p.prefix)) = p.prefix`;

class SqliteIntegrityReads implements IntegrityReads {
  readonly engine = "sqlite";
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  #all<T>(sql: string, ...params: unknown[]): T[] {
    return this.#db.prepare<unknown[], T>(sql).all(...params);
  }

  #count(sql: string): number {
    return this.#db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM (${sql})`).get()?.n ?? 0;
  }

  async appliedVersions(): Promise<number[] | null> {
    const table = this.#all(
      "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'",
    );
    if (table.length === 0) return null;
    return this.#all<{ version: number }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    ).map((row) => row.version);
  }

  async triggers(): Promise<PresentTrigger[]> {
    return this.#all<{ name: string; table: string; sql: string }>(
      "SELECT name, tbl_name AS \"table\", sql FROM sqlite_master WHERE type = 'trigger'",
    ).map((row) => ({ name: row.name, table: row.table, enabled: true, definition: row.sql }));
  }

  async functions(): Promise<PresentFunction[]> {
    return [];
  }

  async triggersBypassed(): Promise<TriggerBypass> {
    // A restore's row is deleted before its COMMIT: this snapshot sees one only when left behind.
    const mark = this.#db.prepare("SELECT 1 FROM restoring LIMIT 1").get();
    return { replicaRole: false, restoreMark: mark !== undefined };
  }

  async unfinishedCopy(): Promise<UnfinishedCopy | null> {
    return (
      this.#db
        .prepare<[], UnfinishedCopy>(
          "SELECT source, started, line FROM copy_checkpoint WHERE id = 1 AND finished IS NULL",
        )
        .get() ?? null
    );
  }

  async numbersAtOrPastNext(limit: number): Promise<NumberedRecord[]> {
    // Compared as text without leading zeros: a number of 30 digits is past any integer.
    const rows = this.#db
      .prepare<[number], Omit<NumberedRecord, "check"> & { scheme: string }>(
        `SELECT prefix, next, width, scheme, id, urn, key, digits
         FROM (SELECT *, ltrim(digits, '0') AS value FROM (${NUMBERED})) v
         WHERE digits <> '' AND digits NOT GLOB '*[^0-9]*' AND length(digits) >= width
           AND (length(value) > length(next)
             OR (length(value) = length(next) AND value >= CAST(next AS TEXT)))
           AND ${CREATION_NOT_LOGGED}
         ORDER BY prefix, length(value) DESC, value DESC LIMIT ?`,
      )
      .all(limit);
    return rows.map(({ scheme, ...row }) => ({ ...row, check: scheme }));
  }

  async takenPastNext(): Promise<TakenNumbers[]> {
    return this.#all<TakenNumbers>(
      `SELECT prefix, next, past FROM (
         SELECT p.prefix, p.next, (
           SELECT max(CAST(a.after ->> '$.first' AS INTEGER) + CAST(a.after ->> '$.count' AS INTEGER))
           FROM audit a WHERE a.target = 'prefix:' || p.prefix
             AND a.action IN ('prefix.mint', 'prefix.reserve', 'prefix.suggest', 'namespace.mint')
         ) AS past
         FROM prefixes p
       ) WHERE past > next ORDER BY prefix`,
    );
  }

  async idSequencesBehind(): Promise<IdSequence[]> {
    // SQLite gives a row id past the largest there is (and past sqlite_sequence's, with
    // AUTOINCREMENT): its ids cannot fall behind.
    return [];
  }

  async orphans(table: RecordChild, limit: number): Promise<Orphans> {
    const rows = `SELECT ${CHILD_ROWS[table]} AS row, c.record_id AS recordId FROM ${table} c
      WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = c.record_id)`;
    const examples = this.#all<{ row: string; recordId: number }>(`${rows} LIMIT ?`, limit);
    return withCount(examples, limit, () => this.#count(rows));
  }

  async *recordKeys(): AsyncIterable<RecordKey[]> {
    const page = this.#db.prepare<[number, number], RecordKey>(
      "SELECT id, urn, key FROM records WHERE id > ? ORDER BY id LIMIT ?",
    );
    yield* recordKeyPages((after, size) => page.all(after, size));
  }

  async duplicateKeys(limit: number): Promise<{ key: string; ids: number[] }[]> {
    return this.#all<{ key: string; ids: string }>(
      `SELECT key, json_group_array(id) AS ids FROM records GROUP BY key HAVING count(*) > 1
       ORDER BY key LIMIT ?`,
      limit,
    ).map((row) => ({ key: row.key, ids: JSON.parse(row.ids) as number[] }));
  }

  async recordsByKeys(keys: readonly string[]): Promise<RecordKey[]> {
    return this.#all<RecordKey>(
      "SELECT id, urn, key FROM records WHERE key IN (SELECT value FROM json_each(?)) ORDER BY id",
      JSON.stringify(keys),
    );
  }

  async logEntriesWithoutRecord(limit: number): Promise<{ count: number; examples: LogEntry[] }> {
    const rows = `SELECT * FROM (${LOG_ENTRIES}) e
      WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = e.record)`;
    const examples = this.#all<LogEntry>(`${rows} ORDER BY chunk, record LIMIT ?`, limit);
    return withCount(examples, limit, () => this.#count(rows));
  }

  async logEntriesRolledUp(limit: number): Promise<{ count: number; examples: RolledUpEntry[] }> {
    const rows = `SELECT e.chunk, e.day, e.record, r.key, u.logged_to AS loggedTo
      FROM (${LOG_ENTRIES}) e JOIN records r ON r.id = e.record
      JOIN stat_resolution_urns u ON u.day = e.day AND u.key = r.key
      WHERE u.logged_to >= e.chunk`;
    const examples = this.#all<RolledUpEntry>(`${rows} ORDER BY chunk, record LIMIT ?`, limit);
    return withCount(examples, limit, () => this.#count(rows));
  }

  async logSequence(): Promise<LogSequence> {
    const row = this.#db
      .prepare<[], LogSequence>(
        `SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'stat_resolution_urn_log'), 0),
             coalesce((SELECT max(id) FROM stat_resolution_urn_log), 0)) + 1 AS next,
           coalesce((SELECT max(logged_to) FROM stat_resolution_urns), 0) AS loggedTo`,
      )
      .get();
    return row ?? { next: 1, loggedTo: 0 };
  }

  async urnCountsPastBuckets(limit: number): Promise<UrnCountsPastBucket[]> {
    return this.#all<UrnCountsPastBucket>(
      `SELECT u.day, u.nid, u.prefix, u.organisation, u.people AS urnPeople, u.bots AS urnBots,
         coalesce(b.people, 0) AS bucketPeople, coalesce(b.bots, 0) AS bucketBots
       FROM (
         SELECT day, nid, prefix, organisation, sum(count) AS people, sum(bots) AS bots FROM (
           SELECT day, nid, prefix, organisation, count, bots FROM stat_resolution_urns
           UNION ALL
           SELECT l.day, e.value ->> 1, e.value ->> 2, e.value ->> 3, e.value ->> 4, e.value ->> 5
           FROM stat_resolution_urn_log l CROSS JOIN json_each(l.urns) e
         ) GROUP BY 1, 2, 3, 4
       ) u LEFT JOIN (
         SELECT day, nid, prefix, organisation, sum(CASE bot WHEN 0 THEN count ELSE 0 END) AS people,
           sum(CASE bot WHEN 1 THEN count ELSE 0 END) AS bots
         FROM stat_resolutions GROUP BY 1, 2, 3, 4
       ) b ON b.day = u.day AND b.nid = u.nid AND b.prefix = u.prefix
         AND b.organisation = u.organisation
       WHERE u.people > coalesce(b.people, 0) OR u.bots > coalesce(b.bots, 0)
       ORDER BY 1, 2, 3, 4 LIMIT ?`,
      limit,
    );
  }

  async assignmentsPastRecords(limit: number): Promise<AssignmentsPastRecords[]> {
    return this.#all<AssignmentsPastRecords>(
      `SELECT a.nid, a.prefix, a.organisation, a.registered, a.activated, a.deactivated,
         coalesce(r.records, 0) AS records, coalesce(r.past, 0) AS recordsPastReserved,
         coalesce(r.deactivated, 0) AS recordsDeactivated
       FROM (
         SELECT nid, prefix, organisation,
           sum(CASE event WHEN 'registered' THEN count ELSE 0 END) AS registered,
           sum(CASE event WHEN 'activated' THEN count ELSE 0 END) AS activated,
           sum(CASE event WHEN 'deactivated' THEN count ELSE 0 END) AS deactivated
         FROM stat_assignments GROUP BY 1, 2, 3
       ) a LEFT JOIN (
         SELECT nid, coalesce(prefix, '') AS prefix, coalesce(organisation, '') AS organisation,
           count(*) AS records, sum(status <> 'reserved') AS past,
           sum(status = 'deactivated') AS deactivated
         FROM records GROUP BY 1, 2, 3
       ) r ON r.nid = a.nid AND r.prefix = a.prefix AND r.organisation = a.organisation
       WHERE a.registered > coalesce(r.records, 0) OR a.activated > coalesce(r.past, 0)
         OR a.deactivated > coalesce(r.deactivated, 0)
       ORDER BY 1, 2, 3 LIMIT ?`,
      limit,
    );
  }

  async recordCount(): Promise<number> {
    return this.#count("SELECT id FROM records");
  }
}

export class SqliteIntegrity implements IntegrityStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /**
   * A deferred transaction that only reads: its snapshot is taken at its first read. For a process
   * that is its connection's only user (the command line): a write of anyone else sharing the
   * connection meanwhile would join the transaction, and be rolled back with it.
   */
  async snapshot<T>(work: (reads: IntegrityReads) => Promise<T>): Promise<T> {
    this.#db.prepare("BEGIN").run();
    try {
      return await work(new SqliteIntegrityReads(this.#db));
    } finally {
      if (this.#db.inTransaction) this.#db.prepare("ROLLBACK").run();
    }
  }
}
