// A registry at an earlier schema version, for the upgrade tests: the migrations up to `version`
// applied by hand and recorded as the store's migration runner records them, so that the store's
// migrate() then applies only the later ones.

import Database from "better-sqlite3";
import type pg from "pg";
import { migrations as pgMigrations } from "../src/storage/postgres/migrations.js";
import { migrations as sqliteMigrations } from "../src/storage/sqlite/migrations.js";

/** Applies SQLite's migrations up to and including `version` to `db`. */
export function sqliteAtVersion(db: Database.Database, version: number): void {
  db.exec(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)",
  );
  for (const m of sqliteMigrations.filter((m) => m.version <= version)) {
    db.exec(m.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, 'x')").run(m.version, m.name);
  }
}

/** Writes the SQLite database `file` at `version`, then runs `statements` (its old rows) on it. */
export function sqliteFileAtVersion(file: string, version: number, statements: readonly string[]) {
  const db = new Database(file);
  try {
    sqliteAtVersion(db, version);
    for (const sql of statements) db.exec(sql);
  } finally {
    db.close();
  }
}

/** Applies PostgreSQL's migrations up to and including `version` through `client`. */
export async function postgresAtVersion(client: pg.Client, version: number): Promise<void> {
  await client.query(
    "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied text NOT NULL)",
  );
  for (const m of pgMigrations.filter((m) => m.version <= version)) {
    await client.query(m.sql);
    await client.query("INSERT INTO schema_migrations VALUES ($1, $2, 'x')", [m.version, m.name]);
  }
}
