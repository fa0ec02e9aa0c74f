// The link checker's lease (storage/link-lease.ts, links/schedule.ts) on each engine: one
// database, two stores on it as two server processes would have; only the one holding the lease
// checks links, the other takes over once the holder stops, and a lease that ran out is free.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { scheduleLinkChecks } from "../../src/links/schedule.js";
import { openSqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../../src/storage/store.js";
import { createTestDatabase, openTestPostgresStore, PG_SKIP } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

/** Two stores on one fresh database, and a way to close both and remove it. */
type Two = { first: Store; second: Store; close(): Promise<void> };

/** Two stores opened by `open` on one database, closed before `remove` removes it. */
async function twoOn(open: () => Promise<Store>, remove: () => Promise<void>): Promise<Two> {
  const first = await open();
  const second = await open();
  return {
    first,
    second,
    async close() {
      await first.close();
      await second.close();
      await remove();
    },
  };
}

const engines: { name: string; skip: string | false; open(): Promise<Two> }[] = [
  {
    name: "sqlite",
    skip: false,
    async open() {
      const dir = mkdtempSync(join(tmpdir(), "urnkit-lease-"));
      const file = join(dir, "db.sqlite");
      return twoOn(
        () => openSqliteStore(file),
        async () => rmSync(dir, { recursive: true, force: true }),
      );
    },
  },
  {
    name: "postgres",
    skip: PG_SKIP,
    async open() {
      const db = await createTestDatabase();
      return twoOn(
        () => openTestPostgresStore({ url: db.url }),
        () => db.drop(),
      );
    },
  },
];

const at = (ms: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, 0) + ms).toISOString();

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
}

for (const engine of engines) {
  describe(`link checker lease (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    it("is held by one holder at a time, renewed by it, free once it runs out or is given up", async () => {
      const { first, second, close } = await engine.open();
      try {
        // a takes it until +10 s; b, at +5 s, finds it held.
        assert.equal(await first.linkLease.take("a", at(10_000), at(0)), true);
        assert.equal(await second.linkLease.take("b", at(15_000), at(5_000)), false);
        // a renews it until +20 s; at +15 s b still finds it held.
        assert.equal(await first.linkLease.take("a", at(20_000), at(5_000)), true);
        assert.equal(await second.linkLease.take("b", at(25_000), at(15_000)), false);
        // At +20 s it has run out: b takes it, and a finds it held.
        assert.equal(await second.linkLease.take("b", at(30_000), at(20_000)), true);
        assert.equal(await first.linkLease.take("a", at(35_000), at(25_000)), false);
        // a cannot give up b's lease; b can, and then a takes it at once.
        await first.linkLease.release("a");
        assert.equal(await first.linkLease.take("a", at(35_000), at(25_000)), false);
        await second.linkLease.release("b");
        assert.equal(await first.linkLease.take("a", at(35_000), at(25_000)), true);
      } finally {
        await close();
      }
    });

    it("two schedules on one database: one checks, the other takes over when it stops", async () => {
      const requests: string[] = [];
      const server = createServer((req, res) => {
        requests.push(req.url ?? "");
        res.writeHead(200, { "content-length": "0" }).end();
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { first, second, close } = await engine.open();
      try {
        await first.namespaces.create({ nid: "example", local: true }, actor);
        for (const n of [1, 2, 3])
          await first.records.create(
            {
              urn: `urn:example:l${n}`,
              key: `urn:example:l${n}`,
              nid: "example",
              status: "active",
              locators: [{ url: `${origin}/${n}` }],
            },
            actor,
          );
        const rounds = { first: 0, second: 0 };
        const leases: { first: boolean[]; second: boolean[] } = { first: [], second: [] };
        const start = (store: Store, name: "first" | "second") =>
          scheduleLinkChecks(store, {
            everyMs: 100,
            allowPrivate: true,
            onRound: (summary, error) => {
              assert.equal(error, undefined);
              if ((summary?.checked ?? 0) > 0) rounds[name] += 1;
            },
            onLease: (held) => leases[name].push(held),
          });
        const a = start(first, "first");
        await until(() => rounds.first > 0, "the first schedule's round");
        const b = start(second, "second");
        await until(() => leases.second.length > 0, "the second schedule's try");
        assert.deepEqual(leases.second, [false]);
        // Rounds go on (every locator is due again after 100 ms): only the first checks.
        const before = rounds.first;
        await until(() => rounds.first > before + 1, "more rounds of the first schedule");
        assert.equal(rounds.second, 0);
        await a.stop();
        // Given up on stopping: the second takes over at its next try (within a second).
        await until(() => rounds.second > 0, "the second schedule's round");
        assert.deepEqual(leases.second, [false, true]);
        await b.stop();
        assert.ok(requests.length >= 9, `${requests.length} requests`);
      } finally {
        await close();
        server.close();
      }
    });
  });
}
