// Import through COPY and export through a server-side cursor on PostgreSQL: the same NDJSON
// file gives the same records, and the same export, as on SQLite; importing it again changes
// nothing; an export is one snapshot, blind to writes made while it runs.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { importRecords } from "../../src/exchange/import/records.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import type { RecordLine } from "../../src/storage/transfer.js";
import { exportText } from "../export-text.js";
import { exampleStore, PG_SKIP, suiteDatabase } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const COUNT = 30_000;

/** Records in every status, with locators, metadata, successors and characters COPY escapes. */
function* sampleLines(): Generator<string> {
  for (let i = 1; i <= COUNT; i++) {
    const line: RecordLine = {
      urn: `urn:example:doc-${i}`,
      status: i % 10 === 0 ? "deactivated" : i % 7 === 0 ? "reserved" : "active",
      created: "2025-01-02T03:04:05.000Z",
    };
    if (line.status !== "reserved")
      line.locators = [
        {
          url: `https://a.example/doc/${i}`,
          priority: 5,
          mediaType: "text/html",
          created: "2025-01-02T03:04:05.000Z",
        },
        { url: `https://b.example/doc/${i}?q=1`, created: "2025-01-02T03:04:05.000Z" },
      ];
    if (i % 3 === 0) line.metadata = { title: `Doc\t${i}\n"quoted" \\ back`, n: i };
    if (line.status === "deactivated") {
      line.reason = "superseded";
      line.deactivated = "2025-06-01T00:00:00.000Z";
      line.successors = [`urn:example:doc-${i + 1}`];
    }
    yield `${JSON.stringify(line)}\n`;
  }
}

async function importAll(store: Store) {
  let done: { created: number; unchanged: number; errors: number } | undefined;
  for await (const event of importRecords(store, sampleLines(), {
    actor,
    scope: null,
    limits: DEFAULT_LIMITS,
  }))
    if ("done" in event) done = event;
  return done as { created: number; unchanged: number; errors: number };
}

describe("COPY import and cursor export (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  const stores = suiteDatabase(
    { before, after },
    async (db) => {
      const dir = mkdtempSync(join(tmpdir(), "urnkit-pg-import-"));
      return {
        dir,
        pgStore: await exampleStore(db.url),
        sqliteStore: await exampleStore(join(dir, "same.db")),
      };
    },
    async ({ dir, pgStore, sqliteStore }) => {
      await pgStore.close();
      await sqliteStore.close();
      rmSync(dir, { recursive: true, force: true });
    },
  );

  it(`imports ${COUNT} records with COPY`, async (t) => {
    const { pgStore } = stores();
    const started = performance.now();
    const done = await importAll(pgStore);
    const seconds = (performance.now() - started) / 1000;
    t.diagnostic(`${Math.round(COUNT / seconds)} records/s`);
    assert.deepEqual(done, { done: true, lines: COUNT, created: COUNT, unchanged: 0, errors: 0 });
    assert.equal(await pgStore.records.count(), COUNT);
    const deactivated = await pgStore.records.get("urn:example:doc-30");
    assert.equal(deactivated?.status, "deactivated");
    assert.deepEqual(deactivated?.successors, ["urn:example:doc-31"]);
    assert.deepEqual((await pgStore.records.get("urn:example:doc-31"))?.predecessors, [
      "urn:example:doc-30",
    ]);
    assert.deepEqual((await pgStore.records.get("urn:example:doc-3"))?.metadata, {
      title: 'Doc\t3\n"quoted" \\ back',
      n: 3,
    });
    assert.equal(
      (await pgStore.records.resolve("urn:example:doc-1"))?.best,
      "https://a.example/doc/1",
    );
  });

  it("importing the same file again changes nothing", async () => {
    const { pgStore } = stores();
    const done = await importAll(pgStore);
    assert.deepEqual(done, { done: true, lines: COUNT, created: 0, unchanged: COUNT, errors: 0 });
    assert.equal(await pgStore.records.count(), COUNT);
  });

  it("exports exactly what SQLite exports for the same file", async () => {
    const { pgStore, sqliteStore } = stores();
    await importAll(sqliteStore);
    const fromPg = await exportText(pgStore);
    assert.equal(fromPg.split("\n").length - 1, COUNT);
    assert.equal(fromPg, await exportText(sqliteStore));
  });

  it("an export is one snapshot: a record created while it runs is not in it", async () => {
    const { pgStore } = stores();
    const first = await pgStore.transfer.exportPage(null, 1000);
    assert.notEqual(first.cursor, null);
    await pgStore.records.create(
      { urn: "urn:example:late", key: "urn:example:late", nid: "example", status: "reserved" },
      actor,
    );
    let urns = first.lines.map((l) => l.urn);
    let cursor = first.cursor;
    while (cursor !== null) {
      const page = await pgStore.transfer.exportPage(cursor, 1000);
      urns = urns.concat(page.lines.map((l) => l.urn));
      cursor = page.cursor;
    }
    assert.equal(urns.length, COUNT);
    assert.ok(!urns.includes("urn:example:late"));
    assert.ok((await exportText(pgStore)).includes('"urn:example:late"'));
  });
});
