// Throwaway PostgreSQL databases for the tests, on the server URNKIT_TEST_PG points at (see
// .ci/postgres-up.sh): one fresh database per store, dropped afterwards.

import { randomBytes } from "node:crypto";
import pg from "pg";
import type { NamespaceInput } from "../src/storage/namespaces.js";
import { type OpenStoreOptions, openStore } from "../src/storage/open-store.js";
import {
  openPostgresStore,
  type PostgresStore,
  type PostgresStoreOptions,
} from "../src/storage/postgres/postgres-store.js";
import type { Store } from "../src/storage/store.js";
import { CREATED } from "./import-items.js";
import type { SkippableSuite } from "./skipped-when.js";

/** The server to test against, or null: the PostgreSQL half is then skipped. */
export const TEST_PG: string | null = process.env.URNKIT_TEST_PG || null;

/** Why PostgreSQL tests are skipped, for node:test's `skip` (false when they run). */
export const PG_SKIP: string | false =
  TEST_PG === null
    ? 'needs PostgreSQL: set URNKIT_TEST_PG (eval "$(.ci/postgres-up.sh)"; README, Start here)'
    : false;

/**
 * A transaction-mode pooler (PgBouncer, .ci/pgbouncer-up.sh) in front of URNKIT_TEST_PG, or null.
 * When set, the tests' stores on URNKIT_TEST_PG go through it, with LISTEN straight to the server
 * (`--db-listen`, docs/deploy.md "PgBouncer"); databases are still made and dropped directly.
 */
export const TEST_PG_POOLER: string | null = (TEST_PG && process.env.URNKIT_TEST_PG_POOLER) || null;

/** Why a test cannot run behind the pooler, when URNKIT_TEST_PG_POOLER is set; else false. */
export function poolerSkip(reason: string): string | false {
  return TEST_PG_POOLER === null ? false : `not behind a transaction pooler: ${reason}`;
}

/**
 * Where a store of the tests connects for a database on URNKIT_TEST_PG: through the pooler when
 * URNKIT_TEST_PG_POOLER is set, LISTEN then on `url` itself. Any other location (a SQLite file, a
 * proxy, a cluster of a test's own) is left as it is.
 */
export function storeUrls(url: string): { url: string; listenUrl: string | null } {
  if (TEST_PG_POOLER === null || TEST_PG === null) return { url, listenUrl: null };
  let location: URL;
  try {
    location = new URL(url);
  } catch {
    return { url, listenUrl: null };
  }
  const server = new URL(TEST_PG);
  if (!/^postgres(ql)?:$/.test(location.protocol) || location.host !== server.host)
    return { url, listenUrl: null };
  const pooler = new URL(TEST_PG_POOLER);
  location.host = pooler.host;
  return { url: location.toString(), listenUrl: url };
}

/** openStore for the tests: stores on URNKIT_TEST_PG through the pooler when there is one. */
export function openTestStore(location: string, options: OpenStoreOptions = {}): Promise<Store> {
  const urls = storeUrls(location);
  return openStore(urls.url, { listenLocation: urls.listenUrl, ...options });
}

/** openPostgresStore for the tests: through the pooler when there is one. */
export function openTestPostgresStore(
  options: PostgresStoreOptions,
  opening: { migrate?: boolean } = {},
): Promise<PostgresStore> {
  const urls = storeUrls(options.url);
  return openPostgresStore({ listenUrl: urls.listenUrl, ...options, url: urls.url }, opening);
}

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

/** `work` on a fresh database through a client of its own: the client ended, the database dropped after. */
export async function onTestDatabase(
  work: (client: pg.Client, url: string) => Promise<void>,
): Promise<void> {
  const db = await createTestDatabase();
  const client = new pg.Client({ connectionString: db.url });
  try {
    await client.connect();
    await work(client, db.url);
  } finally {
    await client.end();
    await db.drop();
  }
}

/**
 * A fresh database for a suite: created, and `open` run on it, in the suite's before hook; what
 * `open` made closed and the database dropped in its after hook. The answer reads what `open` made
 * (in the tests, once the hook has run).
 */
export function suiteDatabase<T>(
  suite: Pick<SkippableSuite, "before" | "after">,
  open: (db: TestDatabase) => Promise<T>,
  close: (opened: T) => Promise<unknown>,
): () => T {
  let db: TestDatabase | undefined;
  let opened: { value: T } | undefined;
  suite.before(async () => {
    db = await createTestDatabase();
    opened = { value: await open(db) };
  });
  suite.after(async () => {
    if (opened !== undefined) await close(opened.value);
    await db?.drop();
  });
  return () => {
    if (opened === undefined) throw new Error("the suite's database is made in its before hook");
    return opened.value;
  };
}

/** A migrated PostgreSQL store on a fresh database for a suite (see suiteDatabase). */
export function suitePostgresStore(
  suite: Pick<SkippableSuite, "before" | "after">,
): () => PostgresStore {
  return suiteDatabase(
    suite,
    (db) => openTestPostgresStore({ url: db.url }),
    (store) => store.close(),
  );
}

/** A store on `url` (either engine) serving the local namespace "example". */
export async function exampleStore(url: string): Promise<Store> {
  const store = await openTestStore(url);
  await store.namespaces.create({ nid: "example", local: true }, { tokenId: null });
  return store;
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

/**
 * `deadlockTimeout`: the database's deadlock_timeout (PostgreSQL's default is 1s), so that the
 * store's connection waiting first is the one whose check finds a cycle `other` closes later.
 */
export async function storeWithClient(
  namespace: NamespaceInput,
  settings: { deadlockTimeout?: string } = {},
): Promise<StoreWithClient> {
  const db = await createTestDatabase();
  if (settings.deadlockTimeout !== undefined)
    await admin((c) =>
      c.query(`ALTER DATABASE ${db.name} SET deadlock_timeout = '${settings.deadlockTimeout}'`),
    );
  const store = await openTestPostgresStore({ url: db.url });
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

/**
 * storeWithClient for a suite: made in its before hook, closed in its after; the answer's members
 * read the one made (in the tests, once the hook has run).
 */
export function suiteStoreWithClient(
  suite: Pick<SkippableSuite, "before" | "after">,
  namespace: NamespaceInput,
  settings: { deadlockTimeout?: string } = {},
): StoreWithClient {
  let setup: StoreWithClient | undefined;
  suite.before(async () => {
    setup = await storeWithClient(namespace, settings);
  });
  suite.after(() => setup?.close());
  const made = () => {
    if (setup === undefined) throw new Error("the suite's store is made in its before hook");
    return setup;
  };
  return {
    get db() {
      return made().db;
    },
    get store() {
      return made().store;
    },
    get other() {
      return made().other;
    },
    insertOtherRecord: (name) => made().insertOtherRecord(name),
    someoneWaits: () => made().someoneWaits(),
    close: () => made().close(),
  };
}
