// The scale-out engine: PostgreSQL through pg, shared by any number of stateless urnkit
// processes. Every write and its audit row commit in one transaction; uniqueness, mint numbers
// and lifecycle rules are decided by the database, so processes need no coordination.
// Resolution lookups may go to a read replica (`readUrl`); namespaces are cached per process and
// dropped on the NOTIFY their trigger sends, so a change made by one process reaches all.
// This file opens the pools, runs the migrations, listens and composes the concerns, each of
// which has a module of its own beside it.

import pg from "pg";
import { Backoff } from "../../runtime/backoff.js";
import { now } from "../rows.js";
import type { Store } from "../store.js";
import { PostgresAudit } from "./audit.js";
import { connectionPool, DEFAULT_CONNECT_TIMEOUT_MS } from "./connection-pool.js";
import { PostgresHarvest } from "./harvest.js";
import { PostgresIntegrity } from "./integrity.js";
import { PostgresLinkLease } from "./link-lease.js";
import { PostgresLinks } from "./links.js";
import { migrations, NAMESPACE_CHANNEL } from "./migrations.js";
import { PostgresNamespaces } from "./namespaces.js";
import { PostgresOai } from "./oai.js";
import { PostgresOrganisations, type Queryable } from "./organisations.js";
import { PostgresPrefixes } from "./prefixes.js";
import { PostgresRecords } from "./records.js";
import { PostgresSearch } from "./search.js";
import { sessionOptions } from "./session-options.js";
import { PostgresStats } from "./stats.js";
import { PostgresTokens } from "./tokens.js";
import { PostgresTransfer } from "./transfer.js";
import { types } from "./type-parsers.js";
import { WriteBatches } from "./write-batch.js";

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database (libpq-style parameters allowed). */
  url: string;
  /** Where resolution lookups go: a replica of `url` (writes and everything else use `url`). */
  readUrl?: string | null;
  /** Connections per pool. */
  poolSize?: number;
  /** How long making a connection may take before it fails (default 5 s). */
  connectTimeoutMs?: number;
}

const MIGRATION_LOCK = 0x75726e6b; // "urnk": one process migrates at a time

export class PostgresStore implements Store {
  readonly engine = "postgres";
  readonly pool: pg.Pool;
  /** The pool resolution lookups use: the replica's, or `pool` itself. */
  readonly readPool: pg.Pool;
  readonly #url: string;
  readonly #connectTimeoutMs: number;
  /** The wait before the NOTIFY listener connects again, growing while it keeps failing. */
  readonly #listenBackoff = new Backoff({ initialMs: 1000, maxMs: 30_000 });
  #listener: pg.Client | null = null;
  /** True once LISTEN is in place, false as soon as that connection is lost. */
  #listening = false;
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
    this.#url = options.url;
    const max = options.poolSize ?? 10;
    this.#connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    // A connection that breaks, idle or not, is replaced on next use; it must not crash the process.
    const pooled = {
      max,
      types,
      options: sessionOptions(),
      connectTimeoutMs: this.#connectTimeoutMs,
    };
    this.pool = connectionPool({ connectionString: options.url, ...pooled });
    this.readPool = options.readUrl
      ? connectionPool({ connectionString: options.readUrl, ...pooled })
      : this.pool;
    this.#batches = new WriteBatches(this.pool);
    const db = () => this.#db();
    const tx = <T>(work: (c: pg.PoolClient) => Promise<T>) => this.#tx(work);
    this.audit = new PostgresAudit(db);
    const audit = this.audit.write.bind(this.audit);
    this.namespaces = new PostgresNamespaces(db, tx, audit, () => this.#listening && !this.#closed);
    this.records = new PostgresRecords(db, tx, audit, this.readPool);
    this.transfer = new PostgresTransfer(this.pool, this.#url, this.#connectTimeoutMs);
    this.tokens = new PostgresTokens(db, tx, audit);
    this.organisations = new PostgresOrganisations(db, tx, audit);
    this.prefixes = new PostgresPrefixes(db, tx, audit, (nid) => this.namespaces.forget(nid));
    this.search = new PostgresSearch(this.pool);
    this.oai = new PostgresOai(this.pool);
    this.harvest = new PostgresHarvest(this.pool, tx);
    this.links = new PostgresLinks(this.pool);
    this.linkLease = new PostgresLinkLease(this.pool);
    this.stats = new PostgresStats(this.pool);
    this.integrity = new PostgresIntegrity(this.pool);
  }

  #tx<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return this.#batches.tx(work);
  }

  /** Where a query made now goes: the enclosing write batch's connection, or the pool. */
  #db(): Queryable {
    return this.#batches.db();
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
    await this.#listen();
  }

  // The namespace cache is used only while this connection listens: a missed notification
  // would otherwise leave a stale namespace behind.
  async #listen(): Promise<void> {
    if (this.#listener !== null || this.#closed) return;
    const client = new pg.Client({
      connectionString: this.#url,
      types,
      connectionTimeoutMillis: this.#connectTimeoutMs,
      keepAlive: true,
    });
    this.#listener = client;
    const lost = () => {
      if (this.#listener !== client) return;
      this.#listener = null;
      this.#listening = false;
      this.namespaces.forgetAll();
      if (!this.#closed)
        setTimeout(() => void this.#listen().catch(() => {}), this.#listenBackoff.next()).unref();
    };
    client.on("notification", (message) => {
      this.namespaces.forget(message.payload);
    });
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${NAMESPACE_CHANNEL}`);
      // Anything cached before now may have missed a notification.
      this.namespaces.forgetAll();
      this.#listening = true;
      this.#listenBackoff.reset();
    } catch (error) {
      lost();
      await client.end().catch(() => {});
      throw error;
    }
  }

  async ping(): Promise<boolean> {
    await this.pool.query("SELECT 1");
    if (this.readPool !== this.pool) await this.readPool.query("SELECT 1");
    return true;
  }

  /** Idempotent, like closing a SQLite store. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listening = false;
    await this.transfer.endExports();
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => {});
    await this.pool.end();
    if (this.readPool !== this.pool) await this.readPool.end();
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
