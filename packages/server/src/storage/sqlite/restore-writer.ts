// A restore into a SQLite file (`urnkit copy`, `import --all`) written by a thread of its own:
// better-sqlite3 writes synchronously, so on the importing thread a batch's inserts stopped the
// reading and checking of the next lines. The writer thread opens the same file on a connection
// of its own and writes the batches in the order sent, one transaction each, exactly as the
// store's transfer would (it runs that code); the importing thread goes on meanwhile. Only a
// restore is written so: it is the one import that runs long with nothing else writing.

import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { Actor } from "../audit.js";
import { now } from "../rows.js";
import {
  type ImportBatchResult,
  type ImportItem,
  type ImportSequence,
  type RestoreBatch,
  RestoreRowError,
  type RowVerdict,
} from "../transfer.js";
import { type FreshRows, freshRows } from "./import-batch.js";
import { type RowSet, setRows } from "./registry-rows.js";

/**
 * What the importing thread asks the writer thread to write, as JSON text, which crosses to the
 * thread as one string (structured cloning the items cost more than the thread saved). A fresh
 * restore's batch goes as the rows its set inserts take, made here, so that the thread only runs
 * the statements; what those cannot write (a key stored already, a set the database refuses as a
 * whole) goes again as the items or lines, which the store's transfer writes as it always does.
 */
type WriterTask =
  | { write: "fresh-records"; rows: FreshRows; restore: RestoreBatch }
  | { write: "records"; items: string; actor: Actor; restore: RestoreBatch }
  | { write: "row-set"; kind: string; rows: RowSet; batch: RestoreBatch }
  | { write: "rows"; kind: string; lines: string; batch: RestoreBatch };

export type WriterRequest = WriterTask & { id: number };

/**
 * The writer thread's answer: what the store's transfer returned; `declined` when a fresh batch
 * was not written (a key stored already, or after one) and must go again otherwise; or why it
 * failed.
 */
export type WriterReply =
  | { id: number; result: ImportBatchResult | RowVerdict[] | true }
  | { id: number; declined: true }
  | { id: number; error: string; rowIndex?: number };

/**
 * The thread, running restore-writer-thread beside this file: the compiled JavaScript, or (this
 * file itself run from TypeScript source, as the tests run it) the source through tsx, whose
 * loader a worker thread does not inherit.
 */
function writerThread(file: string): Worker {
  if (extname(fileURLToPath(import.meta.url)) === ".js")
    return new Worker(new URL("./restore-writer-thread.js", import.meta.url), {
      workerData: { file },
    });
  const source = JSON.stringify(new URL("./restore-writer-thread.ts", import.meta.url).href);
  return new Worker(
    `import("tsx/esm/api").then((tsx) => { tsx.register(); return import(${source}); })`,
    { eval: true, workerData: { file } },
  );
}

/** Batches sent ahead: one being written while the next is made. */
const DEPTH = 2;

/** A fresh batch the thread did not write (see WriterReply). */
const DECLINED = Symbol("declined");

export function sqliteRestoreWriter(file: string, actor: Actor): ImportSequence {
  let thread: Worker | null = null;
  let broken: Error | null = null;
  let lastId = 0;
  const waiting = new Map<number, { resolve(value: unknown): void; reject(e: Error): void }>();

  const fail = (error: Error) => {
    broken = error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };

  /** The thread, started on the first batch (an import with nothing to write starts none). */
  const started = (): Worker => {
    if (thread !== null) return thread;
    const worker = writerThread(file);
    worker.on("message", (reply: WriterReply) => {
      const w = waiting.get(reply.id);
      if (w === undefined) return;
      waiting.delete(reply.id);
      // An idle thread does not keep the process alive; one with work does.
      if (waiting.size === 0) worker.unref();
      if ("result" in reply) w.resolve(reply.result);
      else if ("declined" in reply) w.resolve(DECLINED);
      else
        w.reject(
          reply.rowIndex === undefined
            ? new Error(reply.error)
            : new RestoreRowError(reply.rowIndex, new Error(reply.error)),
        );
    });
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`the SQLite writer thread exited (${code})`)));
    thread = worker;
    return worker;
  };

  const ask = <T>(task: WriterTask): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (broken !== null) return reject(broken);
      const worker = started();
      const id = ++lastId;
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, ...task } satisfies WriterRequest);
    });

  /**
   * Whether fresh batches still go as the rows of set inserts: not after the thread declined one
   * (a record's key stored already, a set of rows refused).
   */
  let asRows = true;

  const records = (items: ImportItem[], restore: RestoreBatch) =>
    ask<ImportBatchResult>({ write: "records", items: JSON.stringify(items), actor, restore });

  return {
    depth: DEPTH,
    async send(items, restore = {}) {
      const rows = asRows && restore.fresh === true ? freshRows(items, now()) : null;
      if (rows === null) return records(items, restore);
      const written = await ask<ImportBatchResult | typeof DECLINED>({
        write: "fresh-records",
        rows,
        restore,
      });
      if (written !== DECLINED) return written;
      // The thread declined this batch and every fresh one sent after it; each goes again as its
      // items as its answer comes back, in line order, and the thread writes in the order asked.
      asRows = false;
      return records(items, restore);
    },
    async restoreRows(kind, lines, batch) {
      if (asRows && batch.fresh === true && lines.length > 0) {
        const rows = setRows(kind, lines);
        if ((await ask({ write: "row-set", kind: kind.kind, rows, batch })) !== DECLINED)
          return lines.map((): RowVerdict => "created");
        // Declined with every set sent after it: each goes again row by row, in order.
        asRows = false;
      }
      // Row by row, to find each one stored already or name the one the database refuses.
      return ask<RowVerdict[]>({
        write: "rows",
        kind: kind.kind,
        lines: JSON.stringify(lines),
        batch,
      });
    },
    async close() {
      const worker = thread;
      thread = null;
      broken ??= new Error("the SQLite writer thread is closed");
      if (worker !== null) await worker.terminate();
    },
  };
}
