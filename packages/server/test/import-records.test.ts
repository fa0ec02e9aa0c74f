// The NDJSON import reads the next batch while the previous one commits. What a client sees must
// not change: events in the order of a one-batch-at-a-time import, an acknowledgement only after
// its commit, a failed commit reported as a failure, and no batch left running when it stops.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ImportEvent, importRecords } from "../src/import-records.js";
import { DEFAULT_LIMITS } from "../src/server.js";
import { openSqliteStore } from "../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../src/storage/store.js";

const actor = { tokenId: null };
const limits = { ...DEFAULT_LIMITS, importBatch: 2 };
const line = (nss: string, url: string) =>
  `${JSON.stringify({ urn: `urn:example:${nss}`, status: "active", locators: [{ url }] })}\n`;

/** An in-memory store whose batches take `ms` to commit, as a database server's would. */
async function slowStore(ms: number, fail = false) {
  const store = await openSqliteStore(":memory:");
  await store.createNamespace({ nid: "example", local: true }, actor);
  const state = { running: 0, finished: 0 };
  const importBatch = store.importBatch.bind(store);
  Object.assign(store, {
    importBatch: async (...args: Parameters<Store["importBatch"]>) => {
      state.running += 1;
      await new Promise((r) => setTimeout(r, ms));
      state.running -= 1;
      state.finished += 1;
      if (fail) throw new Error("the database went away");
      return importBatch(...args);
    },
  });
  return { store, state };
}

async function collect(store: Store, text: string[]): Promise<ImportEvent[]> {
  const events: ImportEvent[] = [];
  for await (const e of importRecords(store, text, { actor, scope: null, limits })) events.push(e);
  return events;
}

describe("importRecords with a batch in flight", () => {
  it("reports events in line order: a batch's acknowledgement before later lines' errors", async () => {
    const { store } = await slowStore(20);
    const events = await collect(store, [
      line("a", "https://a.example/1"),
      line("b", "https://b.example/1"),
      "{not json\n",
      line("c", "https://c.example/1"),
      // Equivalent to line 1's URN, the NID being case-insensitive (RFC 8141 §3.1), with
      // another locator: a conflict.
      `${JSON.stringify({ urn: "urn:EXAMPLE:a", status: "active", locators: [{ url: "https://other.example/" }] })}\n`,
    ]);
    assert.deepEqual(
      events.map((e) =>
        "batch" in e
          ? `batch ${e.batch} ${e.lines}`
          : "done" in e
            ? "done"
            : `line ${e.line} ${e.code}`,
      ),
      ["batch 1 1,2", "line 3 invalid-json", "line 5 already-registered", "batch 2 4,5", "done"],
    );
    assert.deepEqual(events.at(-1), { done: true, lines: 5, created: 3, unchanged: 0, errors: 2 });
    await store.close();
  });

  it("acknowledges a batch only once its commit has finished", async () => {
    const { store, state } = await slowStore(20);
    const input = ["a", "b", "c", "d", "e"].map((n) => line(n, `https://${n}.example/`));
    for await (const e of importRecords(store, input, { actor, scope: null, limits }))
      if ("batch" in e) assert.ok(state.finished >= e.batch, `batch ${e.batch} acknowledged early`);
    assert.equal(await store.countRecords(), 5);
    await store.close();
  });

  it("throws the commit's error rather than acknowledging the batch", async () => {
    const { store } = await slowStore(5, true);
    const input = ["a", "b", "c"].map((n) => line(n, `https://${n}.example/`));
    await assert.rejects(collect(store, input), /the database went away/);
    await store.close();
  });

  it("lets the batch in flight finish when reading the input fails", async () => {
    const { store, state } = await slowStore(20);
    async function* input() {
      yield line("a", "https://a.example/");
      yield line("b", "https://b.example/");
      throw new Error("the client went away");
    }
    await assert.rejects(
      (async () => {
        for await (const _ of importRecords(store, input(), { actor, scope: null, limits }));
      })(),
      /the client went away/,
    );
    assert.deepEqual(state, { running: 0, finished: 1 });
    assert.equal(await store.countRecords(), 2);
    await store.close();
  });
});
