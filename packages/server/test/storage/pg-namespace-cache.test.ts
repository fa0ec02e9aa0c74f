// The per-process namespace cache of the PostgreSQL engine is only as good as its LISTEN
// connection: a change made anywhere arrives by NOTIFY; while the listening connection is lost the
// engine reads the database every time, and it listens again once the database answers.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type pg from "pg";
import type { PostgresStore } from "../../src/storage/postgres/postgres-store.js";
import {
  PG_SKIP,
  type StoreWithClient,
  storeWithClient,
  type TestDatabase,
} from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const LISTENING =
  "SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN urnkit_namespaces' AND datname = $1";

describe("namespace cache and LISTEN/NOTIFY (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  let db: TestDatabase;
  let store: PostgresStore;
  let other: pg.Client;

  const setMaxAge = (seconds: number) =>
    other.query("UPDATE namespaces SET max_age = $1 WHERE nid = 'example'", [seconds]);
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  let setup: StoreWithClient | undefined;

  before(async () => {
    // With a minting policy: its sequence is the prefix "urn:example:m-" (schema version 7).
    setup = await storeWithClient({
      nid: "example",
      local: true,
      maxAge: 300,
      mint: { prefix: "m-", width: 4, check: "none" },
    });
    ({ db, store, other } = setup);
  });
  after(() => setup?.close());

  it("a change written by another connection reaches the cache by NOTIFY", async () => {
    assert.equal((await store.namespaces.get("example"))?.maxAge, 300);
    await setMaxAge(60);
    assert.ok(await eventually(async () => (await store.namespaces.get("example"))?.maxAge === 60));
  });

  it("minting does not announce a change (a prefix's sequence is not cached)", async () => {
    await other.query("LISTEN urnkit_namespaces");
    const heard: string[] = [];
    const listener = (m: pg.Notification) => heard.push(m.payload ?? "");
    other.on("notification", listener);
    await store.namespaces.nextMintNumber("example", { tokenId: null });
    await setMaxAge(61);
    assert.ok(await eventually(async () => heard.length > 0));
    // One notification: the max-age change's, none for the mint before it.
    assert.deepEqual(heard, ["example"]);
    other.off("notification", listener);
    await other.query("UNLISTEN urnkit_namespaces");
  });

  it("without its listening connection the engine reads through, then listens again", async () => {
    assert.ok(await eventually(async () => (await store.namespaces.get("example"))?.maxAge === 61));
    const { rows } = await other.query<{ pid: number }>(LISTENING, [db.name]);
    assert.equal(rows.length, 1);
    await other.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
    await new Promise((r) => setTimeout(r, 100));
    // A change no notification announces: only a read of the database can see it.
    await other.query("ALTER TABLE namespaces DISABLE TRIGGER namespaces_changed");
    try {
      await setMaxAge(62);
    } finally {
      await other.query("ALTER TABLE namespaces ENABLE TRIGGER namespaces_changed");
    }
    assert.equal((await store.namespaces.get("example"))?.maxAge, 62);
    // It listens again (it retries every second) and caching works as before.
    assert.ok(
      await eventually(async () => (await other.query(LISTENING, [db.name])).rows.length === 1),
    );
    await setMaxAge(63);
    assert.ok(await eventually(async () => (await store.namespaces.get("example"))?.maxAge === 63));
  });
});
