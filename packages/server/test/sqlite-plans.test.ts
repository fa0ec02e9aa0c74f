// The SQLite query plans resolution depends on: every lookup by index, and no temporary B-tree
// to sort a record's locators or successors (that sort cost several times the lookup itself);
// and the OAI-PMH provider's pages, each an index range in datestamp order; the statistics'
// URN log's size, asked after every flush, from the ends of its key.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { oaiWhere } from "../src/storage/oai.js";
import { openSqliteStore, RESOLVE_SQL } from "../src/storage/sqlite/sqlite-store.js";
import { URN_LOG_SIZE_SQL } from "../src/storage/sqlite/stats.js";

describe("SQLite resolution plan", () => {
  it("reads the record, its best locator and its latest successor by index, without sorting", async () => {
    const store = await openSqliteStore(":memory:");
    try {
      const plan = store.db
        .prepare(`EXPLAIN QUERY PLAN ${RESOLVE_SQL}`)
        .all("urn:example:x")
        .map((row) => (row as { detail: string }).detail);
      assert.ok(
        plan.some((d) => /^SEARCH r USING (COVERING )?INDEX/.test(d)),
        plan.join("\n"),
      );
      assert.ok(plan.some((d) => /^SEARCH l USING (COVERING )?INDEX locators_by_rank/.test(d)));
      assert.ok(plan.some((d) => /^SEARCH s USING (COVERING )?INDEX successors_by_age/.test(d)));
      assert.ok(!plan.some((d) => /TEMP B-TREE/.test(d)), plan.join("\n"));
    } finally {
      await store.close();
    }
  });
});

describe("SQLite OAI-PMH page plans", () => {
  it("reads a page of each selection as one index range, in datestamp order without sorting", async () => {
    const store = await openSqliteStore(":memory:");
    try {
      const after = { updated: "2026-01-01T00:00:00.000Z", id: 7 };
      const cases = [
        [{}, "records_by_updated"],
        [{ nid: "example" }, "records_by_nid_updated"],
        [
          { organisation: "lib", from: "2025-01-01T00:00:00.000Z" },
          "records_by_organisation_updated",
        ],
      ] as const;
      for (const [selection, index] of cases)
        for (const part of ["tie", "later"] as const) {
          const values: unknown[] = [];
          const where = oaiWhere(
            { ...selection, before: "2027-01-01T00:00:00.000Z" },
            after,
            part,
            () => "?",
            values,
          );
          const plan = store.db
            .prepare(
              `EXPLAIN QUERY PLAN SELECT r.* FROM records r ${where} ORDER BY r.updated, r.id LIMIT 100`,
            )
            .all(...values)
            .map((row) => (row as { detail: string }).detail)
            .join("\n");
          assert.match(plan, new RegExp(`^SEARCH r USING INDEX ${index} \\(`), plan);
          // The tie is a seek on (…, updated, id): never a walk through the tie's earlier records.
          if (part === "tie") assert.match(plan, /updated=\? AND id>\?/, plan);
          assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
        }
    } finally {
      await store.close();
    }
  });
});

describe("SQLite URN log size plan", () => {
  it("reads the first and the last key, never the whole log", async () => {
    const store = await openSqliteStore(":memory:");
    try {
      const plan = store.db
        .prepare(`EXPLAIN QUERY PLAN ${URN_LOG_SIZE_SQL}`)
        .all()
        .map((row) => (row as { detail: string }).detail);
      assert.ok(!plan.some((d) => /^SCAN stat_resolution_urn_log/.test(d)), plan.join("\n"));
      assert.equal(plan.filter((d) => /^SEARCH stat_resolution_urn_log/.test(d)).length, 2);
    } finally {
      await store.close();
    }
  });
});
