// The writer thread of a restore into a SQLite file (restore-writer.ts): the store's own transfer
// on a connection of its own, writing each batch in the order it arrives, one transaction each.

import { parentPort, workerData } from "node:worker_threads";
import { TABLE_KINDS } from "../registry-tables/kinds.js";
import type { TableKind } from "../registry-tables/table-kind.js";
import { RestoreRowError } from "../transfer.js";
import type { WriterReply, WriterRequest } from "./restore-writer.js";
import { SqliteStore } from "./sqlite-store.js";

const port = parentPort;
if (port === null) throw new Error("restore-writer-thread runs as a worker thread");
// The importing thread opened and migrated the file already.
const store = new SqliteStore({ filename: (workerData as { file: string }).file });

// better-sqlite3 writes synchronously: each message is written whole before the next is read.
port.on("message", (request: WriterRequest) => {
  let reply: Promise<WriterReply>;
  try {
    reply = (
      request.write === "records"
        ? store.transfer.importBatch(JSON.parse(request.items), request.actor, request.restore)
        : store.transfer.restoreRows(
            TABLE_KINDS.get(request.kind) as TableKind,
            JSON.parse(request.lines),
            request.batch,
          )
    ).then((result) => ({ id: request.id, result }));
  } catch (error) {
    reply = Promise.reject(error);
  }
  reply.then(
    (answer) => port.postMessage(answer),
    (error: unknown) =>
      port.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
        ...(error instanceof RestoreRowError ? { rowIndex: error.index } : {}),
      } satisfies WriterReply),
  );
});
