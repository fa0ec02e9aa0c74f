// The schema each engine's migrations build, compared with the one recorded in fixtures/schema/:
// a fresh database, a database of version 6 (the oldest the upgrade tests start from) upgraded in
// place, and what each migration step changes on its own, so that a step that has run on deployed
// databases goes on making exactly what it made. URNKIT_WRITE_SCHEMA=1 records them anew, for a new
// migration: the fixtures' diff then shows what it changes.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { describe, it } from "node:test";
import type pg from "pg";
import type { Migration } from "../../src/storage/migration.js";
import { migrations as postgresMigrations } from "../../src/storage/postgres/migrations.js";
import { openPostgresStore } from "../../src/storage/postgres/postgres-store.js";
import { migrations as sqliteMigrations } from "../../src/storage/sqlite/migrations.js";
import { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import { postgresAtVersion, sqliteFileAtVersion } from "../old-schema.js";
import { onTestDatabase, PG_SKIP } from "../pg-database.js";
import {
  type Catalog,
  catalogText,
  postgresCatalog,
  sqliteCatalog,
  stepText,
} from "../schema-catalog.js";
import { skippedWhen } from "../skipped-when.js";
import { inTemporaryDirectory } from "../temporary-file.js";

/** The migration runner's table, and the row it records a version with. */
const MIGRATIONS_TABLE = {
  sqlite:
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)",
  postgres:
    "CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied text NOT NULL)",
};

const RECORD_VERSION = {
  sqlite: "INSERT INTO schema_migrations VALUES (?, ?, 'x')",
  postgres: "INSERT INTO schema_migrations VALUES ($1, $2, 'x')",
};

/** Rows of a registry at version 6 that the later steps rewrite: a minting policy, a locator. */
const OLD_ROWS = `
INSERT INTO namespaces (nid, template_revision, mint, mint_next, created, updated)
  VALUES ('example', 0, '{"prefix":"m-","width":5}', 42, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z');
INSERT INTO records (key, urn, nid, status, created, updated)
  VALUES ('urn:example:a', 'urn:example:a', 'example', 'active', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z');
INSERT INTO locators (record_id, url, created)
  VALUES ((SELECT id FROM records), 'HTTP://Example.org:80/a', '2020-01-01T00:00:00.000Z');
`;

/** Compares `text` with the fixture `name` (or records it, with URNKIT_WRITE_SCHEMA=1). */
function matchesRecorded(name: string, text: string): void {
  const file = new URL(`../fixtures/schema/${name}`, import.meta.url);
  if (process.env.URNKIT_WRITE_SCHEMA === "1") writeFileSync(file, text);
  assert.equal(text, readFileSync(file, "utf8"), `the schema differs from fixtures/schema/${name}`);
}

/** Runs `work` with a path for a database file in a directory of its own, removed afterwards. */
/**
 * What each step of `migrations` changes, applied one by one after `schema_migrations` is made;
 * `apply` runs a step and records its version, `catalog` reads the schema.
 */
async function stepsText(
  migrations: readonly Migration[],
  apply: (migration: Migration) => Promise<void>,
  catalog: () => Promise<Catalog>,
  withOrder: boolean,
): Promise<string> {
  const steps: string[] = [];
  let before = await catalog();
  for (const migration of migrations) {
    await apply(migration);
    const after = await catalog();
    steps.push(stepText(`${migration.version} ${migration.name}`, before, after, withOrder));
    before = after;
  }
  return steps.join("\n");
}

/** The schema of the SQLite database `file` once the store has migrated it, as text. */
async function sqliteMigrated(file: string): Promise<string> {
  const store = new SqliteStore({ filename: file });
  try {
    await store.migrate();
    return catalogText(sqliteCatalog(store.db), true);
  } finally {
    await store.close();
  }
}

describe("the schema SQLite's migrations build", () => {
  it("is the recorded one on a fresh database", () =>
    inTemporaryDirectory(async (file) =>
      matchesRecorded("sqlite.txt", await sqliteMigrated(file)),
    ));

  it("is the recorded one on a database of version 6 upgraded in place", () =>
    inTemporaryDirectory(async (file) => {
      sqliteFileAtVersion(file, 6, [OLD_ROWS]);
      matchesRecorded("sqlite.txt", await sqliteMigrated(file));
    }));

  it("changes what it changed at each step", () =>
    inTemporaryDirectory(async (file) => {
      // The store's connection: it gives the SQL function migration 8 calls.
      const store = new SqliteStore({ filename: file });
      const { db } = store;
      db.exec(MIGRATIONS_TABLE.sqlite);
      const apply = async (migration: Migration) => {
        db.exec(migration.sql);
        db.prepare(RECORD_VERSION.sqlite).run(migration.version, migration.name);
      };
      const catalog = async () => sqliteCatalog(db);
      matchesRecorded("sqlite-steps.txt", await stepsText(sqliteMigrations, apply, catalog, true));
      await store.close();
    }));
});

/** The schema of the database at `url` once the store has migrated it, as text. */
async function postgresMigrated(client: pg.Client, url: string): Promise<string> {
  const store = await openPostgresStore({ url });
  await store.close();
  return catalogText(await postgresCatalog(client), false);
}

describe("the schema PostgreSQL's migrations build", () => {
  const { it } = skippedWhen(PG_SKIP);
  it("is the recorded one on a fresh database", () =>
    onTestDatabase(async (client, url) =>
      matchesRecorded("postgres.txt", await postgresMigrated(client, url)),
    ));

  it("is the recorded one on a database of version 6 upgraded in place", () =>
    onTestDatabase(async (client, url) => {
      await postgresAtVersion(client, 6);
      await client.query(OLD_ROWS);
      matchesRecorded("postgres.txt", await postgresMigrated(client, url));
    }));

  it("changes what it changed at each step", () =>
    onTestDatabase(async (client) => {
      await client.query(MIGRATIONS_TABLE.postgres);
      const apply = async (migration: Migration) => {
        await client.query(migration.sql);
        await client.query(RECORD_VERSION.postgres, [migration.version, migration.name]);
      };
      const catalog = () => postgresCatalog(client);
      matchesRecorded(
        "postgres-steps.txt",
        await stepsText(postgresMigrations, apply, catalog, false),
      );
    }));
});
