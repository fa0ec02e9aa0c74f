// The stores the scale, verify and search benches fill, on the source: SQLite in a new temporary
// directory, or a new database on a PostgreSQL server (or one the caller keeps between runs, by
// name). done() closes the store and removes what was made for it.

import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openPostgresStore, type PostgresStore } from "../src/storage/postgres/postgres-store.js";
import { openSqliteStore, type SqliteStore } from "../src/storage/sqlite/sqlite-store.js";

export interface Scratch<S> {
  store: S;
  done(): Promise<void>;
}

/** A SQLite store in `urnkit-{name}-…/{name}.db` under the temporary directory. */
export async function scratchSqliteStore(name: string): Promise<Scratch<SqliteStore>> {
  const dir = mkdtempSync(join(tmpdir(), `urnkit-${name}-`));
  const store = await openSqliteStore(join(dir, `${name}.db`));
  return {
    store,
    async done() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A store on a new database `urnkit_{name}_{random}` of the PostgreSQL server `server`, dropped by
 * done(); or, with `kept`, on the database of that name, made if missing and kept.
 */
export async function scratchPostgresStore(
  server: string,
  name: string,
  options: { kept?: string | null; poolSize?: number } = {},
): Promise<Scratch<PostgresStore>> {
  const kept = options.kept ?? null;
  const database = kept ?? `urnkit_${name}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  const store = await openPostgresStore({ url: url.toString(), poolSize: options.poolSize });
  return {
    store,
    async done() {
      await store.close();
      if (kept === null) await admin.query(`DROP DATABASE ${database} WITH (FORCE)`);
      await admin.end();
    },
  };
}
