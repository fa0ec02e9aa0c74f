// Records in SQLite (storage/records.ts): each write and its audit row in one IMMEDIATE
// transaction. better-sqlite3 reads synchronously, so resolution's lookup can be answered at once
// (resolveNow).

import type Database from "better-sqlite3";
import type { Actor } from "../audit.js";
import { keyTaken, StateError } from "../errors.js";
import { tombstoneFrozen, tombstoneStep } from "../lifecycle.js";
import { LOCATOR_RANK } from "../locator-rank.js";
import { newRecordColumns } from "../new-record.js";
import type {
  CreateOutcome,
  Deactivation,
  Locator,
  LocatorInput,
  NewRecord,
  RecordIdentifier,
  RecordPatch,
  RecordStatus,
  RecordStore,
  ResolveView,
  UrnRecord,
} from "../records.js";
import { now, type RecordColumns, toRecord } from "../rows.js";
import type { AuditFn } from "./audit.js";
import type { CommitGroup } from "./commit-group.js";
import { locatorUrlKey } from "./locator-url-key.js";
import type { SqlitePrefixes } from "./prefixes.js";
import { SqliteRecordSet } from "./record-set.js";

export type RecordRow = RecordColumns;

export interface LocatorRow {
  record_id: number;
  url: string;
  priority: number;
  media_type: string | null;
  active: number;
  owner: string | null;
  created: string;
}

// The best locator in LOCATOR_RANK's order, as four searches of the rank index that each read one
// row without a sort: the owner's healthy locators, anyone's healthy ones, the owner's failing
// ones, anyone's; resolution usually stops at the first.
const BEST_LOCATOR = [
  "l.link_failing = 0 AND l.owner IS r.organisation",
  "l.link_failing = 0",
  "l.link_failing = 1 AND l.owner IS r.organisation",
  "l.link_failing = 1",
]
  .map(
    (where) => `(SELECT url FROM locators l WHERE l.record_id = r.id AND l.active = 1 AND ${where}
      ORDER BY l.priority DESC, l.created, l.id LIMIT 1)`,
  )
  .join(",\n    ");

/** Resolution's one lookup: the record with its best locator and latest successor. */
export const RESOLVE_SQL = `SELECT r.urn, r.status, r.reason, r.deactivated,
  coalesce(${BEST_LOCATOR}) AS best,
  (SELECT successor_urn FROM successors s WHERE s.record_id = r.id
    ORDER BY s.created DESC LIMIT 1) AS successor,
  r.id
FROM records r WHERE r.key = ?`;

/** A row of RESOLVE_SQL, its columns in order. */
type ResolveRow = [
  urn: string,
  status: RecordStatus,
  reason: string | null,
  deactivated: string | null,
  best: string | null,
  successor: string | null,
  id: number,
];

function resolveView([
  urn,
  status,
  reason,
  deactivated,
  best,
  successor,
  id,
]: ResolveRow): ResolveView {
  return { id, urn, status, reason, deactivated, best, successor };
}

export function toLocator(row: LocatorRow): Locator {
  return {
    url: row.url,
    priority: row.priority,
    mediaType: row.media_type,
    active: row.active === 1,
    owner: row.owner,
    created: row.created,
  };
}

export class SqliteRecords implements RecordStore {
  readonly #db: Database.Database;
  readonly #audit: AuditFn;
  readonly #prefixes: SqlitePrefixes;
  readonly #group: CommitGroup;
  #prepared: ReturnType<SqliteRecords["prepare"]> | undefined;
  #recordSet: SqliteRecordSet | undefined;

  constructor(db: Database.Database, audit: AuditFn, prefixes: SqlitePrefixes, group: CommitGroup) {
    this.#db = db;
    this.#audit = audit;
    this.#prefixes = prefixes;
    this.#group = group;
  }

  /** Prepared on first use: the store is made before its migrations run. */
  private get s(): ReturnType<SqliteRecords["prepare"]> {
    if (this.#prepared === undefined) this.#prepared = this.prepare();
    return this.#prepared;
  }

  // The record-set and import modules, made on first use (after the migrations).
  get #set(): SqliteRecordSet {
    this.#recordSet ??= new SqliteRecordSet(this.#db, {
      takenBy: (key) => this.s.recordUrnByKey.get(key)?.urn,
      alone: this.#db.transaction((input: NewRecord, actor: Actor) =>
        this.#createRecordSync(input, actor),
      ),
    });
    return this.#recordSet;
  }

  private prepare() {
    const db = this.#db;
    return {
      // Rows as arrays: better-sqlite3 builds a row object property by property through V8's
      // API, which costs more than the object literal made from the array (resolveView).
      resolve: db.prepare<[string], ResolveRow>(RESOLVE_SQL).raw(true),
      record: db.prepare<[string], RecordRow>("SELECT * FROM records WHERE key = ?"),
      // The keys travel as one JSON array, so one prepared statement takes any number.
      recordsByKeys: db.prepare<[string], RecordRow>(
        "SELECT * FROM records WHERE key IN (SELECT value FROM json_each(?))",
      ),
      recordUrnByKey: db.prepare<[string], { urn: string }>(
        "SELECT urn FROM records WHERE key = ?",
      ),
      locators: db.prepare<[number], LocatorRow>(
        `SELECT * FROM locators l WHERE record_id = ? ORDER BY l.active DESC, ${LOCATOR_RANK}`,
      ),
      successors: db.prepare<[number], { successor_urn: string }>(
        "SELECT successor_urn FROM successors WHERE record_id = ? ORDER BY created DESC, successor_key",
      ),
      predecessors: db.prepare<[string], { urn: string }>(
        `SELECT r.urn FROM successors s JOIN records r ON r.id = s.record_id
         WHERE s.successor_key = ? ORDER BY r.id`,
      ),
      insertRecord: db.prepare<[Omit<RecordColumns, "id">]>(
        // The schema refuses any insert on a taken key (version 5), so the writes below look the
        // key up first rather than relying on ON CONFLICT. (An INSERT … SELECT … WHERE NOT EXISTS
        // reading the same table would make SQLite stage every row in a temporary table.)
        `INSERT INTO records (key, urn, nid, status, metadata, reason, deactivated, organisation, prefix, created, updated)
         VALUES (@key, @urn, @nid, @status, @metadata, @reason, @deactivated, @organisation, @prefix, @created, @updated)`,
      ),
      // A locator's URL already on the record is updated in place, never inserted again.
      updateLocator: db.prepare(
        "UPDATE locators SET priority = ?, media_type = ?, active = ? WHERE record_id = ? AND url = ?",
      ),
      insertLocator: db.prepare(
        `INSERT INTO locators (record_id, url, url_key, priority, media_type, active, owner, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      deactivateLocators: db.prepare(
        "UPDATE locators SET active = 0 WHERE record_id = ? AND active = 1",
      ),
      // An owner's locators; with `legacy` 1 also those without an owner (the record owner's).
      deactivateOwnLocators: db.prepare<[{ id: number; owner: string; legacy: number }]>(
        `UPDATE locators SET active = 0 WHERE record_id = @id AND active = 1
         AND (owner IS @owner OR (owner IS NULL AND @legacy = 1))`,
      ),
      identifiers: db.prepare<[number], RecordIdentifier>(
        "SELECT type, value FROM record_identifiers WHERE record_id = ? ORDER BY type, value",
      ),
      identifierRecord: db.prepare<[string, string, string], { key: string; urn: string }>(
        `SELECT r.key, r.urn FROM record_identifiers i JOIN records r ON r.id = i.record_id
         WHERE i.organisation = ? AND i.type = ? AND i.value = ?`,
      ),
      insertIdentifier: db.prepare(
        "INSERT INTO record_identifiers (organisation, type, value, record_id, created) VALUES (?, ?, ?, ?, ?)",
      ),
      hasSuccessor: db.prepare<[number, string], { n: number }>(
        "SELECT 1 AS n FROM successors WHERE record_id = ? AND successor_key = ?",
      ),
      insertSuccessor: db.prepare<[number, string, string, string]>(
        `INSERT INTO successors (record_id, successor_urn, successor_key, created)
         VALUES (?, ?, ?, ?)`,
      ),
      setMetadata: db.prepare("UPDATE records SET metadata = ?, updated = ? WHERE id = ?"),
      touch: db.prepare("UPDATE records SET updated = ? WHERE id = ?"),
      setStatus: db.prepare(
        "UPDATE records SET status = ?, reason = ?, deactivated = ?, updated = ? WHERE id = ?",
      ),
      countRecords: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM records"),
    };
  }

  /** Resolution's lookup, answered at once: the request need not wait for it. */
  readonly resolveNow = (key: string): ResolveView | null => {
    const row = this.s.resolve.get(key);
    return row === undefined ? null : resolveView(row);
  };

  async resolve(key: string): Promise<ResolveView | null> {
    return this.resolveNow(key);
  }

  #recordSync(key: string): UrnRecord | null {
    const row = this.s.record.get(key);
    return row === undefined ? null : this.#expand(row);
  }

  #expand(row: RecordRow): UrnRecord {
    const s = this.s;
    return toRecord(row, {
      locators: s.locators.all(row.id).map(toLocator),
      successors: s.successors.all(row.id).map((r) => r.successor_urn),
      predecessors: s.predecessors.all(row.key).map((r) => r.urn),
      identifiers: s.identifiers.all(row.id),
    });
  }

  async get(key: string): Promise<UrnRecord | null> {
    return this.#recordSync(key);
  }

  /** A record read inside the caller's transaction (an import batch comparing its lines). */
  getSync(key: string): UrnRecord | null {
    return this.#recordSync(key);
  }

  /**
   * `owner`: of the new locators that name none. `fresh`: the record was created in this
   * transaction, so none of its URLs is stored yet.
   */
  #insertLocators(
    recordId: number,
    locators: readonly LocatorInput[] | undefined,
    t: string,
    owner: string | null = null,
    fresh = false,
  ): void {
    for (const l of locators ?? []) {
      const priority = l.priority ?? 0;
      const mediaType = l.mediaType ?? null;
      const active = l.active === false ? 0 : 1;
      if (
        !fresh &&
        this.s.updateLocator.run(priority, mediaType, active, recordId, l.url).changes > 0
      )
        continue;
      const created = (l as { created?: string }).created ?? t;
      this.s.insertLocator.run(
        recordId,
        l.url,
        locatorUrlKey(l.url),
        priority,
        mediaType,
        active,
        l.owner ?? owner,
        created,
      );
    }
  }

  #insertIdentifiers(
    recordId: number,
    organisation: string | null,
    ids: readonly RecordIdentifier[] | undefined,
    t: string,
  ): void {
    if (ids === undefined || ids.length === 0) return;
    if (organisation === null)
      throw new StateError("identifiers belong to an organisation", "organisation-required");
    for (const id of ids) {
      const taken = this.s.identifierRecord.get(organisation, id.type, id.value);
      if (taken !== undefined)
        throw new StateError(
          `identifier ${id.type} "${id.value}" of organisation "${organisation}" names ${taken.urn}`,
          "identifier-taken",
        );
      this.s.insertIdentifier.run(organisation, id.type, id.value, recordId, t);
    }
  }

  #insertSuccessor(recordId: number, successor: { urn: string; key: string }, t: string): void {
    if (this.s.hasSuccessor.get(recordId, successor.key) === undefined)
      this.s.insertSuccessor.run(recordId, successor.urn, successor.key, t);
  }

  /** A successor link added inside the caller's transaction, unless the record has it already. */
  addSuccessor(recordId: number, successor: { urn: string; key: string }, t: string): void {
    this.#insertSuccessor(recordId, successor, t);
  }

  async create(input: NewRecord, actor: Actor): Promise<UrnRecord> {
    return this.#db.transaction(() => this.#createRecordSync(input, actor)).immediate();
  }

  async getMany(keys: readonly string[]): Promise<Map<string, UrnRecord>> {
    const found = new Map<string, UrnRecord>();
    if (keys.length === 0) return found;
    for (const row of this.s.recordsByKeys.all(JSON.stringify(keys)))
      found.set(row.key, this.#expand(row));
    return found;
  }

  /** The set in one transaction, with a few statements (record-set.ts). */
  async createMany(inputs: readonly NewRecord[], actor: Actor): Promise<CreateOutcome[]> {
    return this.#db.transaction(() => this.#set.create(inputs, actor)).immediate();
  }

  /**
   * Takes the prefix's next numbers and registers the records `make` builds from them, all in
   * one transaction: SQLite has one writer anyway, so nothing waits longer for it, and a mint
   * costs one commit instead of two. Mints requested in the same turn share that commit, each in
   * a savepoint of its own (commit-group.ts). A number whose record `make` declines (null) or
   * whose key is taken is skipped, as the two-step mint skips it; null, and nothing registered,
   * after `attempts` numbers in a row are skipped.
   */
  async mintMany(
    prefix: string,
    count: number,
    make: (n: number) => NewRecord | null,
    attempts: number,
    action: string,
    actor: Actor,
  ): Promise<UrnRecord[] | null> {
    const exhausted = new Error("mint-exhausted");
    try {
      return await this.#group.run(() => {
        const made: UrnRecord[] = [];
        // The numbers a run of `count` takes at once, then one at a time for those skipped.
        let next = this.#prefixes.take(prefix, count, action, actor);
        let left = count;
        let declined = 0;
        while (made.length < count) {
          if (declined === attempts) throw exhausted;
          const n = left > 0 ? next++ : this.#prefixes.take(prefix, 1, action, actor);
          left = Math.max(0, left - 1);
          const input = make(n);
          if (input === null || this.s.recordUrnByKey.get(input.key) !== undefined) {
            declined += 1;
            continue;
          }
          declined = 0;
          made.push(this.#createRecordSync(input, actor));
        }
        return made;
      });
    } catch (error) {
      if (error === exhausted) return null;
      throw error;
    }
  }

  /** records.create inside the caller's transaction. */
  #createRecordSync(input: NewRecord, actor: Actor): UrnRecord {
    const t = now();
    const existing = this.s.recordUrnByKey.get(input.key);
    if (existing !== undefined) throw keyTaken(existing.urn);
    const columns = newRecordColumns(input, t);
    const id = Number(this.s.insertRecord.run(columns).lastInsertRowid);
    this.#insertLocators(id, input.locators, t, input.organisation ?? null, true);
    this.#insertIdentifiers(id, input.organisation ?? null, input.identifiers, t);
    // The row is what was just inserted (every column bound above), so only its links are read.
    const record = this.#expand({ id, ...columns });
    this.#audit(actor, "urn.create", input.urn, undefined, record);
    return record;
  }

  async update(key: string, patch: RecordPatch, actor: Actor): Promise<UrnRecord | null> {
    return this.#db
      .transaction(() => {
        const row = this.s.record.get(key);
        if (row === undefined) return null;
        if (row.status === "deactivated") throw tombstoneFrozen(row.urn);
        const before = this.#expand(row);
        const t = now();
        if (patch.locators !== undefined) {
          if (patch.owner === undefined) this.s.deactivateLocators.run(row.id);
          else
            this.s.deactivateOwnLocators.run({
              id: row.id,
              owner: patch.owner,
              legacy: patch.owner === row.organisation ? 1 : 0,
            });
          this.#insertLocators(row.id, patch.locators, t, patch.owner ?? row.organisation);
        }
        if (patch.activate && row.status === "reserved")
          this.s.setStatus.run("active", null, null, t, row.id);
        this.#insertIdentifiers(row.id, row.organisation, patch.identifiers, t);
        if (patch.metadata !== undefined) {
          this.s.setMetadata.run(
            patch.metadata === null ? null : JSON.stringify(patch.metadata),
            t,
            row.id,
          );
        } else this.s.touch.run(t, row.id);
        const after = this.#recordSync(key) as UrnRecord;
        this.#audit(actor, "urn.update", row.urn, before, after);
        return after;
      })
      .immediate();
  }

  async activate(key: string, actor: Actor): Promise<UrnRecord | null> {
    return this.#db
      .transaction(() => {
        const row = this.s.record.get(key);
        if (row === undefined) return null;
        if (row.status === "deactivated")
          throw new StateError(`${row.urn} is deactivated; a URN is never activated again`);
        if (row.status === "active") return this.#expand(row);
        const before = this.#expand(row);
        this.s.setStatus.run("active", null, null, now(), row.id);
        const after = this.#recordSync(key) as UrnRecord;
        this.#audit(actor, "urn.activate", row.urn, before, after);
        return after;
      })
      .immediate();
  }

  async deactivate(key: string, change: Deactivation, actor: Actor): Promise<UrnRecord | null> {
    return this.#db
      .transaction(() => {
        const row = this.s.record.get(key);
        if (row === undefined) return null;
        const before = this.#expand(row);
        const t = now();
        const action = tombstoneStep(before, change);
        if (action === "urn.deactivate")
          this.s.setStatus.run("deactivated", change.reason, t, t, row.id);
        else this.s.touch.run(t, row.id);
        if (change.successor) this.#insertSuccessor(row.id, change.successor, t);
        const after = this.#recordSync(key) as UrnRecord;
        this.#audit(actor, action, row.urn, before, after);
        return after;
      })
      .immediate();
  }

  async count(): Promise<number> {
    return (this.s.countRecords.get() as { n: number }).n;
  }

  async findByIdentifier(organisation: string, id: RecordIdentifier): Promise<UrnRecord | null> {
    const hit = this.s.identifierRecord.get(organisation, id.type, id.value);
    return hit === undefined ? null : this.#recordSync(hit.key);
  }
}
