// The writer thread of a restore into a SQLite file (restore-writer.ts): the store's own transfer
// on a connection of its own, writing each batch in the order it arrives, one transaction each.

import { parentPort, workerData } from "node:worker_threads";
import { TABLE_KINDS } from "../registry-tables/kinds.js";
import type { TableKind } from "../registry-tables/table-kind.js";
import { type ImportBatchResult, RestoreRowError } from "../transfer.js";
import type { WriterReply, WriterRequest } from "./restore-writer.js";
import { SqliteStore } from "./sqlite-store.js";

const port = parentPort;
if (port === null) throw new Error("restore-writer-thread runs as a worker thread");
// The importing thread opened and migrated the file already.
const store = new SqliteStore({ filename: (workerData as { file: string }).file });
// A restore writes the same pages (the key, URL-key and full-text indexes) batch after batch:
// checkpointing at SQLite's default 1,000 pages of WAL copied them into the database file after
// almost every batch, at 65,536 (256 MiB) once a cycle. A copy of 1M records took 5-10% less.
store.db.pragma("wal_autocheckpoint = 65536");
const transfer = store.transfer;
/**
 * Set once a fresh batch met a stored key or a set of rows was refused: the fresh batches and
 * sets sent after it, before the importing thread knew, are declined too, so that each is written
 * again after that one, in order.
 */
let declining = false;
/**
 * Why a batch failed, once one has: the batches sent after it are not written (the import stops
 * at the failed one, and nothing after it may commit).
 */
let failed: string | null = null;

const kindOf = (name: string) => TABLE_KINDS.get(name) as TableKind;

/**
 * A fresh batch's reply: written, unless a fresh batch was declined before it; `write` gives null
 * when it declines this one (nothing written), and then every fresh batch after it is declined.
 */
function unlessDeclining(id: number, write: () => ImportBatchResult | true | null): WriterReply {
  const result = declining ? null : write();
  if (result !== null) return { id, result };
  declining = true;
  return { id, declined: true };
}

/** What a request comes to; better-sqlite3 writes synchronously, so each is whole when it returns. */
async function written(request: WriterRequest): Promise<WriterReply> {
  const { id } = request;
  switch (request.write) {
    case "fresh-records":
      return unlessDeclining(id, () => {
        const result = transfer.restoreFreshRecords(request.rows, request.restore);
        return result === "stored-key" ? null : result;
      });
    case "row-set":
      return unlessDeclining(id, () =>
        transfer.restoreSet(kindOf(request.kind), request.rows, request.batch) ? true : null,
      );
    case "records":
      return {
        id,
        result: await transfer.importBatch(
          JSON.parse(request.items),
          request.actor,
          request.restore,
        ),
      };
    case "rows":
      return {
        id,
        result: await transfer.restoreRows(
          kindOf(request.kind),
          JSON.parse(request.lines),
          request.batch,
        ),
      };
  }
}

// Each message is written whole before the next is read (the work is synchronous).
port.on("message", (request: WriterRequest) => {
  if (failed !== null) {
    port.postMessage({
      id: request.id,
      error: `not written: an earlier batch failed (${failed})`,
    } satisfies WriterReply);
    return;
  }
  written(request).then(
    (reply) => port.postMessage(reply),
    (error: unknown) => {
      failed = error instanceof Error ? error.message : String(error);
      port.postMessage({
        id: request.id,
        error: failed,
        ...(error instanceof RestoreRowError ? { rowIndex: error.index } : {}),
      } satisfies WriterReply);
    },
  );
});
