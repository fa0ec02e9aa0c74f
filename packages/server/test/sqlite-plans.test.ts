// The SQLite query plans resolution depends on: every lookup by index, and no temporary B-tree
// to sort a record's locators or successors (that sort cost several times the lookup itself).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { openSqliteStore, RESOLVE_SQL } from "../src/storage/sqlite/sqlite-store.js";

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
