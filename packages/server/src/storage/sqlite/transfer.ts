// Import and export in SQLite (storage/transfer.ts): an import batch in one transaction with one
// statement per table (import-batch.ts); an export read in pages of record ids.

import type Database from "better-sqlite3";
import type { Actor } from "../audit.js";
import type { Locator, RecordIdentifier } from "../records.js";
import type { LineObject, TableKind } from "../registry-tables/table-kind.js";
import { recordLine } from "../rows.js";
import type {
  CopyCheckpoint,
  ExportPage,
  ImportBatchResult,
  ImportItem,
  ImportSequence,
  RecordLine,
  RegistryReader,
  RestoreBatch,
  RowVerdict,
  TransferStore,
} from "../transfer.js";
import { type FreshRows, isTakenKey, SqliteImportBatch } from "./import-batch.js";
import { type LocatorRow, type RecordRow, type SqliteRecords, toLocator } from "./records.js";
import { type RowSet, SqliteRegistryRows } from "./registry-rows.js";
import { sqliteRestoreWriter } from "./restore-writer.js";

export class SqliteTransfer implements TransferStore {
  readonly #db: Database.Database;
  readonly #records: SqliteRecords;
  readonly #registry: SqliteRegistryRows;
  #prepared: ReturnType<SqliteTransfer["prepare"]> | undefined;
  #importBatch: SqliteImportBatch | undefined;

  constructor(db: Database.Database, records: SqliteRecords) {
    this.#db = db;
    this.#records = records;
    this.#registry = new SqliteRegistryRows(db);
  }

  /** Prepared on first use: the store is made before its migrations run. */
  private get s(): ReturnType<SqliteTransfer["prepare"]> {
    if (this.#prepared === undefined) this.#prepared = this.prepare();
    return this.#prepared;
  }

  get #imports(): SqliteImportBatch {
    this.#importBatch ??= new SqliteImportBatch(this.#db, {
      record: (key) => this.#records.getSync(key),
      successor: (id, successor, t) => this.#records.addSuccessor(id, successor, t),
    });
    return this.#importBatch;
  }

  private prepare() {
    const db = this.#db;
    return {
      exportRecords: db.prepare<[number, number], RecordRow>(
        "SELECT * FROM records WHERE id > ? ORDER BY id LIMIT ?",
      ),
      exportLocators: db.prepare<[number, number], LocatorRow>(
        `SELECT * FROM locators WHERE record_id BETWEEN ? AND ?
         ORDER BY record_id, active DESC, priority DESC, created, id`,
      ),
      exportIdentifiers: db.prepare<
        [number, number],
        { record_id: number; type: string; value: string }
      >(
        `SELECT record_id, type, value FROM record_identifiers WHERE record_id BETWEEN ? AND ?
         ORDER BY record_id, type, value`,
      ),
      // An import's identifier already naming a record is left as it is (the import checked it).
      exportSuccessors: db.prepare<[number, number], { record_id: number; successor_urn: string }>(
        `SELECT record_id, successor_urn FROM successors WHERE record_id BETWEEN ? AND ?
         ORDER BY record_id, created DESC, successor_key`,
      ),
    };
  }

  /** The batch in one transaction, with one statement per table (import-batch.ts). */
  async importBatch(
    items: ImportItem[],
    actor: Actor,
    restore?: RestoreBatch,
  ): Promise<ImportBatchResult> {
    if (restore !== undefined)
      return this.#registry.restoring(restore, () =>
        this.#imports.write(items, actor, true, restore.fresh === true),
      );
    return this.#db.transaction(() => this.#imports.write(items, actor, false)).immediate();
  }

  /** A restore into a file is written by a thread of its own (restore-writer.ts). */
  importSequence(actor: Actor, restore = false): ImportSequence | null {
    const file = this.#db.name;
    if (!restore || file === ":memory:" || file === "") return null;
    return sqliteRestoreWriter(file, actor);
  }

  /**
   * A fresh restore's batch of records from its rows (import-batch.ts, freshRows), or
   * "stored-key" when the registry holds one of its keys already (then nothing is written).
   */
  restoreFreshRecords(rows: FreshRows, restore: RestoreBatch): ImportBatchResult | "stored-key" {
    try {
      return this.#registry.restoring(restore, () => this.#imports.writeFresh(rows));
    } catch (error) {
      if (isTakenKey(error)) return "stored-key";
      throw error;
    }
  }

  /** A fresh restore's rows of one kind as one set (registry-rows.ts, setRows). */
  restoreSet(kind: TableKind, rows: RowSet, batch: RestoreBatch): boolean {
    return this.#registry.restoreSet(kind, rows, batch);
  }

  openRegistryReader(): Promise<RegistryReader> {
    return this.#registry.openReader();
  }

  async restoreRows(
    kind: TableKind,
    lines: readonly LineObject[],
    batch: RestoreBatch,
  ): Promise<RowVerdict[]> {
    return this.#registry.restoreRows(kind, lines, batch);
  }

  async holdsAnything(): Promise<boolean> {
    return this.#registry.holdsAnything();
  }

  async copyCheckpoint(): Promise<CopyCheckpoint | null> {
    return this.#registry.copyCheckpoint();
  }

  async saveCopyCheckpoint(checkpoint: CopyCheckpoint): Promise<void> {
    this.#registry.saveCheckpointSync(checkpoint);
  }

  async exportPage(cursor: string | null, limit: number): Promise<ExportPage> {
    const s = this.s;
    const after = cursor === null ? 0 : Number(cursor);
    const rows = s.exportRecords.all(after, limit);
    if (rows.length === 0) return { lines: [], cursor: null };
    const first = (rows[0] as RecordRow).id;
    const last = (rows[rows.length - 1] as RecordRow).id;
    const locators = new Map<number, Locator[]>();
    for (const l of s.exportLocators.all(first, last)) {
      const list = locators.get(l.record_id);
      if (list === undefined) locators.set(l.record_id, [toLocator(l)]);
      else list.push(toLocator(l));
    }
    const successors = new Map<number, string[]>();
    for (const x of s.exportSuccessors.all(first, last)) {
      const list = successors.get(x.record_id);
      if (list === undefined) successors.set(x.record_id, [x.successor_urn]);
      else list.push(x.successor_urn);
    }
    const identifiers = new Map<number, RecordIdentifier[]>();
    for (const x of s.exportIdentifiers.all(first, last)) {
      const list = identifiers.get(x.record_id);
      const id = { type: x.type, value: x.value };
      if (list === undefined) identifiers.set(x.record_id, [id]);
      else list.push(id);
    }
    const lines = rows.map(
      (row): RecordLine =>
        recordLine(row, {
          locators: locators.get(row.id) ?? [],
          successors: successors.get(row.id) ?? [],
          identifiers: identifiers.get(row.id) ?? [],
        }),
    );
    return { lines, cursor: rows.length < limit ? null : String(last) };
  }
}
