// urnkit behind PgBouncer in transaction pooling mode (docs/deploy.md, "PgBouncer"): two stores
// (two processes' worth) through one PgBouncer with 4 server connections, LISTEN on a direct
// connection of each (--db-listen). Consecutive transactions of a store land in different server
// sessions, so each of these would fail if a session kept anything between transactions: named
// prepared statements (resolution's lookup, the namespace read, search), import stage tables,
// startup options. A namespace change through one store reaches the other's cache.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { InjectOptions } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { exportLines } from "../../src/routes/import-export.js";
import { buildServer } from "../../src/server.js";
import {
  openPostgresStore,
  type PostgresStore,
} from "../../src/storage/postgres/postgres-store.js";
import { importItem } from "../import-items.js";
import { waitFor } from "../outage-load.js";
import { createTestDatabase, type TestDatabase } from "../pg-database.js";
import { type Bouncer, PGBOUNCER_SKIP, startBouncer } from "../pgbouncer.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

describe("behind PgBouncer in transaction pooling mode", () => {
  const { it, before, after } = skippedWhen(PGBOUNCER_SKIP);
  let bouncer: Bouncer;
  let db: TestDatabase;
  let first: PostgresStore;
  let second: PostgresStore;

  before(async () => {
    bouncer = await startBouncer({ serverConnections: 4 });
    db = await createTestDatabase();
    const open = () =>
      openPostgresStore({ url: bouncer.through(db.url), listenUrl: db.url, poolSize: 10 });
    first = await open();
    second = await open();
    await first.namespaces.create(
      { nid: "example", local: true, mint: { prefix: "m-", width: 6, check: "none" } },
      actor,
    );
  });
  after(async () => {
    await first?.close();
    await second?.close();
    bouncer?.stop();
    await db?.drop();
  });

  it("resolves, registers and mints concurrently through both stores", async () => {
    const apps = [await buildServer({ store: first }), await buildServer({ store: second })];
    try {
      const token = (await issueToken(first, { role: "admin" }, actor)).token;
      const headers = { authorization: `Bearer ${token}` };
      /** `count` requests at once, the nth through app n mod 2. */
      const concurrently = (count: number, request: (n: number) => InjectOptions) =>
        Promise.all(Array.from({ length: count }, (_, n) => apps[n % 2]?.inject(request(n))));
      const created = await concurrently(40, (n) => ({
        method: "POST",
        url: "/api/v1/urns",
        headers,
        payload: {
          urn: `urn:example:pooled-${n}`,
          status: "active",
          locators: [{ url: `https://a.example/${n}` }],
        },
      }));
      assert.deepEqual(
        created.map((r) => r?.statusCode),
        created.map(() => 201),
      );
      const minted = await concurrently(40, () => ({
        method: "POST",
        url: "/api/v1/namespaces/example/mint",
        headers,
        payload: { status: "active" },
      }));
      const urns = minted.map((r) => r?.json().urn);
      assert.equal(new Set(urns).size, 40, "40 distinct URNs");
      const resolved = await concurrently(80, (n) => ({ url: `/urn:example:pooled-${n % 40}` }));
      assert.deepEqual(
        resolved.map((r) => r?.statusCode),
        resolved.map(() => 303),
      );
      const searched = await Promise.all(
        [first, second].map((s) => s.search.records({ nid: "example", limit: 100, order: "key" })),
      );
      for (const hits of searched) assert.equal(hits.length, 80);
    } finally {
      for (const app of apps) await app.close();
    }
  });

  it("a namespace change through one store reaches the other's cache", async () => {
    assert.equal((await second.namespaces.get("example"))?.redirectStatus, 303);
    await first.namespaces.update({ nid: "example", redirectStatus: 307 }, actor);
    await waitFor(
      "the change heard",
      async () => (await second.namespaces.get("example"))?.redirectStatus === 307,
      5000,
    );
  });

  it("imports in batches and exports the records", async () => {
    const items = (from: number) =>
      Array.from({ length: 50 }, (_, i) => importItem(i + 1, `imported-${from + i}`));
    for (let batch = 0; batch < 4; batch++) {
      const store = batch % 2 === 0 ? first : second;
      const result = await store.transfer.importBatch(items(batch * 50), actor);
      assert.equal(result.created, 50, `batch ${batch}`);
    }
    let text = "";
    for await (const chunk of exportLines(second)) text += chunk;
    assert.equal(
      text.split("\n").filter((l) => l.includes('"urn":"urn:example:imported-')).length,
      200,
    );
  });
});
