// Migration 17 on a registry of an earlier version, on both engines: the URN log of version 13
// (a row a URN and flush) is folded into the rollup, adding to the rows there and marking each as
// having taken the old rows in, and the log of chunks that replaces it numbers its chunks after
// every id the rollup has recorded, so no rollup row counts a new chunk as taken in already.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../../src/storage/store.js";
import { postgresAtVersion, sqliteAtVersion } from "../old-schema.js";
import { onTestDatabase, openTestPostgresStore, PG_SKIP } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";
import { inTemporaryDirectory } from "../temporary-file.js";

const DAY = "2026-03-04";

/**
 * Version 13's state: urn:example:a rolled up once (3 by people, 1 by crawlers, log ids up to 7
 * taken in), then logged again in ids 8 and 9 (2 + 4 by people, 1 by crawlers); urn:example:b
 * only logged (1 by crawlers, id 10). Ids 1–7 were removed by that roll-up.
 */
const OLD_STATE = [
  `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots, logged_to)
   VALUES ('${DAY}', 'urn:example:a', 'example', '', '', 3, 1, 7)`,
  ...[
    [8, "urn:example:a", 2, 0],
    [9, "urn:example:a", 4, 1],
    [10, "urn:example:b", 0, 1],
  ].map(
    ([id, key, count, bots]) =>
      `INSERT INTO stat_resolution_urn_log (id, day, key, nid, prefix, organisation, count, bots)
       OVERRIDING SYSTEM VALUE VALUES (${id}, '${DAY}', '${key}', 'example', '', '', ${count}, ${bots})`,
  ),
];

/** What the rollup holds after the upgrade: a's 3 + 2 + 4 and 1 + 1, b's 1, both taken in to 10. */
const FOLDED = [`${DAY} urn:example:a 9 2 10`, `${DAY} urn:example:b 0 1 10`];

async function checkUpgraded(store: Store, rows: () => Promise<Record<string, unknown>[]>) {
  assert.deepEqual(
    (await rows()).map((r) => `${r.day} ${r.key} ${r.count} ${r.bots} ${r.logged_to}`).sort(),
    FOLDED,
  );
  const range = { from: "2026-03-01", to: "2026-03-31", limit: 10 };
  assert.deepEqual(
    (await store.stats.topUrns({ ...range, bots: "include" })).map((t) => `${t.name} ${t.count}`),
    ["urn:example:a 11", "urn:example:b 1"],
  );
  // A new chunk is numbered after the ids the rollup has taken in, so it stays until rolled up.
  const actor = { tokenId: null };
  await store.namespaces.create({ nid: "example", local: true }, actor);
  await store.records.create(
    { urn: "urn:example:b", key: "urn:example:b", nid: "example", status: "active" },
    actor,
  );
  const record = (await store.records.resolve("urn:example:b"))?.id as number;
  await store.stats.add(
    [],
    [{ day: DAY, record, nid: "example", prefix: "", organisation: "", count: 5, bots: 0 }],
  );
  assert.equal(await store.stats.urnLogSize(), 1);
  assert.equal(await store.stats.rollUpUrnLog("~", 10), 1);
  assert.deepEqual(
    (await store.stats.topUrns({ ...range, bots: "exclude" })).map((t) => `${t.name} ${t.count}`),
    ["urn:example:a 9", "urn:example:b 5"],
  );
  const b = (await rows()).find((r) => r.key === "urn:example:b");
  assert.ok(Number(b?.logged_to) > 10, `chunk id ${b?.logged_to} after the old log's ids`);
}

describe("migration 17 on a registry of version 15 (sqlite)", () => {
  it("folds the old URN log into the rollup and numbers chunks after it", () =>
    inTemporaryDirectory(async (file) => {
      // The store's own connection (it gives the SQL functions early migrations call), with the
      // migrations before 17 applied by hand.
      const store = new SqliteStore({ filename: file });
      sqliteAtVersion(store.db, 16);
      for (const sql of OLD_STATE) store.db.exec(sql.replace("OVERRIDING SYSTEM VALUE ", ""));
      await store.migrate();
      await checkUpgraded(
        store,
        async () =>
          store.db.prepare("SELECT * FROM stat_resolution_urns").all() as Record<string, unknown>[],
      );
      await store.close();
    }));
});

describe("migration 17 on a registry of version 15 (postgres)", () => {
  const { it } = skippedWhen(PG_SKIP);
  it("folds the old URN log into the rollup and numbers chunks after it", () =>
    onTestDatabase(async (client, url) => {
      await postgresAtVersion(client, 16);
      for (const sql of OLD_STATE) await client.query(sql);
      const store = await openTestPostgresStore({ url });
      await checkUpgraded(
        store,
        async () => (await client.query("SELECT * FROM stat_resolution_urns")).rows,
      );
      await store.close();
    }));
});
