// The pool keeps two waits apart that pg-pool's one setting would join: making a connection is
// bounded by the connect timeout (a database that does not answer is down, and the request
// answers 503 soon), while waiting for a busy pool's next free connection is not (a burst of
// writes on a healthy database queues; seen before: 200 concurrent mints on a loaded machine got
// 503 after waiting 5 s for a connection of a working database).

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { createServer, type Server } from "node:net";
import { describe } from "node:test";
import pg from "pg";
import { connectionPool } from "../../src/storage/postgres/connection-pool.js";
import { PG_SKIP, TEST_PG } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const CONNECT_TIMEOUT_MS = 300;
const pooled = (connectionString: string, max: number) =>
  connectionPool({
    connectionString,
    max,
    types: pg.types,
    options: "",
    connectTimeoutMs: CONNECT_TIMEOUT_MS,
  });

describe("PostgreSQL connection pool: connecting and queueing are bounded apart", () => {
  const { it } = skippedWhen(PG_SKIP);

  it("a query waits for a busy pool's connection longer than the connect timeout", async () => {
    const pool = pooled(TEST_PG as string, 1);
    try {
      const held = await pool.connect();
      const queued = pool.query("SELECT 1 AS one");
      // Held for several connect timeouts: the queued query must still get the connection.
      await new Promise((resolve) => setTimeout(resolve, CONNECT_TIMEOUT_MS * 4)).finally(() =>
        held.release(),
      );
      assert.deepEqual((await queued).rows, [{ one: 1 }]);
    } finally {
      await pool.end();
    }
  });
});

describe("PostgreSQL connection pool: a server that never answers", () => {
  let silent: Server;
  const sockets = new Set<import("node:net").Socket>();

  const { it, before, after } = skippedWhen(false);
  before(async () => {
    // Accepts TCP connections and never speaks: a database host that hangs.
    silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  after(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("fails the connection attempt at the connect timeout, not at the queue's", async () => {
    const { port } = silent.address() as AddressInfo;
    const pool = pooled(`postgres://nobody@127.0.0.1:${port}/none`, 1);
    const started = process.hrtime.bigint();
    try {
      await assert.rejects(pool.query("SELECT 1"), /timeout/i);
      // The queue's bound is 30 s; the attempt's is 0.3 s. Anything under 10 s is the attempt's.
      assert.ok(Number(process.hrtime.bigint() - started) / 1e6 < 10_000);
    } finally {
      await pool.end();
    }
  });
});
