// The embedded engine: one SQLite file through better-sqlite3 (WAL, one writer). Every write and
// its audit row commit in one transaction; the schema refuses deletes and reassignment itself.

import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import Database from "better-sqlite3";
import { tombstoneFrozen, tombstoneStep } from "../lifecycle.js";
import { LOCATOR_RANK } from "../locator-rank.js";
import { mintPrefixOf } from "../mint-prefix.js";
import { LOCAL_REGISTRY } from "../organisations.js";
import { DEFAULT_POLICY } from "../prefixes.js";
import { countParams } from "../resolution-count-query.js";
import {
  auditJson,
  type NamespaceRow,
  now,
  type RecordColumns,
  recordLine,
  SESSION_SELECT,
  TOKEN_COLUMNS,
  TOKEN_LIVE,
  toAuditEntry,
  tokenTarget,
  toNamespace,
  toRecord,
  toSessionWithToken,
} from "../rows.js";
import {
  type Actor,
  type AuditEntry,
  type AuditQuery,
  ConflictError,
  type CreateOutcome,
  type Deactivation,
  type ExportPage,
  type ImmediateReads,
  type ImportBatchResult,
  type ImportItem,
  keyTaken,
  type Locator,
  type LocatorInput,
  type MintPolicy,
  type Namespace,
  type NamespaceInput,
  type NewRecord,
  type NewToken,
  type RecordIdentifier,
  type RecordLine,
  type RecordPatch,
  type RecordStatus,
  type ResolutionCount,
  type ResolutionCountQuery,
  type ResolveView,
  type Role,
  type SessionChange,
  type SessionRow,
  type SessionWithToken,
  StateError,
  type Store,
  type TemplateRevision,
  type TokenInfo,
  type TokenListing,
  type UrnRecord,
} from "../store.js";
import { SqliteHarvest } from "./harvest.js";
import { SqliteImportBatch } from "./import-batch.js";
import { SqliteLinkLease } from "./link-lease.js";
import { SqliteLinks } from "./links.js";
import { locatorUrlKey } from "./locator-url-key.js";
import { migrations } from "./migrations.js";
import { SqliteOai } from "./oai.js";
import { type AuditFn, SqliteOrganisations } from "./organisations.js";
import { SqlitePrefixes } from "./prefixes.js";
import { SqliteRecordSet } from "./record-set.js";
import { SqliteSearch } from "./search.js";
import { SqliteStats } from "./stats.js";

type RecordRow = RecordColumns;

interface LocatorRow {
  record_id: number;
  url: string;
  priority: number;
  media_type: string | null;
  active: number;
  owner: string | null;
  created: string;
}

interface TokenRow {
  id: number;
  role: Role;
  namespace: string | null;
  organisation: string | null;
  label: string | null;
  created: string;
}

export interface SqliteStoreOptions {
  /** A file path, or ":memory:". */
  filename: string;
  readonly?: boolean;
}

/** Resolution's one lookup: the record with its best locator and latest successor. */
export const RESOLVE_SQL = `SELECT r.urn, r.status, r.reason, r.deactivated,
  (SELECT url FROM locators l WHERE l.record_id = r.id AND l.active = 1
    ORDER BY ${LOCATOR_RANK} LIMIT 1) AS best,
  (SELECT successor_urn FROM successors s WHERE s.record_id = r.id
    ORDER BY s.created DESC LIMIT 1) AS successor,
  r.id
FROM records r WHERE r.key = ?`;

/** A row of RESOLVE_SQL, its columns in order. */
type ResolveRow = [
  urn: string,
  status: RecordStatus,
  reason: string | null,
  deactivated: string | null,
  best: string | null,
  successor: string | null,
  id: number,
];

function resolveView([
  urn,
  status,
  reason,
  deactivated,
  best,
  successor,
  id,
]: ResolveRow): ResolveView {
  return { id, urn, status, reason, deactivated, best, successor };
}

function toLocator(row: LocatorRow): Locator {
  return {
    url: row.url,
    priority: row.priority,
    mediaType: row.media_type,
    active: row.active === 1,
    owner: row.owner,
    created: row.created,
  };
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
  // Namespaces are read on every resolution and change rarely: this process is the only writer.
  readonly #namespaces = new Map<string, Namespace | null>();
  #prepared: ReturnType<SqliteStore["prepare"]> | undefined;
  readonly organisations: SqliteOrganisations;
  readonly prefixes: SqlitePrefixes;
  readonly search: SqliteSearch;
  readonly oai: SqliteOai;
  readonly harvest: SqliteHarvest;
  readonly links: SqliteLinks;
  readonly linkLease: SqliteLinkLease;
  readonly stats: SqliteStats;
  #recordSet: SqliteRecordSet | undefined;
  #importBatch: SqliteImportBatch | undefined;

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
    const audit: AuditFn = (...a) => this.#audit(...a);
    this.organisations = new SqliteOrganisations(this.db, audit);
    this.prefixes = new SqlitePrefixes(this.db, audit, (nid) => this.#namespaces.delete(nid));
    this.search = new SqliteSearch(this.db);
    this.oai = new SqliteOai(this.db);
    this.harvest = new SqliteHarvest(this.db);
    this.links = new SqliteLinks(this.db);
    this.linkLease = new SqliteLinkLease(this.db);
    this.stats = new SqliteStats(this.db);
  }

  private get s(): ReturnType<SqliteStore["prepare"]> {
    if (this.#prepared === undefined) this.#prepared = this.prepare();
    return this.#prepared;
  }

  // The record-set and import modules, made on first use (after the migrations).
  get #set(): SqliteRecordSet {
    this.#recordSet ??= new SqliteRecordSet(this.db, {
      takenBy: (key) => this.s.recordUrnByKey.get(key)?.urn,
      alone: this.db.transaction((input: NewRecord, actor: Actor) =>
        this.#createRecordSync(input, actor),
      ),
    });
    return this.#recordSet;
  }

  get #imports(): SqliteImportBatch {
    this.#importBatch ??= new SqliteImportBatch(this.db, {
      record: (key) => this.#recordSync(key),
      successor: (id, successor, t) => this.#insertSuccessor(id, successor, t),
    });
    return this.#importBatch;
  }

  private prepare() {
    const db = this.db;
    return {
      namespace: db.prepare<[string], NamespaceRow>(
        `SELECT n.*, t.template FROM namespaces n
         LEFT JOIN namespace_templates t ON t.nid = n.nid AND t.revision = n.template_revision
         WHERE n.nid = ?`,
      ),
      namespaces: db.prepare<[], NamespaceRow>(
        `SELECT n.*, t.template FROM namespaces n
         LEFT JOIN namespace_templates t ON t.nid = n.nid AND t.revision = n.template_revision
         ORDER BY n.nid`,
      ),
      insertNamespace: db.prepare(
        `INSERT INTO namespaces (nid, template_revision, mint, redirect_status, max_age, delegate, local, created, updated)
         VALUES (@nid, @revision, @mint, @redirectStatus, @maxAge, @delegate, @local, @now, @now)`,
      ),
      updateNamespace: db.prepare(
        `UPDATE namespaces SET template_revision = @revision, mint = @mint, redirect_status = @redirectStatus,
         max_age = @maxAge, delegate = @delegate, local = @local, updated = @now WHERE nid = @nid`,
      ),
      insertTemplate: db.prepare(
        "INSERT INTO namespace_templates (nid, revision, template, created) VALUES (?, ?, ?, ?)",
      ),
      templates: db.prepare<[string], TemplateRevision>(
        "SELECT revision, template, created FROM namespace_templates WHERE nid = ? ORDER BY revision",
      ),
      // Rows as arrays: better-sqlite3 builds a row object property by property through V8's
      // API, which costs more than the object literal made from the array (resolveView).
      resolve: db.prepare<[string], ResolveRow>(RESOLVE_SQL).raw(true),
      record: db.prepare<[string], RecordRow>("SELECT * FROM records WHERE key = ?"),
      // The keys travel as one JSON array, so one prepared statement takes any number.
      recordsByKeys: db.prepare<[string], RecordRow>(
        "SELECT * FROM records WHERE key IN (SELECT value FROM json_each(?))",
      ),
      recordUrnByKey: db.prepare<[string], { urn: string }>(
        "SELECT urn FROM records WHERE key = ?",
      ),
      locators: db.prepare<[number], LocatorRow>(
        `SELECT * FROM locators l WHERE record_id = ? ORDER BY l.active DESC, ${LOCATOR_RANK}`,
      ),
      successors: db.prepare<[number], { successor_urn: string }>(
        "SELECT successor_urn FROM successors WHERE record_id = ? ORDER BY created DESC, successor_key",
      ),
      predecessors: db.prepare<[string], { urn: string }>(
        `SELECT r.urn FROM successors s JOIN records r ON r.id = s.record_id
         WHERE s.successor_key = ? ORDER BY r.id`,
      ),
      insertRecord: db.prepare<[Omit<RecordColumns, "id">]>(
        // The schema refuses any insert on a taken key (version 5), so the writes below look the
        // key up first rather than relying on ON CONFLICT. (An INSERT … SELECT … WHERE NOT EXISTS
        // reading the same table would make SQLite stage every row in a temporary table.)
        `INSERT INTO records (key, urn, nid, status, metadata, reason, deactivated, organisation, prefix, created, updated)
         VALUES (@key, @urn, @nid, @status, @metadata, @reason, @deactivated, @organisation, @prefix, @created, @updated)`,
      ),
      // A locator's URL already on the record is updated in place, never inserted again.
      updateLocator: db.prepare(
        "UPDATE locators SET priority = ?, media_type = ?, active = ? WHERE record_id = ? AND url = ?",
      ),
      insertLocator: db.prepare(
        `INSERT INTO locators (record_id, url, url_key, priority, media_type, active, owner, created)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      deactivateLocators: db.prepare(
        "UPDATE locators SET active = 0 WHERE record_id = ? AND active = 1",
      ),
      // An owner's locators; with `legacy` 1 also those without an owner (the record owner's).
      deactivateOwnLocators: db.prepare<[{ id: number; owner: string; legacy: number }]>(
        `UPDATE locators SET active = 0 WHERE record_id = @id AND active = 1
         AND (owner IS @owner OR (owner IS NULL AND @legacy = 1))`,
      ),
      identifiers: db.prepare<[number], RecordIdentifier>(
        "SELECT type, value FROM record_identifiers WHERE record_id = ? ORDER BY type, value",
      ),
      identifierRecord: db.prepare<[string, string, string], { key: string; urn: string }>(
        `SELECT r.key, r.urn FROM record_identifiers i JOIN records r ON r.id = i.record_id
         WHERE i.organisation = ? AND i.type = ? AND i.value = ?`,
      ),
      insertIdentifier: db.prepare(
        "INSERT INTO record_identifiers (organisation, type, value, record_id, created) VALUES (?, ?, ?, ?, ?)",
      ),
      hasSuccessor: db.prepare<[number, string], { n: number }>(
        "SELECT 1 AS n FROM successors WHERE record_id = ? AND successor_key = ?",
      ),
      insertSuccessor: db.prepare<[number, string, string, string]>(
        `INSERT INTO successors (record_id, successor_urn, successor_key, created)
         VALUES (?, ?, ?, ?)`,
      ),
      setMetadata: db.prepare("UPDATE records SET metadata = ?, updated = ? WHERE id = ?"),
      touch: db.prepare("UPDATE records SET updated = ? WHERE id = ?"),
      setStatus: db.prepare(
        "UPDATE records SET status = ?, reason = ?, deactivated = ?, updated = ? WHERE id = ?",
      ),
      // One statement for a batch's audit rows, one a created record (in line order).
      insertAudit: db.prepare(
        "INSERT INTO audit (token_id, action, target, before, after, at) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      audit: db.prepare<[number, number], Record<string, unknown>>(
        "SELECT * FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?",
      ),
      // The targets travel as one JSON array, so one prepared statement takes any number.
      auditFor: db.prepare<[string, number, number], Record<string, unknown>>(
        `SELECT * FROM audit WHERE target IN (SELECT value FROM json_each(?)) AND id < ?
         ORDER BY id DESC LIMIT ?`,
      ),
      exportRecords: db.prepare<[number, number], RecordRow>(
        "SELECT * FROM records WHERE id > ? ORDER BY id LIMIT ?",
      ),
      exportLocators: db.prepare<[number, number], LocatorRow>(
        `SELECT * FROM locators WHERE record_id BETWEEN ? AND ?
         ORDER BY record_id, active DESC, priority DESC, created, id`,
      ),
      exportIdentifiers: db.prepare<
        [number, number],
        { record_id: number; type: string; value: string }
      >(
        `SELECT record_id, type, value FROM record_identifiers WHERE record_id BETWEEN ? AND ?
         ORDER BY record_id, type, value`,
      ),
      // An import's identifier already naming a record is left as it is (the import checked it).
      exportSuccessors: db.prepare<[number, number], { record_id: number; successor_urn: string }>(
        `SELECT record_id, successor_urn FROM successors WHERE record_id BETWEEN ? AND ?
         ORDER BY record_id, created DESC, successor_key`,
      ),
      countRecords: db.prepare<[], { n: number }>("SELECT count(*) AS n FROM records"),
      insertToken: db.prepare(
        "INSERT INTO tokens (hash, role, namespace, organisation, label, created) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      token: db.prepare<[string], TokenRow>(
        `SELECT ${TOKEN_COLUMNS} FROM tokens t WHERE t.hash = ? AND ${TOKEN_LIVE}`,
      ),
      revokeToken: db.prepare<[string, number], TokenRow>(
        `UPDATE tokens SET revoked = ? WHERE id = ? AND revoked IS NULL
         RETURNING id, role, namespace, organisation, label, created`,
      ),
      endTokenSessions: db.prepare("DELETE FROM sessions WHERE token_id = ?"),
      insertSession: db.prepare(
        "INSERT INTO sessions (id_hash, token_id, csrf, flash, created, expires) VALUES (?, ?, ?, ?, ?, ?)",
      ),
      session: db.prepare<[string, string], Record<string, unknown>>(
        `${SESSION_SELECT} WHERE s.id_hash = ? AND s.expires > ? AND ${TOKEN_LIVE}`,
      ),
      sessionExpires: db.prepare("UPDATE sessions SET expires = ? WHERE id_hash = ?"),
      sessionFlash: db.prepare("UPDATE sessions SET flash = ? WHERE id_hash = ?"),
      deleteSession: db.prepare("DELETE FROM sessions WHERE id_hash = ?"),
      sweepSessions: db.prepare("DELETE FROM sessions WHERE expires <= ?"),
      addCount: db.prepare(
        `INSERT INTO resolution_counts (nid, day, count) VALUES (?, ?, ?)
         ON CONFLICT (nid, day) DO UPDATE SET count = count + excluded.count`,
      ),
      counts: db.prepare<[Record<string, string | number | null>], ResolutionCount>(
        `SELECT nid, day, count FROM resolution_counts
         WHERE (@nid IS NULL OR nid = @nid) AND day >= @from AND day <= @to AND (day, nid) > (@day, @afterNid)
         ORDER BY day, nid LIMIT @limit`,
      ),
    };
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

  #audit(actor: Actor, action: string, target: string, before: unknown, after: unknown): void {
    this.s.insertAudit.run(
      actor.tokenId,
      action,
      target,
      auditJson(before),
      auditJson(after),
      now(),
    );
  }

  // Namespaces

  #namespaceSync(nid: string): Namespace | null {
    let ns = this.#namespaces.get(nid);
    if (ns === undefined) {
      const row = this.s.namespace.get(nid);
      ns = row === undefined ? null : toNamespace(row, this.prefixes.routes(nid));
      this.#namespaces.set(nid, ns);
    }
    return ns;
  }

  // better-sqlite3 reads synchronously, so resolution may read without waiting.
  readonly immediate: ImmediateReads = {
    getNamespace: (nid) => this.#namespaceSync(nid.toLowerCase()),
    resolve: (key) => {
      const row = this.s.resolve.get(key);
      return row === undefined ? null : resolveView(row);
    },
  };

  async getNamespace(nid: string): Promise<Namespace | null> {
    return this.immediate.getNamespace(nid);
  }

  async listNamespaces(): Promise<Namespace[]> {
    return this.s.namespaces.all().map((row) => toNamespace(row, this.prefixes.routes(row.nid)));
  }

  async createNamespace(input: NamespaceInput, actor: Actor): Promise<Namespace> {
    const nid = input.nid.toLowerCase();
    return this.db
      .transaction(() => {
        const existing = this.s.namespace.get(nid);
        if (existing !== undefined)
          throw new ConflictError(`namespace "${nid}" is already served here`, nid);
        const t = now();
        this.s.insertNamespace.run({
          nid,
          revision: 1,
          mint: input.mint ? JSON.stringify(input.mint) : null,
          redirectStatus: input.redirectStatus ?? 303,
          maxAge: input.maxAge ?? 300,
          delegate: JSON.stringify(input.delegate ?? []),
          local: input.local ? 1 : 0,
          now: t,
        });
        this.s.insertTemplate.run(nid, 1, input.template ?? null, t);
        if (input.mint) this.#ensureMintPrefix(nid, input.mint, actor);
        this.#namespaces.delete(nid);
        const ns = this.#namespaceSync(nid) as Namespace;
        this.#audit(actor, "namespace.create", nid, undefined, ns);
        return ns;
      })
      .immediate();
  }

  async updateNamespace(input: NamespaceInput, actor: Actor): Promise<Namespace> {
    const nid = input.nid.toLowerCase();
    return this.db
      .transaction(() => {
        const row = this.s.namespace.get(nid);
        if (row === undefined) throw new StateError(`namespace "${nid}" is not served here`);
        const before = toNamespace(row);
        const t = now();
        const template = input.template === undefined ? before.template : input.template;
        let revision = before.templateRevision;
        if (template !== before.template) {
          revision += 1;
          this.s.insertTemplate.run(nid, revision, template, t);
        }
        const mint = input.mint === undefined ? before.mint : input.mint;
        if (input.mint) this.#ensureMintPrefix(nid, input.mint, actor);
        this.s.updateNamespace.run({
          nid,
          revision,
          mint: mint ? JSON.stringify(mint) : null,
          redirectStatus: input.redirectStatus ?? before.redirectStatus,
          maxAge: input.maxAge ?? before.maxAge,
          delegate: JSON.stringify(input.delegate ?? before.delegate),
          local: (input.local ?? before.local) ? 1 : 0,
          now: t,
        });
        this.#namespaces.delete(nid);
        const ns = this.#namespaceSync(nid) as Namespace;
        this.#audit(actor, "namespace.update", nid, before, ns);
        return ns;
      })
      .immediate();
  }

  async templateRevisions(nid: string): Promise<TemplateRevision[]> {
    return this.s.templates.all(nid.toLowerCase());
  }

  /**
   * The prefix a namespace's minting policy names: created for the local registry organisation
   * (created too when missing), or its width and check changed when it is that organisation's.
   */
  #ensureMintPrefix(nid: string, mint: MintPolicy, actor: Actor): void {
    const prefix = mintPrefixOf(nid, mint);
    const existing = this.prefixes.getSync(prefix);
    if (existing !== null) {
      if (existing.organisation !== LOCAL_REGISTRY)
        throw new ConflictError(
          `the minting prefix "${prefix}" belongs to organisation "${existing.organisation}"`,
          prefix,
        );
      this.prefixes.change(prefix, { width: mint.width, check: mint.check ?? "none" }, actor);
      return;
    }
    if (this.organisations.getSync(LOCAL_REGISTRY) === null)
      this.organisations.insert({ id: LOCAL_REGISTRY, name: "This registry" }, actor);
    this.prefixes.insert(
      {
        prefix,
        nid,
        organisation: LOCAL_REGISTRY,
        ...DEFAULT_POLICY,
        width: mint.width,
        check: mint.check ?? "none",
      },
      actor,
    );
  }

  async nextMintNumber(nid: string, actor: Actor): Promise<number> {
    return this.db
      .transaction(() => {
        const ns = this.#namespaceSync(nid.toLowerCase());
        if (ns === null) throw new StateError(`namespace "${nid}" is not served here`);
        if (ns.mint === null) throw new StateError(`namespace "${nid}" has no minting policy`);
        return this.prefixes.take(mintPrefixOf(ns.nid, ns.mint), 1, "namespace.mint", actor);
      })
      .immediate();
  }

  // Records

  async resolve(key: string): Promise<ResolveView | null> {
    return this.immediate.resolve(key);
  }

  #recordSync(key: string): UrnRecord | null {
    const row = this.s.record.get(key);
    return row === undefined ? null : this.#expand(row);
  }

  #expand(row: RecordRow): UrnRecord {
    const s = this.s;
    return toRecord(row, {
      locators: s.locators.all(row.id).map(toLocator),
      successors: s.successors.all(row.id).map((r) => r.successor_urn),
      predecessors: s.predecessors.all(row.key).map((r) => r.urn),
      identifiers: s.identifiers.all(row.id),
    });
  }

  async getRecord(key: string): Promise<UrnRecord | null> {
    return this.#recordSync(key);
  }

  /**
   * `owner`: of the new locators that name none. `fresh`: the record was created in this
   * transaction, so none of its URLs is stored yet.
   */
  #insertLocators(
    recordId: number,
    locators: readonly LocatorInput[] | undefined,
    t: string,
    owner: string | null = null,
    fresh = false,
  ): void {
    for (const l of locators ?? []) {
      const priority = l.priority ?? 0;
      const mediaType = l.mediaType ?? null;
      const active = l.active === false ? 0 : 1;
      if (
        !fresh &&
        this.s.updateLocator.run(priority, mediaType, active, recordId, l.url).changes > 0
      )
        continue;
      const created = (l as { created?: string }).created ?? t;
      this.s.insertLocator.run(
        recordId,
        l.url,
        locatorUrlKey(l.url),
        priority,
        mediaType,
        active,
        l.owner ?? owner,
        created,
      );
    }
  }

  #insertIdentifiers(
    recordId: number,
    organisation: string | null,
    ids: readonly RecordIdentifier[] | undefined,
    t: string,
  ): void {
    if (ids === undefined || ids.length === 0) return;
    if (organisation === null)
      throw new StateError("identifiers belong to an organisation", "organisation-required");
    for (const id of ids) {
      const taken = this.s.identifierRecord.get(organisation, id.type, id.value);
      if (taken !== undefined)
        throw new StateError(
          `identifier ${id.type} "${id.value}" of organisation "${organisation}" names ${taken.urn}`,
          "identifier-taken",
        );
      this.s.insertIdentifier.run(organisation, id.type, id.value, recordId, t);
    }
  }

  #insertSuccessor(recordId: number, successor: { urn: string; key: string }, t: string): void {
    if (this.s.hasSuccessor.get(recordId, successor.key) === undefined)
      this.s.insertSuccessor.run(recordId, successor.urn, successor.key, t);
  }

  async createRecord(input: NewRecord, actor: Actor): Promise<UrnRecord> {
    return this.db.transaction(() => this.#createRecordSync(input, actor)).immediate();
  }

  async getRecords(keys: readonly string[]): Promise<Map<string, UrnRecord>> {
    const found = new Map<string, UrnRecord>();
    if (keys.length === 0) return found;
    for (const row of this.s.recordsByKeys.all(JSON.stringify(keys)))
      found.set(row.key, this.#expand(row));
    return found;
  }

  /** The set in one transaction, with a few statements (record-set.ts). */
  async createRecords(inputs: readonly NewRecord[], actor: Actor): Promise<CreateOutcome[]> {
    return this.db.transaction(() => this.#set.create(inputs, actor)).immediate();
  }

  /**
   * Takes the prefix's next numbers and registers the first record `make` builds from one, all in
   * one transaction: SQLite has one writer anyway, so nothing waits longer for it, and a mint
   * costs one commit instead of two. A number whose record `make` declines (null) or whose key is
   * taken is skipped, as the two-step mint skips it; null after `attempts` numbers.
   */
  async mintRecord(
    prefix: string,
    make: (n: number) => NewRecord | null,
    attempts: number,
    actor: Actor,
  ): Promise<UrnRecord | null> {
    return this.db
      .transaction(() => {
        for (let i = 0; i < attempts; i++) {
          const input = make(this.prefixes.take(prefix, 1, "prefix.mint", actor));
          if (input === null || this.s.recordUrnByKey.get(input.key) !== undefined) continue;
          return this.#createRecordSync(input, actor);
        }
        return null;
      })
      .immediate();
  }

  /** createRecord inside the caller's transaction. */
  #createRecordSync(input: NewRecord, actor: Actor): UrnRecord {
    const t = now();
    const metadata = input.metadata == null ? null : JSON.stringify(input.metadata);
    const existing = this.s.recordUrnByKey.get(input.key);
    if (existing !== undefined) throw keyTaken(existing.urn);
    const info = this.s.insertRecord.run({
      key: input.key,
      urn: input.urn,
      nid: input.nid,
      status: input.status,
      metadata,
      reason: null,
      deactivated: null,
      organisation: input.organisation ?? null,
      prefix: input.prefix ?? null,
      created: t,
      updated: t,
    });
    const id = Number(info.lastInsertRowid);
    this.#insertLocators(id, input.locators, t, input.organisation ?? null, true);
    this.#insertIdentifiers(id, input.organisation ?? null, input.identifiers, t);
    const record = this.#recordSync(input.key) as UrnRecord;
    this.#audit(actor, "urn.create", input.urn, undefined, record);
    return record;
  }

  async updateRecord(key: string, patch: RecordPatch, actor: Actor): Promise<UrnRecord | null> {
    return this.db
      .transaction(() => {
        const row = this.s.record.get(key);
        if (row === undefined) return null;
        if (row.status === "deactivated") throw tombstoneFrozen(row.urn);
        const before = this.#expand(row);
        const t = now();
        if (patch.locators !== undefined) {
          if (patch.owner === undefined) this.s.deactivateLocators.run(row.id);
          else
            this.s.deactivateOwnLocators.run({
              id: row.id,
              owner: patch.owner,
              legacy: patch.owner === row.organisation ? 1 : 0,
            });
          this.#insertLocators(row.id, patch.locators, t, patch.owner ?? row.organisation);
        }
        if (patch.activate && row.status === "reserved")
          this.s.setStatus.run("active", null, null, t, row.id);
        this.#insertIdentifiers(row.id, row.organisation, patch.identifiers, t);
        if (patch.metadata !== undefined) {
          this.s.setMetadata.run(
            patch.metadata === null ? null : JSON.stringify(patch.metadata),
            t,
            row.id,
          );
        } else this.s.touch.run(t, row.id);
        const after = this.#recordSync(key) as UrnRecord;
        this.#audit(actor, "urn.update", row.urn, before, after);
        return after;
      })
      .immediate();
  }

  async activate(key: string, actor: Actor): Promise<UrnRecord | null> {
    return this.db
      .transaction(() => {
        const row = this.s.record.get(key);
        if (row === undefined) return null;
        if (row.status === "deactivated")
          throw new StateError(`${row.urn} is deactivated; a URN is never activated again`);
        if (row.status === "active") return this.#expand(row);
        const before = this.#expand(row);
        this.s.setStatus.run("active", null, null, now(), row.id);
        const after = this.#recordSync(key) as UrnRecord;
        this.#audit(actor, "urn.activate", row.urn, before, after);
        return after;
      })
      .immediate();
  }

  async deactivate(key: string, change: Deactivation, actor: Actor): Promise<UrnRecord | null> {
    return this.db
      .transaction(() => {
        const row = this.s.record.get(key);
        if (row === undefined) return null;
        const before = this.#expand(row);
        const t = now();
        const action = tombstoneStep(before, change);
        if (action === "urn.deactivate")
          this.s.setStatus.run("deactivated", change.reason, t, t, row.id);
        else this.s.touch.run(t, row.id);
        if (change.successor) this.#insertSuccessor(row.id, change.successor, t);
        const after = this.#recordSync(key) as UrnRecord;
        this.#audit(actor, action, row.urn, before, after);
        return after;
      })
      .immediate();
  }

  // Import and export

  /** The batch in one transaction, with one statement per table (import-batch.ts). */
  async importBatch(items: ImportItem[], actor: Actor): Promise<ImportBatchResult> {
    return this.db.transaction(() => this.#imports.write(items, actor)).immediate();
  }

  async exportPage(cursor: string | null, limit: number): Promise<ExportPage> {
    const s = this.s;
    const after = cursor === null ? 0 : Number(cursor);
    const rows = s.exportRecords.all(after, limit);
    if (rows.length === 0) return { lines: [], cursor: null };
    const first = (rows[0] as RecordRow).id;
    const last = (rows[rows.length - 1] as RecordRow).id;
    const locators = new Map<number, Locator[]>();
    for (const l of s.exportLocators.all(first, last)) {
      const list = locators.get(l.record_id);
      if (list === undefined) locators.set(l.record_id, [toLocator(l)]);
      else list.push(toLocator(l));
    }
    const successors = new Map<number, string[]>();
    for (const x of s.exportSuccessors.all(first, last)) {
      const list = successors.get(x.record_id);
      if (list === undefined) successors.set(x.record_id, [x.successor_urn]);
      else list.push(x.successor_urn);
    }
    const identifiers = new Map<number, RecordIdentifier[]>();
    for (const x of s.exportIdentifiers.all(first, last)) {
      const list = identifiers.get(x.record_id);
      const id = { type: x.type, value: x.value };
      if (list === undefined) identifiers.set(x.record_id, [id]);
      else list.push(id);
    }
    const lines = rows.map(
      (row): RecordLine =>
        recordLine(row, {
          locators: locators.get(row.id) ?? [],
          successors: successors.get(row.id) ?? [],
          identifiers: identifiers.get(row.id) ?? [],
        }),
    );
    return { lines, cursor: rows.length < limit ? null : String(last) };
  }

  async countRecords(): Promise<number> {
    return (this.s.countRecords.get() as { n: number }).n;
  }

  // Tokens, audit, counts

  async createToken(token: NewToken, actor: Actor): Promise<TokenInfo> {
    return this.db
      .transaction(() => {
        const t = now();
        const info = this.s.insertToken.run(
          token.hash,
          token.role,
          token.namespace?.toLowerCase() ?? null,
          token.organisation ?? null,
          token.label,
          t,
        );
        const created: TokenInfo = {
          id: Number(info.lastInsertRowid),
          role: token.role,
          namespace: token.namespace?.toLowerCase() ?? null,
          organisation: token.organisation ?? null,
          label: token.label,
          created: t,
        };
        this.#audit(actor, "token.create", tokenTarget(created.id), undefined, created);
        return created;
      })
      .immediate();
  }

  async findToken(hash: string): Promise<TokenInfo | null> {
    return this.s.token.get(hash) ?? null;
  }

  async revokeToken(id: number, actor: Actor): Promise<TokenInfo | null> {
    return this.db
      .transaction(() => {
        const info = this.s.revokeToken.get(now(), id) ?? null;
        if (info === null) return null;
        this.s.endTokenSessions.run(id);
        this.#audit(actor, "token.revoke", tokenTarget(id), info, undefined);
        return info;
      })
      .immediate();
  }

  // Identifiers

  async findByIdentifier(organisation: string, id: RecordIdentifier): Promise<UrnRecord | null> {
    const hit = this.s.identifierRecord.get(organisation, id.type, id.value);
    return hit === undefined ? null : this.#recordSync(hit.key);
  }

  async listTokens(): Promise<TokenListing[]> {
    // Prepared here, not with the hot statements: an audit reads it rarely.
    return this.db
      .prepare<[], TokenListing>(
        "SELECT id, role, namespace, organisation, label, created, revoked FROM tokens ORDER BY id",
      )
      .all();
  }

  async createSession(s: SessionRow): Promise<void> {
    this.s.insertSession.run(s.idHash, s.tokenId, s.csrf, s.flash, s.created, s.expires);
  }

  async findSession(idHash: string, at: string): Promise<SessionWithToken | null> {
    const row = this.s.session.get(idHash, at);
    return row === undefined ? null : toSessionWithToken(row);
  }

  async updateSession(idHash: string, change: SessionChange): Promise<void> {
    if (change.expires !== undefined) this.s.sessionExpires.run(change.expires, idHash);
    if (change.flash !== undefined) this.s.sessionFlash.run(change.flash, idHash);
  }

  async deleteSession(idHash: string): Promise<void> {
    this.s.deleteSession.run(idHash);
  }

  async sweepSessions(at: string): Promise<number> {
    return this.s.sweepSessions.run(at).changes;
  }

  async audit(limit: number, query: AuditQuery = {}): Promise<AuditEntry[]> {
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const rows =
      query.targets === undefined
        ? this.s.audit.all(before, limit)
        : this.s.auditFor.all(JSON.stringify(query.targets), before, limit);
    return rows.map(toAuditEntry);
  }

  async addResolutionCounts(counts: ResolutionCount[]): Promise<void> {
    this.db.transaction(() => {
      for (const c of counts) this.s.addCount.run(c.nid, c.day, c.count);
    })();
  }

  async resolutionCounts(query: ResolutionCountQuery): Promise<ResolutionCount[]> {
    return this.s.counts.all(countParams(query));
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
