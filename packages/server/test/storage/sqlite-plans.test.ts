// The SQLite query plans resolution depends on: every lookup by index, and no temporary B-tree
// to sort a record's locators or successors (that sort cost several times the lookup itself);
// the OAI-PMH provider's pages, each an index range in datestamp order; and the record lists
// (GET /api/v1/urns) filtered by a status alone or by updatedSince alone, each an index range in
// its list's order; the link checker's due locators, each part an index range; and the
// statistics' URN log's size, asked after every flush, from the ends of its key.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { oaiWhere } from "../../src/storage/oai.js";
import { orderFor, type RecordQuery, searchSql } from "../../src/storage/search.js";
import { DUE_CHECKED, DUE_DEFERRED, DUE_UNCHECKED } from "../../src/storage/sqlite/links.js";
import { RESOLVE_SQL } from "../../src/storage/sqlite/records.js";
import { dialect } from "../../src/storage/sqlite/search.js";
import { openSqliteStore, type SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import { URN_LOG_SIZE_SQL } from "../../src/storage/stats-log.js";

// One empty registry for every plan: the plans are only asked for, never run.
let store: SqliteStore;
before(async () => {
  store = await openSqliteStore(":memory:");
});
after(() => store.close());

/** The plan's detail lines for `sql` with `params`. */
const planOf = (sql: string, params: unknown[] = []) =>
  store.db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all(...params)
    .map((row) => (row as { detail: string }).detail);

describe("SQLite resolution plan", () => {
  it("reads the record, its best locator and its latest successor by index, without sorting", async () => {
    const plan = planOf(RESOLVE_SQL, ["urn:example:x"]);
    assert.ok(
      plan.some((d) => /^SEARCH r USING (COVERING )?INDEX/.test(d)),
      plan.join("\n"),
    );
    assert.ok(plan.some((d) => /^SEARCH l USING (COVERING )?INDEX locators_by_rank/.test(d)));
    assert.ok(plan.some((d) => /^SEARCH s USING (COVERING )?INDEX successors_by_age/.test(d)));
    assert.ok(!plan.some((d) => /TEMP B-TREE/.test(d)), plan.join("\n"));
  });
});

describe("SQLite OAI-PMH page plans", () => {
  it("reads a page of each selection as one index range, in datestamp order without sorting", async () => {
    const after = { updated: "2026-01-01T00:00:00.000Z", id: 7 };
    const cases = [
      [{}, "records_by_updated"],
      [{ nid: "example" }, "records_by_nid_updated"],
      [
        { organisation: "lib", from: "2025-01-01T00:00:00.000Z" },
        "records_by_organisation_updated",
      ],
      // epicur's lists: the same range, an active record's active locator looked up by index.
      [{ activeWithLocatorOrDeactivated: true }, "records_by_updated"],
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
        const plan = planOf(
          `SELECT r.* FROM records r ${where} ORDER BY r.updated, r.id LIMIT 100`,
          values,
        ).join("\n");
        assert.match(plan, new RegExp(`^SEARCH r USING INDEX ${index} \\(`), plan);
        // The tie is a seek on (…, updated, id): never a walk through the tie's earlier records.
        if (part === "tie") assert.match(plan, /updated=\? AND id>\?/, plan);
        assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
        if ("activeWithLocatorOrDeactivated" in selection)
          assert.match(
            plan,
            /SEARCH l (EXISTS )?USING (COVERING )?INDEX \S+ \(record_id=\?\)/,
            plan,
          );
      }
  });
});

describe("SQLite URN log size plan", () => {
  it("reads the first and the last key, never the whole log", async () => {
    const plan = planOf(URN_LOG_SIZE_SQL);
    assert.ok(!plan.some((d) => /^SCAN stat_resolution_urn_log/.test(d)), plan.join("\n"));
    assert.equal(plan.filter((d) => /^SEARCH stat_resolution_urn_log/.test(d)).length, 2);
  });
});

describe("SQLite record list plans", () => {
  it("pages a status alone and updatedSince alone as one index range, without sorting", async () => {
    const since = "2026-01-01T00:00:00.000Z";
    const cases: [Omit<RecordQuery, "order" | "limit">, RecordQuery["after"], RegExp][] = [
      [
        { status: "deactivated" },
        undefined,
        /^SEARCH r USING INDEX records_by_status \(status=\?\)$/,
      ],
      [
        { status: "deactivated" },
        7,
        /^SEARCH r USING INDEX records_by_status \(status=\? AND id>\?\)$/,
      ],
      [
        { updatedSince: since },
        undefined,
        /^SEARCH r USING INDEX records_by_updated \(updated>\?\)$/,
      ],
      [
        { updatedSince: since },
        { updated: "2026-02-01T00:00:00.000Z", id: 7 },
        /^SEARCH r USING INDEX records_by_updated \(updated>\?\)$/,
      ],
    ];
    for (const [filters, after, expected] of cases) {
      const query: RecordQuery = {
        ...filters,
        order: orderFor(filters),
        limit: 101,
        ...(after === undefined ? {} : { after }),
      };
      const { sql, params } = searchSql(query, dialect);
      const plan = planOf(sql, params).join("\n");
      assert.match(plan, expected, `${JSON.stringify(filters)}: ${plan}`);
      assert.doesNotMatch(plan, /TEMP B-TREE/, plan);
    }
  });
});

describe("SQLite due-locator plans", () => {
  it("reads the never-checked, the deferred and the oldest-checked locators by index, without sorting", async () => {
    const values = {
      now: "2026-01-01T00:00:00.000Z",
      checkedBefore: "2026-01-01T00:00:00.000Z",
      organisation: null,
      prefix: null,
      limit: 500,
    };
    const cases = [
      // The partial index holds only never-checked active locators: all of it is the range.
      [DUE_UNCHECKED, /^SCAN l USING INDEX locators_unchecked$/m],
      [DUE_DEFERRED, /^SEARCH h USING (COVERING )?INDEX link_health_by_checked \(checked=\?\)/m],
      [DUE_CHECKED, /^SEARCH h USING (COVERING )?INDEX link_health_by_checked \(checked<\?\)/m],
    ] as const;
    for (const [sql, index] of cases) {
      const plan = planOf(sql, [values]).join("\n");
      assert.match(plan, index, plan);
      assert.match(plan, /^SEARCH r USING INTEGER PRIMARY KEY/m, plan);
      assert.doesNotMatch(plan, /TEMP B-TREE|^SCAN [hlr]$/m, plan);
    }
  });
});
