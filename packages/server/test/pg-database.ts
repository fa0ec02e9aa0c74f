// Throwaway PostgreSQL databases for the tests, on the server URNKIT_TEST_PG points at (see
// .ci/postgres-up.sh): one fresh database per store, dropped afterwards.

import { randomBytes } from "node:crypto";
import pg from "pg";
import type { NamespaceInput } from "../src/storage/namespaces.js";
import { openPostgresStore, type PostgresStore } from "../src/storage/postgres/postgres-store.js";
import { CREATED } from "./import-items.js";

/** The server to test against, or null: the PostgreSQL half is then skipped. */
export const TEST_PG: string | null = process.env.URNKIT_TEST_PG || null;

/** Why PostgreSQL tests are skipped, for node:test's `skip` (false when they run). */
export const PG_SKIP: string | false =
  TEST_PG === null
    ? 'needs PostgreSQL: set URNKIT_TEST_PG (eval "$(.ci/postgres-up.sh)"; README, Start here)'
    : false;

/** Runs `work` on a connection to the URNKIT_TEST_PG database itself. */
export async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_PG as string });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  /** The same database under another name, as a second connection string. */
  name: string;
  drop(): Promise<void>;
}

/** Creates an empty database and returns its URL. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `urnkit_t_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(TEST_PG as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}

/** A fresh database, a store serving `namespace` on it, and a plain second connection to it. */
export interface StoreWithClient {
  db: TestDatabase;
  store: PostgresStore;
  /** Another writer (or listener) beside the store. */
  other: pg.Client;
  /**
   * Inserts the record row of urn:example:`name` (active, created CREATED) on `other`, in its
   * open transaction if it has one; returns the row's id.
   */
  insertOtherRecord(name: string): Promise<string>;
  /** Resolves once a connection to the database waits on a lock (the other writer's key). */
  someoneWaits(): Promise<void>;
  close(): Promise<void>;
}

export async function storeWithClient(namespace: NamespaceInput): Promise<StoreWithClient> {
  const db = await createTestDatabase();
  const store = await openPostgresStore({ url: db.url });
  const other = new pg.Client({ connectionString: db.url });
  const close = async () => {
    await other.end().catch(() => {});
    await store.close();
    await db.drop();
  };
  try {
    await store.namespaces.create(namespace, { tokenId: null });
    await other.connect();
  } catch (error) {
    await close();
    throw error;
  }
  const insertOtherRecord = async (name: string) => {
    const inserted = await other.query<{ id: string }>(
      `INSERT INTO records (key, urn, nid, status, created, updated)
       VALUES ($1, $1, 'example', 'active', $2, $2) RETURNING id`,
      [`urn:example:${name}`, CREATED],
    );
    return inserted.rows[0]?.id as string;
  };
  const someoneWaits = async () => {
    const waiting = async () =>
      (
        await other.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
          [db.name],
        )
      ).rows[0]?.n;
    for (let tries = 0; (await waiting()) === 0; tries++) {
      if (tries >= 500) throw new Error("no connection ever waited on a lock");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { db, store, other, insertOtherRecord, someoneWaits, close };
}
