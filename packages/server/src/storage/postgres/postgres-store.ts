// The scale-out engine: PostgreSQL through pg, shared by any number of stateless urnkit
// processes. Every write and its audit row commit in one transaction; uniqueness, mint numbers
// and lifecycle rules are decided by the database, so processes need no coordination.
// Resolution lookups may go to a read replica (`readUrl`), and so do the other reads of
// resolution and the public pages while the primary is unreachable (read-routing.ts);
// namespaces are cached per process and dropped on the NOTIFY their trigger sends, so a change
// made by one process reaches all. This file runs the migrations and composes the concerns, each
// of which has a module of its own beside it; connections.ts opens the connections.

import type pg from "pg";
import { now } from "../rows.js";
import type { Availability, Store } from "../store.js";
import { PostgresAudit } from "./audit.js";
import { DEFAULT_CONNECT_TIMEOUT_MS } from "./connection-pool.js";
import { PostgresConnections } from "./connections.js";
import { PostgresHarvest } from "./harvest.js";
import { PostgresIntegrity } from "./integrity.js";
import { PostgresLinkLease } from "./link-lease.js";
import { PostgresLinks } from "./links.js";
import { migrations } from "./migrations.js";
import { NamespaceListener } from "./namespace-listener.js";
import { type NamespaceCaching, PostgresNamespaces } from "./namespaces.js";
import { PostgresOai } from "./oai.js";
import { PostgresOrganisations, type Queryable } from "./organisations.js";
import { PostgresPrefixes } from "./prefixes.js";
import { Fallback } from "./read-routing.js";
import { PostgresRecords } from "./records.js";
import { PostgresSearch } from "./search.js";
import { PostgresStats } from "./stats.js";
import { PostgresTokens } from "./tokens.js";
import { PostgresTransfer } from "./transfer.js";
import { WriteBatches } from "./write-batch.js";

export interface PostgresStoreOptions {
  /**
   * postgres://user:password@host:port/database (libpq-style parameters allowed), or several
   * servers, host1:port1,host2:port2, with target_session_attrs to say which one (server-list.ts).
   */
  url: string;
  /** Where resolution lookups go: a replica of `url` (writes and everything else use `url`). */
  readUrl?: string | null;
  /**
   * A direct connection to the primary for LISTEN, when `url` is a transaction-mode pooler
   * (PgBouncer): then no session state is relied on through `url` (connections.ts).
   */
  listenUrl?: string | null;
  /** Connections per pool. */
  poolSize?: number;
  /** How long making a connection may take before it fails (default 5 s). */
  connectTimeoutMs?: number;
}

const MIGRATION_LOCK = 0x75726e6b; // "urnk": one process migrates at a time

/**
 * The longest wait before the NOTIFY listener connects again: with a replica or several servers
 * its state decides where reads go and it finds a promoted standby, so it keeps trying often.
 */
const LISTEN_RETRY_MS = 30_000;
const LISTEN_RETRY_FAILOVER_MS = 1000;

export class PostgresStore implements Store {
  readonly engine = "postgres";
  readonly pool: pg.Pool;
  /** The pool resolution lookups use: the replica's, or `pool` itself. */
  readonly readPool: pg.Pool;
  readonly #connections: PostgresConnections;
  readonly #listener: NamespaceListener;
  /** Reads that go to the replica while the primary is unreachable (read-routing.ts); null without one. */
  readonly #reads: Fallback | null;
  #closed = false;
  readonly #batches: WriteBatches;
  readonly namespaces: PostgresNamespaces;
  readonly records: PostgresRecords;
  readonly transfer: PostgresTransfer;
  readonly tokens: PostgresTokens;
  readonly audit: PostgresAudit;
  readonly organisations: PostgresOrganisations;
  readonly prefixes: PostgresPrefixes;
  readonly search: PostgresSearch;
  readonly oai: PostgresOai;
  readonly harvest: PostgresHarvest;
  readonly links: PostgresLinks;
  readonly linkLease: PostgresLinkLease;
  readonly stats: PostgresStats;
  readonly integrity: PostgresIntegrity;

  constructor(options: PostgresStoreOptions) {
    const connections = new PostgresConnections({
      url: options.url,
      readUrl: options.readUrl ?? null,
      listenUrl: options.listenUrl ?? null,
      poolSize: options.poolSize ?? 10,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
    this.#connections = connections;
    this.pool = connections.primary;
    this.readPool = connections.replica ?? this.pool;
    this.#listener = new NamespaceListener({
      connect: () => connections.listenClient(),
      changed: (nid) => this.namespaces.forget(nid),
      // Anything cached before or meanwhile may have missed a notification.
      switched: () => this.namespaces.forgetAll(),
      maxRetryMs: connections.failover ? LISTEN_RETRY_FAILOVER_MS : LISTEN_RETRY_MS,
    });
    this.#reads =
      connections.replica === null
        ? null
        : new Fallback(this.pool, connections.replica, () => this.#listener.listening);
    const lookups =
      connections.replica === null ? this.pool : new Fallback(connections.replica, this.pool);
    this.#batches = new WriteBatches(this.pool);
    const db = () => this.#db();
    const read = () => this.#read();
    const tx = <T>(work: (c: pg.PoolClient) => Promise<T>) => this.#tx(work);
    this.audit = new PostgresAudit(read);
    const audit = this.audit.write.bind(this.audit);
    this.namespaces = new PostgresNamespaces(db, tx, audit, () => this.#caching(), read);
    this.records = new PostgresRecords(db, tx, audit, lookups, read);
    this.transfer = new PostgresTransfer(
      this.pool,
      () => connections.primaryClient(),
      connections.pooled,
    );
    this.tokens = new PostgresTokens(db, tx, audit);
    this.organisations = new PostgresOrganisations(db, tx, audit, read);
    this.prefixes = new PostgresPrefixes(db, tx, audit, (nid) => this.namespaces.forget(nid));
    this.search = new PostgresSearch(read);
    this.oai = new PostgresOai(this.pool);
    this.harvest = new PostgresHarvest(this.pool, tx);
    this.links = new PostgresLinks(this.pool, read);
    this.linkLease = new PostgresLinkLease(this.pool);
    this.stats = new PostgresStats(this.pool, read);
    this.integrity = new PostgresIntegrity(this.pool);
  }

  /** How namespaces may be cached now (namespaces.ts). */
  #caching(): NamespaceCaching {
    if (this.#closed) return "off";
    if (this.#listener.listening) return "listening";
    return this.#reads === null ? "off" : "replica";
  }

  #tx<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.#batches.tx(work);
  }

  /** Where a query made now goes: the enclosing write batch's connection, or the pool. */
  #db(): Queryable {
    return this.#batches.db();
  }

  /** Where a read made now goes: as #db(), but to the replica while the primary is unreachable. */
  #read(): Queryable {
    const db = this.#batches.db();
    return db === this.pool && this.#reads !== null ? this.#reads : db;
  }

  /** Every store call inside `work` in one transaction on one connection (write-batch.ts). */
  writeBatch<T>(work: () => Promise<T>): Promise<T> {
    return this.#batches.run(work);
  }

  /** Applies pending migrations, each with its version row, under an advisory lock. */
  async migrate(): Promise<void> {
    await this.#tx(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
      await c.query(
        "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied text NOT NULL)",
      );
      const applied = new Set(
        (await c.query<{ version: number }>("SELECT version FROM schema_migrations")).rows.map(
          (r) => r.version,
        ),
      );
      for (const m of migrations) {
        if (applied.has(m.version)) continue;
        await c.query(m.sql);
        await c.query(
          "INSERT INTO schema_migrations (version, name, applied) VALUES ($1, $2, $3)",
          [m.version, m.name, now()],
        );
      }
    });
    await this.#listener.start();
  }

  async ping(): Promise<boolean> {
    await this.pool.query("SELECT 1");
    if (this.readPool !== this.pool) await this.readPool.query("SELECT 1");
    return true;
  }

  /** What the database can do now: with a replica, resolution goes on while the primary is away. */
  async availability(): Promise<Availability> {
    const answers = (pool: pg.Pool) =>
      pool.query("SELECT 1").then(
        () => true,
        () => false,
      );
    const [writes, replica] = await Promise.all([
      answers(this.pool),
      this.readPool === this.pool ? null : answers(this.readPool),
    ]);
    return { reads: replica ?? writes, writes };
  }

  /** Idempotent, like closing a SQLite store. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.transfer.endExports();
    await this.#listener.close();
    await this.#connections.end();
  }
}

/**
 * Connects, migrates and starts listening for namespace changes; with `migrate` false, only
 * checks that the database answers.
 */
export async function openPostgresStore(
  options: PostgresStoreOptions,
  opening: { migrate?: boolean } = {},
): Promise<PostgresStore> {
  const store = new PostgresStore(options);
  try {
    if (opening.migrate ?? true) await store.migrate();
    else await store.ping();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
