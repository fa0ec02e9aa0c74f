// Import and export in PostgreSQL (storage/transfer.ts): an import's batches COPY-ed into stage
// tables and written several at a time, committing in the order sent; an export read through a
// server-side cursor over one snapshot, however long it takes.

import { randomBytes, randomUUID } from "node:crypto";
import type pg from "pg";
import type { Actor } from "../audit.js";
import { RetryableError, StateError } from "../errors.js";
import { sameAsLine } from "../import-verdict.js";
import type { UrnRecord } from "../records.js";
import type { LineObject, TableKind } from "../registry-tables/table-kind.js";
import { now, recordLine } from "../rows.js";
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
import {
  type Completion,
  completeRecords,
  copyIn,
  createdRows,
  DRAW_RECORD_IDS,
  insertRecords,
  STAGE_PER_TRANSACTION_SQL,
  STAGE_SQL,
  type Stage,
  stageBatch,
  stagedLocators,
  stagedRecords,
  WRITTEN_LOCATORS,
  WRITTEN_RECORDS,
  writtenLocators,
  writtenRecords,
} from "./import-stage.js";
import { RECORD_SQL, type RecordRow, toRecord } from "./record-row.js";
import { PostgresRegistryRows, RESTORE_MARK, saveCheckpoint } from "./registry-rows.js";

/** Longest an abandoned export cursor keeps its connection and snapshot. */
const EXPORT_IDLE_MS = 60_000;

const UNIQUE_VIOLATION = "23505";

/** SQLSTATEs of a transaction rolled back so that others can go on: worth sending again. */
const ROLLED_BACK_FOR_OTHERS = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

/** Batches of one import in flight at once, each holding a pooled connection meanwhile. */
const IMPORT_DEPTH = 3;

/** A batch of an import sequence, as the batch sent after it sees it. */
interface SequencedBatch {
  /** The advisory lock the batch holds until it commits or rolls back. */
  lock: bigint;
  /** Settled once the batch holds its lock (or failed before). */
  locked: Deferred;
  /** Settled once its records are inserted (or it failed). */
  inserted: Deferred;
  committed: Promise<boolean>;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A random signed 64-bit advisory lock key: no other batch, in any process, holds it. */
function randomLockKey(): bigint {
  return randomBytes(8).readBigInt64BE();
}

const toLine = (row: RecordRow): RecordLine => recordLine(row, row);

/** The same test the SQLite engine applies: a re-imported line equal to the stored record. */
interface OpenExport {
  client: pg.Client;
  timer: NodeJS.Timeout;
}

export class PostgresTransfer implements TransferStore {
  readonly #pool: pg.Pool;
  /** A connection of its own to the primary, for an export. */
  readonly #connect: () => pg.Client;
  readonly #exports = new Map<string, OpenExport>();
  /** Connections whose import stage tables exist. */
  readonly #staged = new WeakSet<pg.PoolClient>();

  /** Through a transaction pooler: the stage tables live only as long as their transaction. */
  readonly #pooled: boolean;
  readonly #registry: PostgresRegistryRows;

  constructor(pool: pg.Pool, connect: () => pg.Client, pooled = false) {
    this.#pool = pool;
    this.#connect = connect;
    this.#pooled = pooled;
    this.#registry = new PostgresRegistryRows(pool, () => this.#exportClient());
  }

  /** One batch on its own: a sequence of one. */
  importBatch(
    items: ImportItem[],
    actor: Actor,
    restore?: RestoreBatch,
  ): Promise<ImportBatchResult> {
    return this.importSequence(actor, restore !== undefined).send(items, restore);
  }

  openRegistryReader(): Promise<RegistryReader> {
    return this.#registry.openReader();
  }

  /** One batch of rows on its own: a sequence of one (rows write no audit entry of their own). */
  restoreRows(
    kind: TableKind,
    lines: readonly LineObject[],
    batch: RestoreBatch,
  ): Promise<RowVerdict[]> {
    return this.importSequence({ tokenId: null }, true).restoreRows(kind, lines, batch);
  }

  holdsAnything(): Promise<boolean> {
    return this.#registry.holdsAnything();
  }

  copyCheckpoint(): Promise<CopyCheckpoint | null> {
    return this.#registry.copyCheckpoint();
  }

  saveCopyCheckpoint(checkpoint: CopyCheckpoint): Promise<void> {
    return this.#registry.saveCopyCheckpoint(checkpoint);
  }

  /** A connection of its own, outside the pool, for a long read (an export). */
  #exportClient(): pg.Client {
    const client = this.#connect();
    client.on("error", () => {});
    return client;
  }

  /**
   * An import's batches, up to IMPORT_DEPTH in flight, each in its own transaction on its own
   * connection (#inTurn). Only their first statements, which insert the records (a restore's
   * rows), take turns in the order sent (so ids follow the lines); locators, their foreign-key
   * checks and the rest run side by side. Batches commit in the order sent, waiting for each
   * other in the database, where the deadlock detector sees it: of two imports' batches waiting
   * on each other's keys, one is rolled back (a RetryableError, which importRecords sends again)
   * instead of both hanging. A batch that finds a key an earlier batch inserted waits on the key
   * index until that batch ends; an earlier batch never waits on a later one.
   */
  importSequence(
    actor: Actor,
    restoring = false,
  ): ImportSequence & Required<Pick<ImportSequence, "restoreRows">> {
    let previous: SequencedBatch | null = null;
    const next = <T>(
      write: (batch: SequencedBatch, previous: SequencedBatch | null) => Promise<T>,
    ): Promise<T> => {
      const batch: SequencedBatch = {
        lock: randomLockKey(),
        locked: deferred(),
        inserted: deferred(),
        committed: Promise.resolve(false),
      };
      const result = write(batch, previous);
      batch.committed = result.then(
        () => true,
        () => false,
      );
      previous = batch;
      return result;
    };
    return {
      depth: IMPORT_DEPTH,
      send: (items, restore) =>
        next((batch, before) =>
          this.#sequencedBatch(
            items,
            actor,
            batch,
            before,
            restoring || restore !== undefined ? (restore ?? {}) : null,
          ),
        ),
      restoreRows: (kind, lines, restore) =>
        next((batch, before) => this.#sequencedRows(kind, lines, restore, batch, before)),
    };
  }

  /**
   * Inserts the records (after `previous` inserted its own), then their locators, successors and
   * audit row; compares the rest; commits after `previous`.
   */
  async #sequencedBatch(
    items: ImportItem[],
    actor: Actor,
    batch: SequencedBatch,
    previous: SequencedBatch | null,
    restore: RestoreBatch | null,
  ): Promise<ImportBatchResult> {
    const t = now();
    const stage = stageBatch(items, t);
    const completion: Completion = {
      locators: stage.locators.length > 0,
      successors: stage.successors.length > 0,
      identifiers: stage.identifiers.length > 0,
      restoring: restore !== null,
    };
    const completeValues = [actor.tokenId, t, `lines ${items[0]?.line}-${items.at(-1)?.line}`];
    // A fresh restore's records and locators go straight into their tables.
    const straight = restore?.fresh === true;
    return this.#inTurn(batch, previous, restore, {
      connected: async (c) => {
        // Created outside the batch's transaction: a table created inside one that rolls back
        // would go with it, and the connection's next batch would not find it.
        if (!this.#pooled && !this.#staged.has(c)) {
          await c.query(STAGE_SQL);
          this.#staged.add(c);
        }
      },
      beforeTurn: async (c) => {
        if (!straight) await this.#stage(c, stage, true);
      },
      // Records are inserted in the order batches were sent, so their ids follow the lines.
      turn: (c) => this.#insertRecords(c, stage, straight),
      afterTurn: async (c, ids) => {
        let created: ReadonlySet<string>;
        if (ids === null) {
          const inserted = await c.query<{ key: string }>({
            ...completeRecords(completion),
            values: completeValues,
          });
          created = new Set(inserted.rows.map((r) => r.key));
        } else {
          if (completion.locators) await copyIn(c, WRITTEN_LOCATORS, writtenLocators(stage, ids));
          if (completion.successors || completion.identifiers) {
            await this.#stage(c, stage, false);
            await copyIn(c, "import_created", createdRows(stage, ids));
            await c.query({
              ...completeRecords({ ...completion, locators: false }),
              values: completeValues,
            });
          }
          created = new Set(stage.firstLines.keys());
        }
        const result: ImportBatchResult = { created: created.size, unchanged: 0, conflicts: [] };
        const rest = items.filter(
          (item) => !created.has(item.key) || stage.firstLines.get(item.key) !== item.line,
        );
        if (rest.length > 0) {
          const existing = new Map(
            (
              await c.query<RecordRow>(`${RECORD_SQL} WHERE r.key = ANY($1)`, [
                rest.map((item) => item.key),
              ])
            ).rows.map((row) => [row.key, toRecord(row)]),
          );
          for (const item of rest) {
            const record = existing.get(item.key) as UrnRecord;
            if (sameAsLine(record, item.record)) result.unchanged += 1;
            else
              result.conflicts.push({
                line: item.line,
                urn: item.record.urn,
                existing: record.urn,
              });
          }
        }
        return result;
      },
    });
  }

  /**
   * A restore's batch of rows of one kind, its insert taking its turn like a batch's records (so
   * that the ids of history rows follow the lines). A restore that is not fresh looks for stored
   * rows line by line, and so for the rows of the batches before it: it waits for them to commit.
   */
  async #sequencedRows(
    kind: TableKind,
    lines: readonly LineObject[],
    restore: RestoreBatch,
    batch: SequencedBatch,
    previous: SequencedBatch | null,
  ): Promise<RowVerdict[]> {
    const fresh = restore.fresh === true;
    return this.#inTurn(batch, previous, restore, {
      turn: async (c) => {
        if (!fresh && previous !== null && !(await previous.committed))
          throw new StateError("an earlier batch of the import failed");
        return this.#registry.writeRows(c, kind, lines, fresh);
      },
      afterTurn: async (_c, verdicts) => verdicts,
    });
  }

  /**
   * One batch of a sequence in its own transaction: its turn (`turn`) after the turn of the batch
   * sent before it, the rest of its work (`afterTurn`, given what the turn returned) side by side
   * with the other batches', its COMMIT after
   * theirs. Each batch holds an advisory lock of its own until it ends, and the next batch takes
   * that lock before its COMMIT. A batch after a failed one rolls back.
   */
  async #inTurn<Turned, T>(
    batch: SequencedBatch,
    previous: SequencedBatch | null,
    restore: RestoreBatch | null,
    steps: {
      /** On the batch's connection, before its transaction begins. */
      connected?(c: pg.PoolClient): Promise<void>;
      /** In the transaction, before the batch's turn. */
      beforeTurn?(c: pg.PoolClient): Promise<void>;
      turn(c: pg.PoolClient): Promise<Turned>;
      afterTurn(c: pg.PoolClient, turned: Turned): Promise<T>;
    },
  ): Promise<T> {
    let c: pg.PoolClient | null = null;
    try {
      c = await this.#pool.connect();
      await steps.connected?.(c);
      await c.query(
        `BEGIN; SELECT pg_advisory_xact_lock(${batch.lock})${restore === null ? "" : `; ${RESTORE_MARK}`}`,
      );
      batch.locked.resolve();
      await steps.beforeTurn?.(c);
      if (previous !== null) await previous.inserted.promise;
      let turned: Turned;
      try {
        turned = await steps.turn(c);
      } finally {
        batch.inserted.resolve();
      }
      const result = await steps.afterTurn(c, turned);
      if (previous !== null) {
        // Taken once the previous batch holds it, the lock is granted when that batch ends.
        await previous.locked.promise;
        await c.query(`SELECT pg_advisory_xact_lock_shared(${previous.lock})`);
        if (!(await previous.committed))
          throw new StateError("an earlier batch of the import failed");
      }
      if (restore?.checkpoint !== undefined) await saveCheckpoint(c, restore.checkpoint);
      await c.query("COMMIT");
      c.release();
      return result;
    } catch (error) {
      batch.locked.resolve();
      batch.inserted.resolve();
      if (c !== null) {
        // A connection that cannot even roll back is discarded rather than reused.
        const broken = await c.query("ROLLBACK").then(
          () => undefined,
          (e: Error) => e,
        );
        c.release(broken);
      }
      const code = (error as { code?: string }).code;
      if (code !== undefined && ROLLED_BACK_FOR_OTHERS.has(code))
        throw new RetryableError(`the batch was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      throw error;
    }
  }

  /**
   * COPYs the batch into the stage tables (through a pooler, creating them for this transaction
   * first): its records and locators when `records`, its successors and identifiers always. Each
   * stage goes as one write: a CopyData message per row costs more than the rows. No ANALYZE:
   * the planner sizes an unanalyzed table from its pages.
   */
  async #stage(c: pg.PoolClient, stage: Stage, records: boolean): Promise<void> {
    if (this.#pooled) await c.query(STAGE_PER_TRANSACTION_SQL);
    if (records) {
      await copyIn(c, "import_records", stagedRecords(stage));
      if (stage.locators.length > 0) await copyIn(c, "import_locators", stagedLocators(stage));
    }
    if (stage.successors.length > 0) await copyIn(c, "import_successors", stage.successors);
    if (stage.identifiers.length > 0) await copyIn(c, "import_identifiers", stage.identifiers);
  }

  /**
   * The batch's records, inserted from the stage (null), or written straight under ids drawn for
   * them (the ids). Either way, a key stored meanwhile (a unique_violation) sends them again from
   * the stage, ON CONFLICT DO NOTHING.
   */
  async #insertRecords(
    c: pg.PoolClient,
    stage: Stage,
    straight: boolean,
  ): Promise<string[] | null> {
    await c.query("SAVEPOINT import");
    try {
      if (!straight) {
        await c.query(insertRecords("anti-join"));
        return null;
      }
      const drawn = await c.query<{ ids: string }>({
        ...DRAW_RECORD_IDS,
        values: [stage.records.length],
      });
      const ids = (drawn.rows[0]?.ids ?? "").split(",");
      await copyIn(c, WRITTEN_RECORDS, writtenRecords(stage, ids));
      return ids;
    } catch (error) {
      if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
      await c.query("ROLLBACK TO SAVEPOINT import");
      if (straight) await this.#stage(c, stage, true);
      await c.query(insertRecords("on-conflict"));
      return null;
    }
  }

  /**
   * Pages of one server-side cursor over a REPEATABLE READ snapshot: the export is consistent
   * however long it takes, and memory stays at one page. The cursor string names the open
   * cursor; one left unread for a minute is closed.
   */
  async exportPage(cursor: string | null, limit: number): Promise<ExportPage> {
    let id: string;
    let open: OpenExport;
    if (cursor === null) {
      id = randomUUID();
      // A connection of its own, outside the pool: an export a client abandons holds it until
      // the idle timeout, and must not take a connection requests are waiting for.
      const client = this.#exportClient();
      try {
        await client.connect();
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await client.query(
          `DECLARE export_cursor NO SCROLL CURSOR FOR
           SELECT r.*,
             (SELECT coalesce(json_agg(json_build_object('url', l.url, 'priority', l.priority,
                 'mediaType', l.media_type, 'active', l.active, 'owner', l.owner,
                 'created', l.created)
                 ORDER BY l.active DESC, l.priority DESC, l.created, l.id), '[]')
               FROM locators l WHERE l.record_id = r.id) AS locators,
             (SELECT coalesce(json_agg(json_build_object('type', i.type, 'value', i.value)
                 ORDER BY i.type, i.value), '[]')
               FROM record_identifiers i WHERE i.record_id = r.id) AS identifiers,
             ARRAY(SELECT s.successor_urn FROM successors s WHERE s.record_id = r.id
               ORDER BY s.created DESC, s.successor_key) AS successors
           FROM records r ORDER BY r.id`,
        );
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      open = { client, timer: this.#exportTimer(id) };
      this.#exports.set(id, open);
    } else {
      id = cursor;
      const found = this.#exports.get(id);
      if (found === undefined) throw new StateError("the export cursor is closed or unknown");
      open = found;
      clearTimeout(open.timer);
      open.timer = this.#exportTimer(id);
    }
    let rows: RecordRow[];
    try {
      rows = (await open.client.query<RecordRow>(`FETCH ${Math.max(1, limit)} FROM export_cursor`))
        .rows;
    } catch (error) {
      await this.#endExport(id, open);
      throw error;
    }
    if (rows.length < limit) await this.#endExport(id, open);
    return { lines: rows.map(toLine), cursor: rows.length < limit ? null : id };
  }

  #exportTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const open = this.#exports.get(id);
      if (open !== undefined) void this.#endExport(id, open);
    }, EXPORT_IDLE_MS);
    timer.unref();
    return timer;
  }

  async #endExport(id: string, open: OpenExport): Promise<void> {
    this.#exports.delete(id);
    clearTimeout(open.timer);
    // Ending the session ends its read-only transaction and cursor.
    await open.client.end().catch(() => {});
  }

  /** Ends the exports still open (the store is closing). */
  async endExports(): Promise<void> {
    for (const [id, open] of this.#exports) await this.#endExport(id, open);
  }
}
