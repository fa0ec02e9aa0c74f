// The storage engines the storage and HTTP tests run against. Each factory gives a fresh, migrated,
// empty store, and a way to try the writes the database itself must refuse.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SqliteStore } from "../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../src/storage/store.js";

export interface EngineHandle {
  store: Store;
  /** Runs a raw DELETE of the record with this key, bypassing the store's code. */
  rawDelete(key: string): Promise<void>;
  /** Runs a raw UPDATE giving the record a different key. */
  rawRekey(key: string, newKey: string): Promise<void>;
  /** Runs a raw UPDATE moving a deactivated record back to active. */
  rawReactivate(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface Engine {
  name: string;
  open(): Promise<EngineHandle>;
}

export const sqlite: Engine = {
  name: "sqlite",
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
      async close() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

/** Every engine available here; a PostgreSQL factory joins when a database is configured. */
export const engines: Engine[] = [sqlite];
