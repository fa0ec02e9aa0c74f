// The PostgreSQL plans of the record lists (GET /api/v1/urns) filtered by a status alone or by
// updatedSince alone: each page one index range in its list's order, never a scan of the table
// or a sort of every match. Sequential and bitmap scans are priced out (enable_seqscan and
// enable_bitmapscan off) because on a test's few rows reading them all and sorting is cheaper and
// the planner rightly does that; what is asked here is that an index serves the page's order, so
// that on a large table, where a page is a sliver of the matches, the planner has it to choose.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { openPostgresStore, type PostgresStore } from "../src/storage/postgres/postgres-store.js";
import { dialect } from "../src/storage/postgres/search.js";
import { orderFor, type RecordQuery, searchSql } from "../src/storage/search.js";
import { createTestDatabase, PG_SKIP, type TestDatabase } from "./pg-database.js";

describe("PostgreSQL record list plans", { skip: PG_SKIP }, () => {
  let db: TestDatabase;
  let store: PostgresStore;

  before(async () => {
    db = await createTestDatabase();
    store = await openPostgresStore({ url: db.url });
  });
  after(async () => {
    await store?.close();
    await db?.drop();
  });

  async function plan(query: RecordQuery): Promise<string> {
    const { sql, params } = searchSql(query, dialect);
    const client = await store.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      await client.query("SET LOCAL enable_bitmapscan = off");
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
});
