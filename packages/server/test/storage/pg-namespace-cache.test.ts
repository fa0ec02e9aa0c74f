// The per-process namespace cache of the PostgreSQL engine is only as good as its LISTEN
// connection: a change made anywhere arrives by NOTIFY; while the listening connection is lost the
// engine reads the database every time, and it listens again once the database answers.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type pg from "pg";
import { PG_SKIP, suiteStoreWithClient } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const LISTENING =
  "SELECT pid FROM pg_stat_activity WHERE query = 'LISTEN urnkit_namespaces' AND datname = $1";

describe("namespace cache and LISTEN/NOTIFY (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  // With a minting policy: its sequence is the prefix "urn:example:m-" (schema version 7).
  const setup = suiteStoreWithClient(
    { before, after },
    { nid: "example", local: true, maxAge: 300, mint: { prefix: "m-", width: 4, check: "none" } },
  );

  const setMaxAge = (seconds: number) =>
    setup.other.query("UPDATE namespaces SET max_age = $1 WHERE nid = 'example'", [seconds]);
  const eventually = async (check: () => Promise<boolean>) => {
    for (let i = 0; i < 100; i++) {
      if (await check()) return true;
      await new Promise((r) => setTimeout(r, 50));
    }
    return false;
  };

  it("a change written by another connection reaches the cache by NOTIFY", async () => {
    assert.equal((await setup.store.namespaces.get("example"))?.maxAge, 300);
    await setMaxAge(60);
    assert.ok(
      await eventually(async () => (await setup.store.namespaces.get("example"))?.maxAge === 60),
    );
  });

  it("minting does not announce a change (a prefix's sequence is not cached)", async () => {
    await setup.other.query("LISTEN urnkit_namespaces");
    const heard: string[] = [];
    const listener = (m: pg.Notification) => heard.push(m.payload ?? "");
    setup.other.on("notification", listener);
    await setup.store.namespaces.nextMintNumber("example", { tokenId: null });
    await setMaxAge(61);
    assert.ok(await eventually(async () => heard.length > 0));
    // One notification: the max-age change's, none for the mint before it.
    assert.deepEqual(heard, ["example"]);
    setup.other.off("notification", listener);
    await setup.other.query("UNLISTEN urnkit_namespaces");
  });

  it("without its listening connection the engine reads through, then listens again", async () => {
    assert.ok(
      await eventually(async () => (await setup.store.namespaces.get("example"))?.maxAge === 61),
    );
    const { rows } = await setup.other.query<{ pid: number }>(LISTENING, [setup.db.name]);
    assert.equal(rows.length, 1);
    await setup.other.query("SELECT pg_terminate_backend($1)", [rows[0]?.pid]);
    await new Promise((r) => setTimeout(r, 100));
    // A change no notification announces: only a read of the database can see it.
    await setup.other.query("ALTER TABLE namespaces DISABLE TRIGGER namespaces_changed");
    try {
      await setMaxAge(62);
    } finally {
      await setup.other.query("ALTER TABLE namespaces ENABLE TRIGGER namespaces_changed");
    }
    assert.equal((await setup.store.namespaces.get("example"))?.maxAge, 62);
    // It listens again (it retries every second) and caching works as before.
    assert.ok(
      await eventually(
        async () => (await setup.other.query(LISTENING, [setup.db.name])).rows.length === 1,
      ),
    );
    await setMaxAge(63);
    assert.ok(
      await eventually(async () => (await setup.store.namespaces.get("example"))?.maxAge === 63),
    );
  });
});
