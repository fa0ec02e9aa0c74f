// The store a bench round writes into, on the engine it names: SQLite in a temporary directory,
// or a database of its own on the PostgreSQL server of URNKIT_TEST_PG; done() closes the store and
// removes the file or drops the database.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore, openStore, type Store } from "../dist/index.js";
import { createTestDatabase } from "../test/pg-database.js";

export async function roundStore(engine: string): Promise<{ store: Store; done(): Promise<void> }> {
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "urnkit-bench-"));
    const store = await openSqliteStore(join(dir, "bench.db"));
    return {
      store,
      async done() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const db = await createTestDatabase();
  const store = await openStore(db.url);
  return {
    store,
    async done() {
      await store.close();
      await db.drop();
    },
  };
}
