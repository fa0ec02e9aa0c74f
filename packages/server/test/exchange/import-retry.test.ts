// An import whose batch the database rolled back for another transaction's sake (a deadlock
// between two imports crossing on the same keys): importRecords sends that batch again, with the
// batches in flight after it, and the client sees every batch acknowledged once, in line order.
// First against a store that rolls back a chosen batch, then two crossing imports on PostgreSQL.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { type ImportEvent, importRecords } from "../../src/exchange/import/records.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import { RetryableError, StateError } from "../../src/storage/errors.js";
import { openSqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../../src/storage/store.js";
import type { ImportBatchResult, ImportItem } from "../../src/storage/transfer.js";
import { exampleStore, openTestStore, PG_SKIP, suiteDatabase } from "../pg-database.js";
import { postImport } from "../post-import.js";
import { skippedWhen } from "../skipped-when.js";
import { members } from "../store-overrides.js";

const actor = { tokenId: null };

const line = (name: string) =>
  `${JSON.stringify({ urn: `urn:example:${name}`, status: "active" })}\n`;

async function collect(events: AsyncIterable<ImportEvent>): Promise<ImportEvent[]> {
  const all: ImportEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

/**
 * `store` with import sequences of depth 3 that roll back the batches starting at the lines in
 * `rollBack`, `times` times each, as PostgreSQL rolls back a deadlock's victim. As there, the
 * batches sent after a rolled-back one on the same sequence fail too. Counts the sends.
 */
function rollingBack(store: Store, rollBack: number[], times: number) {
  const left = new Map(rollBack.map((l) => [l, times]));
  const sent: number[] = [];
  const wrapped: Store = {
    ...members(store),
    transfer: {
      ...members(store.transfer),
      importSequence: () => {
        let failed = false;
        let previous: Promise<unknown> = Promise.resolve();
        return {
          depth: 3,
          send(items: ImportItem[]): Promise<ImportBatchResult> {
            const first = (items[0] as ImportItem).line;
            sent.push(first);
            const result = previous.then(() => {
              if (failed) throw new StateError("an earlier batch of the import failed");
              const n = left.get(first) ?? 0;
              if (n > 0) {
                left.set(first, n - 1);
                failed = true;
                throw new RetryableError("the batch was rolled back: deadlock detected", {
                  cause: null,
                });
              }
              return store.transfer.importBatch(items, actor);
            });
            previous = result.catch(() => {});
            return result;
          },
        };
      },
    },
  };
  return { store: wrapped, sent };
}

describe("an import batch rolled back for another transaction", () => {
  let store: Store;
  before(async () => {
    store = await openSqliteStore(":memory:");
    await store.namespaces.create({ nid: "example", local: true }, actor);
  });
  after(() => store.close());

  it("is sent again with the batches after it; events keep the line order", async () => {
    const limits = { ...DEFAULT_LIMITS, importBatch: 2 };
    // Lines 1-2, 3-4 (rolled back once), 5 is not JSON, 6-7, 8.
    const text = `${line("r1") + line("r2") + line("r3") + line("r4")}not json\n${line("r6")}${line("r7")}${line("r8")}`;
    const spy = rollingBack(store, [3], 1);
    const events = await collect(importRecords(spy.store, [text], { actor, scope: null, limits }));
    const batch = (n: number, lines: [number, number], created: number) => ({
      batch: n,
      committed: true,
      lines,
      created,
      unchanged: 0,
    });
    assert.deepEqual(events, [
      batch(1, [1, 2], 2),
      batch(2, [3, 4], 2),
      { line: 5, code: "invalid-json", error: "the line is not JSON" },
      batch(3, [6, 7], 2),
      batch(4, [8, 8], 1),
      { done: true, lines: 8, created: 7, unchanged: 0, errors: 1 },
    ]);
    // The rolled-back batch went twice, and so did each batch in flight behind it then.
    assert.equal(spy.sent.filter((l) => l === 3).length, 2);
    assert.equal(spy.sent.filter((l) => l === 1).length, 1);
  });

  it("stops the import after three more tries, with the database's error", async () => {
    const limits = { ...DEFAULT_LIMITS, importBatch: 1 };
    const spy = rollingBack(store, [2], 4);
    const events: ImportEvent[] = [];
    await assert.rejects(async () => {
      for await (const event of importRecords(spy.store, [line("s1") + line("s2")], {
        actor,
        scope: null,
        limits,
      }))
        events.push(event);
    }, RetryableError);
    assert.deepEqual(events, [
      { batch: 1, committed: true, lines: [1, 1], created: 1, unchanged: 0 },
    ]);
    assert.equal(spy.sent.filter((l) => l === 2).length, 4);
    assert.equal(await store.records.get("urn:example:s2"), null);
    assert.notEqual(await store.records.get("urn:example:s1"), null);
  });
});

describe("an import the database stops", () => {
  it("ends the route's answer saying so, after the batches committed before", async () => {
    const store = await openSqliteStore(":memory:");
    try {
      await store.namespaces.create({ nid: "example", local: true }, actor);
      const { token } = await issueToken(store, { role: "admin" }, actor);
      // The database fails the batch holding line 3 (not a rollback worth sending again).
      const failing = {
        ...members(store),
        transfer: {
          ...members(store.transfer),
          importBatch: (items: ImportItem[]) =>
            (items[0] as ImportItem).line >= 3
              ? Promise.reject(new Error("disk I/O error"))
              : store.transfer.importBatch(items, actor),
        },
      };
      const app = await buildServer({ store: failing, limits: { importBatch: 2 } });
      const { response: r, events } = await postImport(
        app,
        token,
        line("d1") + line("d2") + line("d3"),
      );
      await app.close();
      assert.equal(r.statusCode, 200);
      assert.deepEqual(events[0], {
        batch: 1,
        committed: true,
        lines: [1, 2],
        created: 2,
        unchanged: 0,
      });
      assert.equal(events.length, 2);
      assert.equal(events[1].code, "import-failed");
      assert.match(events[1].error, /the batches acknowledged above are committed/);
    } finally {
      await store.close();
    }
  });
});

describe("two imports crossing on the same keys (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  // Two stores, as two urnkit processes would have: each its own pool.
  const stores = suiteDatabase(
    { before, after },
    async (db) => ({ one: await exampleStore(db.url), two: await openTestStore(db.url) }),
    async ({ one, two }) => {
      await one.close();
      await two.close();
    },
  );

  it("both finish; every key is registered once", async () => {
    const { one, two } = stores();
    const n = 3000;
    const names = Array.from({ length: n }, (_, i) => `x${i}`);
    const forward = names.map(line).join("");
    // The same batches, each in the opposite order.
    const backward = names
      .map((_, i) => names[i - (i % 100) + 99 - (i % 100)] as string)
      .map(line)
      .join("");
    const limits = { ...DEFAULT_LIMITS, importBatch: 100 };
    const [a, b] = await Promise.all([
      collect(importRecords(one, [forward], { actor, scope: null, limits })),
      collect(importRecords(two, [backward], { actor, scope: null, limits })),
    ]);
    const done = (events: ImportEvent[]) => events.at(-1) as Extract<ImportEvent, { done: true }>;
    for (const events of [a, b]) {
      assert.equal(events.filter((e) => "error" in e).length, 0);
      assert.equal(done(events).created + done(events).unchanged, n);
    }
    assert.equal(done(a).created + done(b).created, n);
    assert.equal(await one.records.count(), n);
  });
});
