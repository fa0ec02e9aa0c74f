// What `urnkit verify` reads of a registry as a whole (verify/ decides what is wrong): the schema
// as the catalog holds it, and the rows that break a rule no single write can see, each found by
// a query that scans or aggregates in the database. Everything is read from one snapshot, without
// writing, so a registry in use can be checked.

import type { Engine } from "./guard.js";

/** A trigger as the catalog holds it. */
export interface PresentTrigger {
  name: string;
  table: string;
  /** False where it does not fire (PostgreSQL: disabled, or only on a replica). */
  enabled: boolean;
  /** SQLite: its CREATE TRIGGER text; PostgreSQL: the function it executes. */
  definition: string;
}

/** A function of the schema (PostgreSQL) and its body as written between its dollar quotes. */
export interface PresentFunction {
  name: string;
  body: string;
}

/** A record under a prefix whose key reads as a number of the prefix at or past its `next`. */
export interface NumberedRecord {
  prefix: string;
  next: number;
  width: number;
  check: string;
  id: number;
  urn: string;
  key: string;
  /** The digits after the prefix (without a check character where the prefix has one). */
  digits: string;
}

/**
 * Leaves out a numbered record (SQL over its row `v`) whose creation the audit log holds: if it was
 * minted, the log's mint ranges account for its number (takenPastNext); if a registrar named it,
 * no number was taken, and minting skips a number it finds registered. Only a record the log
 * says nothing of (a registry moved without its history) can be a number taken unrecorded.
 */
export const CREATION_NOT_LOGGED = `NOT EXISTS (SELECT 1 FROM audit a
  WHERE a.target = v.urn AND a.action IN ('urn.create', 'urn.import'))`;

/** A prefix whose audit log says numbers were taken up to `past` (exclusive), beyond `next`. */
export interface TakenNumbers {
  prefix: string;
  next: number;
  past: number;
}

/** An identity column whose sequence would give an id that is taken (PostgreSQL). */
export interface IdSequence {
  table: string;
  column: string;
  /** The next id the sequence gives. */
  next: number;
  maxId: number;
}

/** Rows naming a record that does not exist: how many, and the first few. */
export interface Orphans {
  count: number;
  examples: { row: string; recordId: number }[];
}

/** The tables whose rows belong to a record. */
export type RecordChild = "locators" | "record_identifiers" | "successors";

/** How each table's row is named in a finding (SQL over the child row `c`, both engines). */
export const CHILD_ROWS: Record<RecordChild, string> = {
  locators: "'locator ' || c.id",
  record_identifiers: "'identifier ' || c.organisation || ' ' || c.type || ' ' || c.value",
  successors: "'successor ' || c.successor_key",
};

/** Records read at a time for the keys' check. */
export const KEY_PAGE = 10_000;
export const RECORD_CHILDREN: readonly RecordChild[] = [
  "locators",
  "record_identifiers",
  "successors",
];

export interface RecordKey {
  id: number;
  urn: string;
  key: string;
}

/** Every record's id, URN and key in id order, read by `page(after, size)` a page at a time. */
export async function* recordKeyPages(
  page: (after: number, size: number) => RecordKey[] | Promise<RecordKey[]>,
): AsyncIterable<RecordKey[]> {
  for (let after = 0; ; ) {
    const rows = await page(after, KEY_PAGE);
    if (rows.length === 0) return;
    yield rows;
    after = (rows[rows.length - 1] as RecordKey).id;
  }
}

/**
 * `examples` (read with LIMIT `limit`) and how many rows there are in all: counted by `count` only
 * where the examples fill the limit.
 */
export async function withCount<T>(
  examples: T[],
  limit: number,
  count: () => number | Promise<number>,
): Promise<{ count: number; examples: T[] }> {
  return { count: examples.length < limit ? examples.length : await count(), examples };
}

/** An entry of the statistics' URN log: its chunk, day and the record it names. */
export interface LogEntry {
  chunk: number;
  day: string;
  record: number;
}

/** A URN log entry whose rollup row says it has already taken that chunk in. */
export interface RolledUpEntry extends LogEntry {
  key: string;
  loggedTo: number;
}

/** Where the URN log's ids stand against the last chunk id its rollup has taken in. */
export interface LogSequence {
  /** The id the next chunk gets. */
  next: number;
  /** The highest logged_to of the rollup (0 when none). */
  loggedTo: number;
}

/** A day and bucket whose per-URN resolutions add up to more than the bucket's. */
export interface UrnCountsPastBucket {
  day: string;
  nid: string;
  prefix: string;
  organisation: string;
  urnPeople: number;
  urnBots: number;
  bucketPeople: number;
  bucketBots: number;
}

/** Assignment counts of a bucket (all days) against the records that could have made them. */
export interface AssignmentsPastRecords {
  nid: string;
  prefix: string;
  organisation: string;
  registered: number;
  activated: number;
  deactivated: number;
  records: number;
  /** Records active or deactivated: at most one activation each. */
  recordsPastReserved: number;
  recordsDeactivated: number;
}

/** What keeps the schema's triggers from firing, or from counting, in this database. */
export interface TriggerBypass {
  /** PostgreSQL's session_replication_role is 'replica' in its sessions: no trigger fires. */
  replicaRole: boolean;
  /**
   * The restore mark (migration 19) is set outside a restore: SQLite, a committed row of
   * `restoring`; PostgreSQL, `urnkit.restoring` set for the database's or the role's sessions.
   * Records written meanwhile are not counted in the assignment statistics.
   */
  restoreMark: boolean;
}

/** A copy into this database that has not finished: how far it got. */
export interface UnfinishedCopy {
  source: string;
  started: string;
  /** Lines of the source's export committed here. */
  line: number;
}

export interface IntegrityReads {
  readonly engine: Engine;
  /** The versions schema_migrations records; null when there is no such table. */
  appliedVersions(): Promise<number[] | null>;
  triggers(): Promise<PresentTrigger[]>;
  /** The schema's functions (none in SQLite). */
  functions(): Promise<PresentFunction[]>;
  triggersBypassed(): Promise<TriggerBypass>;
  /**
   * Records whose key reads as a number of their prefix at or past its next (`limit` of them),
   * each prefix's highest first.
   */
  numbersAtOrPastNext(limit: number): Promise<NumberedRecord[]>;
  /** Prefixes whose audit log records numbers taken at or past their next. */
  takenPastNext(): Promise<TakenNumbers[]>;
  idSequencesBehind(): Promise<IdSequence[]>;
  /** Rows of `table` whose record does not exist, `limit` of them as examples. */
  orphans(table: RecordChild, limit: number): Promise<Orphans>;
  /** Every record's id, URN and key, in id order, a page at a time. */
  recordKeys(): AsyncIterable<RecordKey[]>;
  /** Keys held by more than one record (none while the unique index stands). */
  duplicateKeys(limit: number): Promise<{ key: string; ids: number[] }[]>;
  /** The records whose stored key is one of `keys`. */
  recordsByKeys(keys: readonly string[]): Promise<RecordKey[]>;
  /** URN log entries naming no record: their counts would be lost when rolled up. */
  logEntriesWithoutRecord(limit: number): Promise<{ count: number; examples: LogEntry[] }>;
  /** URN log entries already taken into their rollup row (read twice: counted twice). */
  logEntriesRolledUp(limit: number): Promise<{ count: number; examples: RolledUpEntry[] }>;
  logSequence(): Promise<LogSequence>;
  urnCountsPastBuckets(limit: number): Promise<UrnCountsPastBucket[]>;
  assignmentsPastRecords(limit: number): Promise<AssignmentsPastRecords[]>;
  /** The copy into this database that has not finished, or null. */
  unfinishedCopy(): Promise<UnfinishedCopy | null>;
  /** How many records, for the summary. */
  recordCount(): Promise<number>;
}

export interface IntegrityStore {
  /** Runs `work` on one consistent snapshot of the database, read only. */
  snapshot<T>(work: (reads: IntegrityReads) => Promise<T>): Promise<T>;
}
