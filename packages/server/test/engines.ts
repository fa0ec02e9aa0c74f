// The storage engines the storage and HTTP tests run against. Each factory gives a fresh, migrated,
// empty store, and a way to try the writes the database itself must refuse.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteStore } from "../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../src/storage/store.js";
import { createTestDatabase, openTestPostgresStore, PG_SKIP } from "./pg-database.js";
import type { SkipReason } from "./skipped-when.js";

export interface EngineHandle {
  store: Store;
  /** Runs a raw DELETE of the record with this key, bypassing the store's code. */
  rawDelete(key: string): Promise<void>;
  /** Runs a raw UPDATE giving the record a different key. */
  rawRekey(key: string, newKey: string): Promise<void>;
  /** Runs a raw UPDATE moving a deactivated record back to active. */
  rawReactivate(key: string): Promise<void>;
  /** Every row of a table, as the database holds it. */
  rawRows(table: string): Promise<Record<string, unknown>[]>;
  /** Runs raw SQL on a connection of its own, as an operator's SQL shell would. */
  rawExec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  name: "sqlite" | "postgres";
  /** Why this engine's tests are skipped here (node:test's `skip`), or false when they run. */
  skip: SkipReason;
  open(): Promise<EngineHandle>;
}

export const sqlite: Engine = {
  name: "sqlite",
  skip: false,
  async open() {
    const dir = mkdtempSync(join(tmpdir(), "urnkit-test-"));
    const store = new SqliteStore({ filename: join(dir, "test.db") });
    await store.migrate();
    return {
      store,
      async rawDelete(key) {
        store.db.prepare("DELETE FROM records WHERE key = ?").run(key);
      },
      async rawRekey(key, newKey) {
        store.db.prepare("UPDATE records SET key = ? WHERE key = ?").run(newKey, key);
      },
      async rawReactivate(key) {
        store.db.prepare("UPDATE records SET status = 'active' WHERE key = ?").run(key);
      },
      async rawRows(table) {
        return store.db.prepare<[], Record<string, unknown>>(`SELECT * FROM ${table}`).all();
      },
      async rawExec(sql) {
        store.db.exec(sql);
      },
      async close() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** A fresh database on the URNKIT_TEST_PG server for each store. */
export const postgres: Engine = {
  name: "postgres",
  skip: PG_SKIP,
  async open() {
    const db = await createTestDatabase();
    const store = await openTestPostgresStore({ url: db.url });
    return {
      store,
      async rawDelete(key) {
        await store.pool.query("DELETE FROM records WHERE key = $1", [key]);
      },
      async rawRekey(key, newKey) {
        await store.pool.query("UPDATE records SET key = $1 WHERE key = $2", [newKey, key]);
      },
      async rawReactivate(key) {
        await store.pool.query("UPDATE records SET status = 'active' WHERE key = $1", [key]);
      },
      async rawRows(table) {
        return (await store.pool.query(`SELECT * FROM ${table}`)).rows;
      },
      async rawExec(sql) {
        await store.pool.query(sql);
      },
      async close() {
        await store.close();
        await db.drop();
      },
    };
  },
};

/**
 * Both engines. Without URNKIT_TEST_PG the PostgreSQL half is registered skipped (each looped
 * suite takes its tests from `skippedWhen(engine.skip)`), so the runner counts what did not run.
 */
export const engines: Engine[] = [sqlite, postgres];
