// The PostgreSQL plans of the record lists (GET /api/v1/urns) filtered by a status alone or by
// updatedSince alone, and of the link checker's due locators: each one index range in its order,
// never a scan of the table or a sort of every match. Sequential and bitmap scans and sorts are
// priced out (enable_seqscan, enable_bitmapscan, enable_sort off) because on a test's few rows
// reading them all and sorting is cheaper and the planner rightly does that; what is asked here
// is that an index serves the order, so that on a large table, where a page is a sliver of the
// matches, the planner has it to choose. And resolution's lookup: answered from two indexes
// alone (migration 21), reading no table page once the visibility map has the pages.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { importRecords } from "../../src/exchange/import/records.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { DUE_CHECKED, DUE_DEFERRED, DUE_UNCHECKED } from "../../src/storage/postgres/links.js";
import { RESOLVE_SQL } from "../../src/storage/postgres/records.js";
import { dialect } from "../../src/storage/postgres/search.js";
import { orderFor, type RecordQuery, searchSql } from "../../src/storage/search.js";
import { PG_SKIP, suitePostgresStore } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

describe("PostgreSQL record list plans", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  const store = suitePostgresStore({ before, after });

  async function plan(query: RecordQuery): Promise<string> {
    const { sql, params } = searchSql(query, dialect);
    return explain(sql, params);
  }

  async function explain(sql: string, params: unknown[]): Promise<string> {
    const client = await store().pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_bitmapscan = off");
      // And sorts: on empty tables a handful of active records, each locator looked up and all
      // sorted, is cheapest; on a registry's millions it is the scan this test guards against.
      await client.query("SET LOCAL enable_sort = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`, params);
      return rows.map((r) => r["QUERY PLAN"]).join("\n");
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  }

  it("pages a status alone and updatedSince alone as one index range, without sorting", async () => {
    const since = "2026-01-01T00:00:00.000Z";
    const cases: [Omit<RecordQuery, "order" | "limit">, RecordQuery["after"], string][] = [
      [{ status: "deactivated" }, undefined, "records_by_status"],
      [{ status: "deactivated" }, 7, "records_by_status"],
      [{ updatedSince: since }, undefined, "records_by_updated"],
      [
        { updatedSince: since },
        { updated: "2026-02-01T00:00:00.000Z", id: 7 },
        "records_by_updated",
      ],
    ];
    for (const [filters, position, index] of cases) {
      const text = await plan({
        ...filters,
        order: orderFor(filters),
        limit: 101,
        ...(position === undefined ? {} : { after: position }),
      });
      assert.match(text, new RegExp(`Index (Only )?Scan using ${index} on records`), text);
      assert.doesNotMatch(text, /Sort|Seq Scan|Bitmap/, text);
    }
  });

  it("reads the never-checked, the deferred and the oldest-checked locators by index, without sorting", async () => {
    // 3,000 locators, 2,000 of them checked (a day each of 2,000 days), 100 deferred before
    // their first check, analysed: the planner knows most records are active.
    await store().namespaces.create({ nid: "plan", local: true }, { tokenId: null });
    const lines = Array.from(
      { length: 3000 },
      (_, i) =>
        `{"urn":"urn:plan:${i}","status":"active","locators":[{"url":"https://x.example/${i}"}]}\n`,
    );
    for await (const event of importRecords(store(), [lines.join("")], {
      actor: { tokenId: null },
      scope: null,
      limits: DEFAULT_LIMITS,
    }))
      assert.ok(!("error" in event), JSON.stringify(event));
    const due = await store().links.due({ now: "2026-01-01T00:00:00.000Z", limit: 3000 });
    assert.equal(due.length, 3000);
    for (const [i, { id }] of due.slice(0, 2000).entries())
      await store().links.recordCheck(
        id,
        {
          checked: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
          outcome: "ok",
          status: 200,
          finalUrl: null,
          latencyMs: 1,
          message: null,
        },
        3,
      );
    for (const { id } of due.slice(2000, 2100))
      await store().links.deferCheck(id, "2020-01-01T00:00:00.000Z");
    await store().pool.query("ANALYZE");
    const t = "2023-01-01T00:00:00.000Z";
    const cases: [string, unknown[], RegExp][] = [
      [DUE_UNCHECKED, [null, null, 500], /Index Scan using locators_unchecked on locators/],
      [
        DUE_DEFERRED,
        [null, null, t, 500],
        /Index Scan using link_health_by_checked on link_health/,
      ],
      [
        DUE_CHECKED,
        [null, null, t, t, 500],
        /Index Scan using link_health_by_checked on link_health/,
      ],
    ];
    for (const [sql, params, index] of cases) {
      const text = await explain(sql, params);
      assert.match(text, index, text);
      assert.doesNotMatch(text, /Sort|Seq Scan|Bitmap/, text);
    }
  });

  it("resolves a URN from the key and locator indexes alone, without reading a table page", async () => {
    await store().namespaces.create({ nid: "lookup", local: true }, { tokenId: null });
    // Two locators on each record, so the ranking reads both; vacuumed, so that the visibility
    // map says every page is all-visible.
    const lines = Array.from(
      { length: 200 },
      (_, i) =>
        `{"urn":"urn:lookup:${i}","status":"active","locators":[{"url":"https://a.example/${i}"},{"url":"https://b.example/${i}","priority":2}]}\n`,
    );
    for await (const event of importRecords(store(), [lines.join("")], {
      actor: { tokenId: null },
      scope: null,
      limits: DEFAULT_LIMITS,
    }))
      assert.ok(!("error" in event), JSON.stringify(event));
    await store().pool.query("VACUUM (ANALYZE) records, locators");
    const client = await store().pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_bitmapscan = off");
      const { rows } = await client.query<{ "QUERY PLAN": string }>(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${RESOLVE_SQL}`,
        ["urn:lookup:117"],
      );
      const text = rows.map((r) => r["QUERY PLAN"]).join("\n");
      assert.match(text, /Index Only Scan using records_key_key on records/, text);
      assert.match(text, /Index Only Scan using locators_record_id_url_key on locators/, text);
      assert.deepEqual(text.match(/Heap Fetches: \d+/g), ["Heap Fetches: 0", "Heap Fetches: 0"]);
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
    // And the answer is the lookup's: the higher-priority locator first.
    const answer = await store().records.resolve("urn:lookup:117");
    assert.equal(answer?.best, "https://b.example/117");
  });
});
