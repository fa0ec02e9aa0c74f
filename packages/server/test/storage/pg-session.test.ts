// The session settings of the PostgreSQL engine's connections (storage/postgres/session-options.ts):
// JIT compilation is off on every connection of the store, and an operator's PGOPTIONS still
// reaches the server beside it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PostgresConnections } from "../../src/storage/postgres/connections.js";
import { sessionOptions } from "../../src/storage/postgres/session-options.js";
import { PG_SKIP, poolerSkip, suitePostgresStore, TEST_PG } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

describe("session options", () => {
  it("keeps the operator's PGOPTIONS and turns JIT off after them", () => {
    assert.equal(sessionOptions({}), "-c jit=off");
    assert.equal(sessionOptions({ PGOPTIONS: "" }), "-c jit=off");
    assert.equal(
      sessionOptions({ PGOPTIONS: "-c statement_timeout=5s" }),
      "-c statement_timeout=5s -c jit=off",
    );
  });
});

describe("session options (postgres)", () => {
  const { it, before, after } = skippedWhen(
    PG_SKIP ||
      poolerSkip(
        "no startup options go through a pooler; the role carries jit = off there (docs/deploy.md, PgBouncer)",
      ),
  );
  const store = suitePostgresStore({ before, after });

  it("runs every connection of the store with JIT off", async () => {
    // Two connections at once: both of them are set up, not only the first.
    const [a, b] = await Promise.all([store().pool.connect(), store().pool.connect()]);
    try {
      for (const client of [a, b])
        assert.equal((await client.query<{ jit: string }>("SHOW jit")).rows[0]?.jit, "off");
    } finally {
      a.release();
      b.release();
    }
  });

  it("runs a connection of its own (an export's, a copy's source) with JIT off", async () => {
    const connections = new PostgresConnections({
      url: TEST_PG as string,
      readUrl: null,
      listenUrl: null,
      poolSize: 1,
      connectTimeoutMs: 5000,
    });
    const client = connections.primaryClient();
    client.on("error", () => {});
    await client.connect();
    try {
      assert.equal((await client.query<{ jit: string }>("SHOW jit")).rows[0]?.jit, "off");
    } finally {
      await client.end();
      await connections.end();
    }
  });
});
