// The embedded engine: one SQLite file through better-sqlite3 (WAL, one writer). Every write and
// its audit row commit in one transaction; the schema refuses deletes and reassignment itself.
// This file opens the database, runs the migrations and composes the concerns, each of which has
// a module of its own beside it.

import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { now } from "../rows.js";
import type { ImmediateReads, Store } from "../store.js";
import { type AuditFn, SqliteAudit } from "./audit.js";
import { CommitGroup } from "./commit-group.js";
import { SqliteHarvest } from "./harvest.js";
import { SqliteLinkLease } from "./link-lease.js";
import { SqliteLinks } from "./links.js";
import { locatorUrlKey } from "./locator-url-key.js";
import { migrations } from "./migrations.js";
import { SqliteNamespaces } from "./namespaces.js";
import { SqliteOai } from "./oai.js";
import { SqliteOrganisations } from "./organisations.js";
import { SqlitePrefixes } from "./prefixes.js";
import { SqliteRecords } from "./records.js";
import { SqliteSearch } from "./search.js";
import { SqliteStats } from "./stats.js";
import { SqliteTokens } from "./tokens.js";
import { SqliteTransfer } from "./transfer.js";

export interface SqliteStoreOptions {
  /** A file path, or ":memory:". */
  filename: string;
  readonly?: boolean;
}

/**
 * A larger page cache keeps the key index in memory during big imports; mmap speeds lookups.
 * (Exported so that the benchmark's bare baseline server reads the database the same way.)
 */
export function tuneForLookups(db: Database.Database): void {
  db.pragma("cache_size = -65536");
  db.pragma("mmap_size = 1073741824");
}

export class SqliteStore implements Store {
  readonly engine = "sqlite";
  readonly db: Database.Database;
  readonly namespaces: SqliteNamespaces;
  readonly records: SqliteRecords;
  readonly transfer: SqliteTransfer;
  readonly tokens: SqliteTokens;
  readonly audit: SqliteAudit;
  readonly organisations: SqliteOrganisations;
  readonly prefixes: SqlitePrefixes;
  readonly search: SqliteSearch;
  readonly oai: SqliteOai;
  readonly harvest: SqliteHarvest;
  readonly links: SqliteLinks;
  readonly linkLease: SqliteLinkLease;
  readonly stats: SqliteStats;
  readonly immediate: ImmediateReads;

  constructor(options: SqliteStoreOptions) {
    this.db = new Database(options.filename, { readonly: options.readonly ?? false });
    if (!options.readonly) {
      this.db.pragma("journal_mode = WAL");
      // WAL with NORMAL survives a killed process (the WAL is in the OS cache); FULL also power loss.
      this.db.pragma("synchronous = NORMAL");
    }
    this.db.pragma("foreign_keys = ON");
    this.db.pragma("busy_timeout = 5000");
    tuneForLookups(this.db);
    // Migration 8 gives the locators stored before it their lookup keys with it.
    this.db.function("urnkit_url_key", { deterministic: true }, locatorUrlKey);
    // The concerns prepare their statements on first use, after the migrations.
    this.audit = new SqliteAudit(this.db);
    const audit: AuditFn = (...a) => this.audit.write(...a);
    this.organisations = new SqliteOrganisations(this.db, audit);
    this.prefixes = new SqlitePrefixes(this.db, audit, (nid) => this.namespaces.forget(nid));
    this.namespaces = new SqliteNamespaces(this.db, audit, this.prefixes, this.organisations);
    this.records = new SqliteRecords(this.db, audit, this.prefixes, new CommitGroup(this.db));
    this.transfer = new SqliteTransfer(this.db, this.records);
    this.tokens = new SqliteTokens(this.db, audit);
    this.search = new SqliteSearch(this.db);
    this.oai = new SqliteOai(this.db);
    this.harvest = new SqliteHarvest(this.db);
    this.links = new SqliteLinks(this.db);
    this.linkLease = new SqliteLinkLease(this.db);
    this.stats = new SqliteStats(this.db);
    // better-sqlite3 reads synchronously, so resolution may read without waiting.
    this.immediate = { getNamespace: this.namespaces.getNow, resolve: this.records.resolveNow };
  }

  async migrate(): Promise<void> {
    this.migrateSync();
  }

  /** Applies every pending migration, each in its own transaction with its version row. */
  migrateSync(): void {
    const db = this.db;
    db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied TEXT NOT NULL)",
    );
    const applied = new Set(
      db
        .prepare<[], { version: number }>("SELECT version FROM schema_migrations")
        .all()
        .map((r) => r.version),
    );
    for (const m of migrations) {
      if (applied.has(m.version)) continue;
      db.transaction(() => {
        db.exec(m.sql);
        db.prepare("INSERT INTO schema_migrations (version, name, applied) VALUES (?, ?, ?)").run(
          m.version,
          m.name,
          now(),
        );
      }).immediate();
    }
  }

  async soleWriterBatch<T>(work: () => Promise<T>): Promise<T> {
    this.db.prepare("BEGIN IMMEDIATE").run();
    try {
      const result = await work();
      this.db.prepare("COMMIT").run();
      return result;
    } catch (error) {
      if (this.db.inTransaction) this.db.prepare("ROLLBACK").run();
      throw error;
    }
  }

  async ping(): Promise<boolean> {
    return this.db.prepare("SELECT 1 AS ok").get() !== undefined;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/**
 * Opens and migrates a SQLite store; creates the file (and its folder) unless `mustExist`, in
 * which case a missing file is an ENOENT error rather than a new empty database.
 */
export async function openSqliteStore(
  filename: string,
  options: { mustExist?: boolean } = {},
): Promise<SqliteStore> {
  if (filename !== ":memory:") {
    if (options.mustExist && !existsSync(filename))
      throw Object.assign(new Error(`no database at ${filename}`), { code: "ENOENT" });
    mkdirSync(dirname(resolve(filename)), { recursive: true });
  }
  const store = new SqliteStore({ filename });
  await store.migrate();
  return store;
}
