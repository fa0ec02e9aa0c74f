// What an import leaves searchable and counted, on every engine, now that SQLite writes a batch's
// rows with one statement per table (the full-text and assignment-count triggers fire for the
// rows of one statement together): after an import of several batches every record is found by
// the words of its URN and metadata and by its locator's URL, and counted once, as registered (and
// deactivated) by its organisation; lines repeating a record of the same batch or an earlier one
// are unchanged or conflicts; an import stopped by a batch the database refuses keeps the batches
// before it searchable and counted, leaves nothing of the refused one, and the writes after it
// are indexed and counted as before.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { importRecords } from "../../src/exchange/import/records.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
/** Batches of 4 lines: lines 1–4, 5–8 and 9–10 of LINES. */
const LIMITS = { ...DEFAULT_LIMITS, importBatch: 4 };
const LIB = { organisation: "lib", prefix: "urn:example:lib-" };

const LIB_1 = {
  urn: "urn:example:lib-1",
  status: "active",
  ...LIB,
  metadata: { title: "Glacier survey" },
  locators: [{ url: "https://lib.example/1" }],
};
const FREE_2 = {
  urn: "urn:example:free-2",
  status: "active",
  locators: [{ url: "https://free.example/2" }],
};

const LINES: object[] = [
  LIB_1,
  { urn: "urn:example:lib-2", status: "reserved", ...LIB },
  {
    urn: "urn:example:lib-3",
    status: "deactivated",
    reason: "withdrawn",
    ...LIB,
    metadata: { keywords: ["moraine", "till"] },
  },
  // Line 1 again, in its own batch: unchanged.
  LIB_1,
  {
    urn: "urn:example:free-1",
    status: "active",
    metadata: { title: "Moraine map" },
    locators: [{ url: "https://free.example/1" }],
  },
  // lib-2 (line 2, the batch before) with other content: a conflict.
  { urn: "urn:example:lib-2", status: "active", ...LIB },
  FREE_2,
  // free-2 (line 7, the same batch) with another locator: a conflict.
  { ...FREE_2, locators: [{ url: "https://free.example/other" }] },
  { urn: "urn:example:free-3", status: "deactivated", metadata: { title: "Drumlin field" } },
  { urn: "urn:example:lib-4", status: "active", ...LIB, metadata: { title: "Glacier retreat" } },
];

const ndjson = (lines: readonly object[]) => lines.map((l) => `${JSON.stringify(l)}\n`);

async function runImport(store: Store, lines: Iterable<string> | AsyncIterable<string>) {
  const events = [];
  for await (const event of importRecords(store, lines, {
    actor,
    scope: null,
    limits: LIMITS,
  }))
    events.push(event);
  return events;
}

for (const engine of engines) {
  describe(`what an import leaves searchable and counted (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    const today = new Date().toISOString().slice(0, 10);
    /** Today's assignment counts, as "kind count", of one organisation or of all. */
    const counts = async (organisation?: string) =>
      (
        await h.store.stats.assignmentSeries({
          from: today,
          to: today,
          granularity: "day",
          limit: 10,
          ...(organisation === undefined ? {} : { organisation }),
        })
      ).map((p) => `${p.kind} ${p.count}`);
    const found = async (query: { words?: string[]; url?: string }) =>
      (await h.store.search.records({ ...query, order: "id", limit: 100 })).map(
        (hit) => hit.record.urn,
      );

    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      await h.store.organisations.create({ id: "lib", name: "Library" }, actor);
    });
    after(() => h.close());

    it("an import of several batches: every record searchable and counted once", async () => {
      const events = await runImport(h.store, ndjson(LINES));
      assert.deepEqual(events.at(-1), {
        done: true,
        lines: 10,
        created: 7,
        unchanged: 1,
        errors: 2,
      });
      assert.deepEqual(
        events.filter((e) => "batch" in e).map((e) => "lines" in e && e.lines),
        [
          [1, 4],
          [5, 8],
          [9, 10],
        ],
      );
      assert.deepEqual(
        events.filter((e) => "error" in e).map((e) => "line" in e && e.line),
        [6, 8],
      );
      // Words of the metadata and of the URN, in import (id) order.
      assert.deepEqual(await found({ words: ["glacier"] }), [
        "urn:example:lib-1",
        "urn:example:lib-4",
      ]);
      assert.deepEqual(await found({ words: ["moraine"] }), [
        "urn:example:lib-3",
        "urn:example:free-1",
      ]);
      assert.deepEqual(await found({ words: ["till"] }), ["urn:example:lib-3"]);
      assert.deepEqual(await found({ words: ["drumlin"] }), ["urn:example:free-3"]);
      assert.deepEqual(await found({ words: ["free"] }), [
        "urn:example:free-1",
        "urn:example:free-2",
        "urn:example:free-3",
      ]);
      assert.deepEqual(await found({ words: ["example", "4"] }), ["urn:example:lib-4"]);
      assert.deepEqual(await found({ url: "https://free.example/2" }), ["urn:example:free-2"]);
      assert.deepEqual(await found({ url: "https://LIB.example/1" }), ["urn:example:lib-1"]);
      // 7 registered, 2 of them deactivated (lib-3, free-3); of them lib's 4 and 1.
      assert.deepEqual(await counts(), ["deactivated 2", "registered 7"]);
      assert.deepEqual(await counts("lib"), ["deactivated 1", "registered 4"]);
    });

    it("an import stopped by a refused batch: the batches before it searchable and counted", async () => {
      // The database refuses the locator of line 6, in the second batch (lines 5-8).
      await h.rawExec(
        engine.name === "sqlite"
          ? `CREATE TRIGGER refuse_for_test BEFORE INSERT ON locators
             WHEN NEW.url = 'https://refused.example/' BEGIN SELECT RAISE(ABORT, 'refused for the test'); END`
          : `CREATE FUNCTION refuse_for_test() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN
               IF NEW.url = 'https://refused.example/' THEN RAISE EXCEPTION 'refused for the test'; END IF;
               RETURN NEW;
             END $$;
             CREATE TRIGGER refuse_for_test BEFORE INSERT ON locators
             FOR EACH ROW EXECUTE FUNCTION refuse_for_test()`,
      );
      const line = (n: number, url = `https://stop.example/${n}`) => ({
        urn: `urn:example:stop-${n}`,
        status: "active",
        ...LIB,
        metadata: { title: `Esker ${n}` },
        locators: [{ url }],
      });
      const lines = [1, 2, 3, 4, 5].map((n) => line(n));
      lines.push(line(6, "https://refused.example/"), line(7), line(8), line(9));
      await assert.rejects(runImport(h.store, ndjson(lines)), /refused for the test/);
      // Lines 1-4 committed; nothing of lines 5-8; line 9 never sent.
      assert.deepEqual(await found({ words: ["esker"] }), [
        "urn:example:stop-1",
        "urn:example:stop-2",
        "urn:example:stop-3",
        "urn:example:stop-4",
      ]);
      assert.deepEqual(await found({ url: "https://stop.example/4" }), ["urn:example:stop-4"]);
      assert.deepEqual(await found({ url: "https://stop.example/5" }), []);
      assert.equal(await h.store.records.get("urn:example:stop-5"), null);
      assert.deepEqual(await counts("lib"), ["deactivated 1", "registered 8"]);

      // A write after it is indexed and counted by the schema's triggers.
      await h.store.records.create(
        {
          urn: "urn:example:after-1",
          key: "urn:example:after-1",
          nid: "example",
          status: "active",
          metadata: { title: "Esker after" },
        },
        actor,
      );
      assert.deepEqual(await found({ words: ["esker", "after"] }), ["urn:example:after-1"]);
      assert.deepEqual(await counts(), ["deactivated 2", "registered 12"]);
    });
  });
}
