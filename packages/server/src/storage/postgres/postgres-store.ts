// The scale-out engine: PostgreSQL through pg, shared by any number of stateless urnkit
// processes. Every write and its audit row commit in one transaction; uniqueness, mint numbers
// and lifecycle rules are decided by the database, so processes need no coordination.
// Resolution lookups may go to a read replica (`readUrl`); namespaces are cached per process and
// dropped on the NOTIFY their trigger sends, so a change made by one process reaches all.

import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { sameAsLine } from "../import-verdict.js";
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
  recordLine,
  SESSION_SELECT,
  TOKEN_COLUMNS,
  TOKEN_LIVE,
  toAuditEntry,
  tokenTarget,
  toNamespace,
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
  type ImportBatchResult,
  type ImportItem,
  type ImportSequence,
  keyTaken,
  type LocatorInput,
  type MintPolicy,
  type Namespace,
  type NamespaceInput,
  type NewRecord,
  type NewToken,
  type RecordIdentifier,
  type RecordLine,
  type RecordPatch,
  type ResolutionCount,
  type ResolutionCountQuery,
  type ResolveView,
  RetryableError,
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
import { PostgresHarvest } from "./harvest.js";
import { completeRecords, copyIn, insertRecords, STAGE_SQL, stageBatch } from "./import-stage.js";
import { PostgresLinkLease } from "./link-lease.js";
import { PostgresLinks } from "./links.js";
import { migrations, NAMESPACE_CHANNEL } from "./migrations.js";
import { PostgresOai } from "./oai.js";
import {
  insertOrganisation,
  PostgresOrganisations,
  type Queryable,
  readOrganisation,
} from "./organisations.js";
import {
  changePrefix,
  insertPrefix,
  PostgresPrefixes,
  prefixRoutes,
  readPrefix,
  takeNumbers,
} from "./prefixes.js";
import { RECORD_SQL, type RecordRow, toRecord } from "./record-row.js";
import { createRecordSet, IdentifierClash } from "./record-set.js";
import { PostgresSearch } from "./search.js";
import { sessionOptions } from "./session-options.js";
import { PostgresStats } from "./stats.js";
import { WriteBatches } from "./write-batch.js";

export interface PostgresStoreOptions {
  /** postgres://user:password@host:port/database (libpq-style parameters allowed). */
  url: string;
  /** Where resolution lookups go: a replica of `url` (writes and everything else use `url`). */
  readUrl?: string | null;
  /** Connections per pool. */
  poolSize?: number;
}

// bigint ids and counts come back as numbers: they stay far below 2^53.
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID
      ? Number
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};

/** Longest an abandoned export cursor keeps its connection and snapshot. */
const EXPORT_IDLE_MS = 60_000;
/** Namespaces cached per process; unknown NIDs are cached too, so the map is bounded. */
const NAMESPACE_CACHE_SIZE = 10_000;
const MIGRATION_LOCK = 0x75726e6b; // "urnk": one process migrates at a time

const NAMESPACE_SQL = `SELECT n.*, t.template FROM namespaces n
  LEFT JOIN namespace_templates t ON t.nid = n.nid AND t.revision = n.template_revision`;

const RESOLVE_SQL = `SELECT r.urn, r.status, r.reason, r.deactivated,
  (SELECT url FROM locators l WHERE l.record_id = r.id AND l.active
    ORDER BY ${LOCATOR_RANK} LIMIT 1) AS best,
  (SELECT successor_urn FROM successors s WHERE s.record_id = r.id
    ORDER BY s.created DESC LIMIT 1) AS successor,
  r.id
FROM records r WHERE r.key = $1`;

const UNIQUE_VIOLATION = "23505";
/** SQLSTATEs of a transaction rolled back so that others can go on: worth sending again. */
const ROLLED_BACK_FOR_OTHERS = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected
/** Batches of one import in flight at once, each holding a pooled connection meanwhile. */
const IMPORT_DEPTH = 3;

/** A batch of an import sequence, as the batch sent after it sees it. */
interface SequencedBatch {
  /** The advisory lock the batch holds until it commits or rolls back. */
  lock: bigint;
  /** Settled once the batch holds its lock (or failed before). */
  locked: Deferred;
  /** Settled once its records are inserted (or it failed). */
  inserted: Deferred;
  committed: Promise<boolean>;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A random signed 64-bit advisory lock key: no other batch, in any process, holds it. */
function randomLockKey(): bigint {
  return randomBytes(8).readBigInt64BE();
}

const toLine = (row: RecordRow): RecordLine => recordLine(row, row);

/** The same test the SQLite engine applies: a re-imported line equal to the stored record. */
interface OpenExport {
  client: pg.Client;
  timer: NodeJS.Timeout;
}

export class PostgresStore implements Store {
  readonly engine = "postgres";
  readonly pool: pg.Pool;
  /** The pool resolution lookups use: the replica's, or `pool` itself. */
  readonly readPool: pg.Pool;
  readonly #url: string;
  readonly #namespaces = new Map<string, Namespace | null>();
  // Bumped on every notification: a lookup that started before one must not fill the cache.
  #generation = 0;
  #listener: pg.Client | null = null;
  /** True once LISTEN is in place, false as soon as that connection is lost. */
  #listening = false;
  #closed = false;
  readonly #exports = new Map<string, OpenExport>();
  /** Connections whose import stage tables exist. */
  readonly #staged = new WeakSet<pg.PoolClient>();
  readonly organisations: PostgresOrganisations;
  readonly prefixes: PostgresPrefixes;
  readonly search: PostgresSearch;
  readonly oai: PostgresOai;
  readonly harvest: PostgresHarvest;
  readonly links: PostgresLinks;
  readonly linkLease: PostgresLinkLease;
  readonly stats: PostgresStats;
  readonly #batches: WriteBatches;

  constructor(options: PostgresStoreOptions) {
    this.#url = options.url;
    const max = options.poolSize ?? 10;
    this.pool = new pg.Pool({
      connectionString: options.url,
      max,
      types,
      options: sessionOptions(),
    });
    // An idle connection that breaks is replaced on next use; it must not crash the process.
    this.pool.on("error", () => {});
    if (options.readUrl) {
      this.readPool = new pg.Pool({
        connectionString: options.readUrl,
        max,
        types,
        options: sessionOptions(),
      });
      this.readPool.on("error", () => {});
    } else this.readPool = this.pool;
    this.#batches = new WriteBatches(this.pool);
    const db = () => this.#db();
    const tx = <T>(work: (c: pg.PoolClient) => Promise<T>) => this.#tx(work);
    const audit = this.#audit.bind(this);
    this.organisations = new PostgresOrganisations(db, tx, audit);
    this.prefixes = new PostgresPrefixes(db, tx, audit, (nid) => this.#changedNamespace(nid));
    this.search = new PostgresSearch(this.pool);
    this.oai = new PostgresOai(this.pool);
    this.harvest = new PostgresHarvest(this.pool, tx);
    this.links = new PostgresLinks(this.pool);
    this.linkLease = new PostgresLinkLease(this.pool);
    this.stats = new PostgresStats(this.pool);
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
    const client = new pg.Client({ connectionString: this.#url, types });
    this.#listener = client;
    const lost = () => {
      if (this.#listener !== client) return;
      this.#listener = null;
      this.#listening = false;
      this.#forgetNamespaces();
      if (!this.#closed) setTimeout(() => void this.#listen().catch(() => {}), 1000).unref();
    };
    client.on("notification", (message) => {
      this.#generation += 1;
      if (message.payload) this.#namespaces.delete(message.payload);
    });
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${NAMESPACE_CHANNEL}`);
      // Anything cached before now may have missed a notification.
      this.#forgetNamespaces();
      this.#listening = true;
    } catch (error) {
      lost();
      await client.end().catch(() => {});
      throw error;
    }
  }

  #forgetNamespaces(): void {
    this.#generation += 1;
    this.#namespaces.clear();
  }

  get #caching(): boolean {
    return this.#listening && !this.#closed;
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
    for (const [id, open] of this.#exports) await this.#endExport(id, open);
    const listener = this.#listener;
    this.#listener = null;
    await listener?.end().catch(() => {});
    await this.pool.end();
    if (this.readPool !== this.pool) await this.readPool.end();
  }

  async #audit(
    q: Queryable,
    actor: Actor,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
  ): Promise<void> {
    await q.query(
      "INSERT INTO audit (token_id, action, target, before, after, at) VALUES ($1, $2, $3, $4, $5, $6)",
      [actor.tokenId, action, target, auditJson(before), auditJson(after), now()],
    );
  }

  // Namespaces

  async #readNamespace(q: Queryable, nid: string): Promise<Namespace | null> {
    const { rows } = await q.query<NamespaceRow>({
      name: "namespace",
      text: `${NAMESPACE_SQL} WHERE n.nid = $1`,
      values: [nid],
    });
    return rows[0] === undefined ? null : toNamespace(rows[0], await prefixRoutes(q, nid));
  }

  async getNamespace(nid: string): Promise<Namespace | null> {
    const id = nid.toLowerCase();
    if (this.#caching) {
      const hit = this.#namespaces.get(id);
      if (hit !== undefined) return hit;
    }
    const generation = this.#generation;
    const ns = await this.#readNamespace(this.#db(), id);
    if (this.#caching && generation === this.#generation) {
      if (this.#namespaces.size >= NAMESPACE_CACHE_SIZE) this.#namespaces.clear();
      this.#namespaces.set(id, ns);
    }
    return ns;
  }

  async listNamespaces(): Promise<Namespace[]> {
    const { rows } = await this.#db().query<NamespaceRow>(`${NAMESPACE_SQL} ORDER BY n.nid`);
    const out: Namespace[] = [];
    for (const row of rows) out.push(toNamespace(row, await prefixRoutes(this.#db(), row.nid)));
    return out;
  }

  /** Drops this process's copy at once; other processes drop theirs on the NOTIFY. */
  #changedNamespace(nid: string): void {
    this.#generation += 1;
    this.#namespaces.delete(nid);
  }

  async createNamespace(input: NamespaceInput, actor: Actor): Promise<Namespace> {
    const nid = input.nid.toLowerCase();
    const ns = await this.#tx(async (c) => {
      const t = now();
      const inserted = await c.query(
        `INSERT INTO namespaces (nid, template_revision, mint, redirect_status, max_age, delegate, local, created, updated)
         VALUES ($1, 1, $2, $3, $4, $5, $6, $7, $7) ON CONFLICT (nid) DO NOTHING`,
        [
          nid,
          input.mint ? JSON.stringify(input.mint) : null,
          input.redirectStatus ?? 303,
          input.maxAge ?? 300,
          JSON.stringify(input.delegate ?? []),
          input.local ?? false,
          t,
        ],
      );
      if (inserted.rowCount === 0)
        throw new ConflictError(`namespace "${nid}" is already served here`, nid);
      await c.query(
        "INSERT INTO namespace_templates (nid, revision, template, created) VALUES ($1, 1, $2, $3)",
        [nid, input.template ?? null, t],
      );
      if (input.mint) await this.#ensureMintPrefix(c, nid, input.mint, actor);
      const created = (await this.#readNamespace(c, nid)) as Namespace;
      await this.#audit(c, actor, "namespace.create", nid, undefined, created);
      return created;
    });
    this.#changedNamespace(nid);
    return ns;
  }

  async updateNamespace(input: NamespaceInput, actor: Actor): Promise<Namespace> {
    const nid = input.nid.toLowerCase();
    const ns = await this.#tx(async (c) => {
      const { rows } = await c.query<NamespaceRow>(
        `${NAMESPACE_SQL} WHERE n.nid = $1 FOR UPDATE OF n`,
        [nid],
      );
      if (rows[0] === undefined) throw new StateError(`namespace "${nid}" is not served here`);
      const before = toNamespace(rows[0]);
      const t = now();
      const template = input.template === undefined ? before.template : input.template;
      let revision = before.templateRevision;
      if (template !== before.template) {
        revision += 1;
        await c.query(
          "INSERT INTO namespace_templates (nid, revision, template, created) VALUES ($1, $2, $3, $4)",
          [nid, revision, template, t],
        );
      }
      const mint = input.mint === undefined ? before.mint : input.mint;
      if (input.mint) await this.#ensureMintPrefix(c, nid, input.mint, actor);
      await c.query(
        `UPDATE namespaces SET template_revision = $2, mint = $3, redirect_status = $4, max_age = $5,
           delegate = $6, local = $7, updated = $8 WHERE nid = $1`,
        [
          nid,
          revision,
          mint ? JSON.stringify(mint) : null,
          input.redirectStatus ?? before.redirectStatus,
          input.maxAge ?? before.maxAge,
          JSON.stringify(input.delegate ?? before.delegate),
          input.local ?? before.local,
          t,
        ],
      );
      const after = (await this.#readNamespace(c, nid)) as Namespace;
      await this.#audit(c, actor, "namespace.update", nid, before, after);
      return after;
    });
    this.#changedNamespace(nid);
    return ns;
  }

  async templateRevisions(nid: string): Promise<TemplateRevision[]> {
    return (
      await this.#db().query<TemplateRevision>(
        "SELECT revision, template, created FROM namespace_templates WHERE nid = $1 ORDER BY revision",
        [nid.toLowerCase()],
      )
    ).rows;
  }

  /**
   * The prefix a namespace's minting policy names: created for the local registry organisation
   * (created too when missing), or its width and check changed when it is that organisation's.
   */
  async #ensureMintPrefix(
    c: pg.PoolClient,
    nid: string,
    mint: MintPolicy,
    actor: Actor,
  ): Promise<void> {
    const prefix = mintPrefixOf(nid, mint);
    const audit = this.#audit.bind(this);
    const existing = await readPrefix(c, prefix);
    if (existing !== null) {
      if (existing.organisation !== LOCAL_REGISTRY)
        throw new ConflictError(
          `the minting prefix "${prefix}" belongs to organisation "${existing.organisation}"`,
          prefix,
        );
      await changePrefix(
        c,
        audit,
        prefix,
        { width: mint.width, check: mint.check ?? "none" },
        actor,
      );
      return;
    }
    if ((await readOrganisation(c, LOCAL_REGISTRY)) === null)
      await insertOrganisation(c, audit, { id: LOCAL_REGISTRY, name: "This registry" }, actor);
    await insertPrefix(
      c,
      audit,
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
    const ns = await this.getNamespace(nid);
    if (ns === null) throw new StateError(`namespace "${nid}" is not served here`);
    if (ns.mint === null) throw new StateError(`namespace "${nid}" has no minting policy`);
    return takeNumbers(this.#db(), mintPrefixOf(ns.nid, ns.mint), 1, "namespace.mint", actor);
  }

  // Records

  async resolve(key: string): Promise<ResolveView | null> {
    const { rows } = await this.readPool.query<ResolveView>({
      name: "resolve",
      text: RESOLVE_SQL,
      values: [key],
    });
    return rows[0] ?? null;
  }

  async #recordRow(q: Queryable, key: string, lock = false): Promise<RecordRow | undefined> {
    const { rows } = await q.query<RecordRow>(
      lock
        ? { text: `${RECORD_SQL} WHERE r.key = $1 FOR UPDATE OF r`, values: [key] }
        : { name: "record", text: `${RECORD_SQL} WHERE r.key = $1`, values: [key] },
    );
    return rows[0];
  }

  async getRecord(key: string): Promise<UrnRecord | null> {
    const row = await this.#recordRow(this.#db(), key);
    return row === undefined ? null : toRecord(row);
  }

  /** `owner`: of the new locators that name none (an existing locator keeps its owner). */
  async #insertLocators(
    c: pg.PoolClient,
    recordId: number,
    locators: readonly LocatorInput[] | undefined,
    t: string,
    owner: string | null = null,
  ): Promise<void> {
    for (const l of locators ?? [])
      await c.query(
        `INSERT INTO locators (record_id, url, priority, media_type, active, owner, created)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (record_id, url) DO UPDATE SET priority = excluded.priority,
           media_type = excluded.media_type, active = excluded.active`,
        [
          recordId,
          l.url,
          l.priority ?? 0,
          l.mediaType ?? null,
          l.active !== false,
          l.owner ?? owner,
          t,
        ],
      );
  }

  async #insertIdentifiers(
    c: pg.PoolClient,
    recordId: number,
    organisation: string | null,
    ids: readonly RecordIdentifier[] | undefined,
    t: string,
  ): Promise<void> {
    if (ids === undefined || ids.length === 0) return;
    if (organisation === null)
      throw new StateError("identifiers belong to an organisation", "organisation-required");
    for (const id of ids) {
      const inserted = await c.query(
        `INSERT INTO record_identifiers (organisation, type, value, record_id, created)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`,
        [organisation, id.type, id.value, recordId, t],
      );
      if (inserted.rowCount === 0) {
        const taken = await this.#identifierUrn(c, organisation, id);
        throw new StateError(
          `identifier ${id.type} "${id.value}" of organisation "${organisation}" names ${taken}`,
          "identifier-taken",
        );
      }
    }
  }

  async #identifierUrn(
    q: Queryable,
    organisation: string,
    id: RecordIdentifier,
  ): Promise<string | null> {
    const { rows } = await q.query<{ key: string; urn: string }>(
      `SELECT r.key, r.urn FROM record_identifiers i JOIN records r ON r.id = i.record_id
       WHERE i.organisation = $1 AND i.type = $2 AND i.value = $3`,
      [organisation, id.type, id.value],
    );
    return rows[0]?.key ?? null;
  }

  async findByIdentifier(organisation: string, id: RecordIdentifier): Promise<UrnRecord | null> {
    const key = await this.#identifierUrn(this.#db(), organisation, id);
    return key === null ? null : this.getRecord(key);
  }

  async getRecords(keys: readonly string[]): Promise<Map<string, UrnRecord>> {
    const found = new Map<string, UrnRecord>();
    if (keys.length === 0) return found;
    const { rows } = await this.#db().query<RecordRow>({
      name: "records",
      text: `${RECORD_SQL} WHERE r.key = ANY($1::text[])`,
      values: [keys],
    });
    for (const row of rows) found.set(row.key, toRecord(row));
    return found;
  }

  /**
   * The set with a few statements (record-set.ts); one whose identifiers the database refuses is
   * rolled back and written record by record, each getting createRecord's own answer.
   */
  async createRecords(inputs: readonly NewRecord[], actor: Actor): Promise<CreateOutcome[]> {
    if (inputs.length === 0) return [];
    try {
      return await this.#tx((c) => createRecordSet(c, inputs, actor));
    } catch (error) {
      if (!(error instanceof IdentifierClash)) throw error;
    }
    const outcomes: CreateOutcome[] = [];
    for (const input of inputs)
      outcomes.push(
        await this.createRecord(input, actor).catch((error: unknown) => {
          if (error instanceof ConflictError || error instanceof StateError) return error;
          throw error;
        }),
      );
    return outcomes;
  }

  async createRecord(input: NewRecord, actor: Actor): Promise<UrnRecord> {
    return this.#tx(async (c) => {
      const t = now();
      // A concurrent insert of the same key waits for the other transaction, then conflicts.
      const { rows } = await c.query<{ id: number }>(
        `INSERT INTO records (key, urn, nid, status, metadata, organisation, prefix, created, updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) ON CONFLICT (key) DO NOTHING RETURNING id`,
        [
          input.key,
          input.urn,
          input.nid,
          input.status,
          input.metadata == null ? null : JSON.stringify(input.metadata),
          input.organisation ?? null,
          input.prefix ?? null,
          t,
        ],
      );
      if (rows[0] === undefined) {
        const existing = await c.query<{ urn: string }>("SELECT urn FROM records WHERE key = $1", [
          input.key,
        ]);
        throw keyTaken(existing.rows[0]?.urn ?? input.key);
      }
      const id = rows[0].id;
      await this.#insertLocators(c, id, input.locators, t, input.organisation ?? null);
      await this.#insertIdentifiers(c, id, input.organisation ?? null, input.identifiers, t);
      const record = toRecord((await this.#recordRow(c, input.key)) as RecordRow);
      await this.#audit(c, actor, "urn.create", input.urn, undefined, record);
      return record;
    });
  }

  async updateRecord(key: string, patch: RecordPatch, actor: Actor): Promise<UrnRecord | null> {
    return this.#tx(async (c) => {
      const row = await this.#recordRow(c, key, true);
      if (row === undefined) return null;
      if (row.status === "deactivated") throw tombstoneFrozen(row.urn);
      const before = toRecord(row);
      const t = now();
      if (patch.locators !== undefined) {
        if (patch.owner === undefined)
          await c.query("UPDATE locators SET active = false WHERE record_id = $1", [row.id]);
        // With the record owner's locators go those without an owner (from before owners).
        else
          await c.query(
            `UPDATE locators SET active = false WHERE record_id = $1
             AND (owner = $2 OR (owner IS NULL AND $3))`,
            [row.id, patch.owner, patch.owner === row.organisation],
          );
        await this.#insertLocators(c, row.id, patch.locators, t, patch.owner ?? row.organisation);
      }
      if (patch.activate && row.status === "reserved")
        await c.query(
          "UPDATE records SET status = 'active', reason = NULL, deactivated = NULL WHERE id = $1",
          [row.id],
        );
      await this.#insertIdentifiers(c, row.id, row.organisation, patch.identifiers, t);
      if (patch.metadata !== undefined)
        await c.query("UPDATE records SET metadata = $1, updated = $2 WHERE id = $3", [
          patch.metadata === null ? null : JSON.stringify(patch.metadata),
          t,
          row.id,
        ]);
      else await c.query("UPDATE records SET updated = $1 WHERE id = $2", [t, row.id]);
      const after = toRecord((await this.#recordRow(c, key)) as RecordRow);
      await this.#audit(c, actor, "urn.update", row.urn, before, after);
      return after;
    });
  }

  async activate(key: string, actor: Actor): Promise<UrnRecord | null> {
    return this.#tx(async (c) => {
      const row = await this.#recordRow(c, key, true);
      if (row === undefined) return null;
      if (row.status === "deactivated")
        throw new StateError(`${row.urn} is deactivated; a URN is never activated again`);
      if (row.status === "active") return toRecord(row);
      await c.query(
        "UPDATE records SET status = 'active', reason = NULL, deactivated = NULL, updated = $1 WHERE id = $2",
        [now(), row.id],
      );
      const after = toRecord((await this.#recordRow(c, key)) as RecordRow);
      await this.#audit(c, actor, "urn.activate", row.urn, toRecord(row), after);
      return after;
    });
  }

  async deactivate(key: string, change: Deactivation, actor: Actor): Promise<UrnRecord | null> {
    return this.#tx(async (c) => {
      const row = await this.#recordRow(c, key, true);
      if (row === undefined) return null;
      const t = now();
      const action = tombstoneStep(toRecord(row), change);
      if (action === "urn.deactivate")
        await c.query(
          "UPDATE records SET status = 'deactivated', reason = $1, deactivated = $2, updated = $2 WHERE id = $3",
          [change.reason, t, row.id],
        );
      else await c.query("UPDATE records SET updated = $1 WHERE id = $2", [t, row.id]);
      if (change.successor)
        await c.query(
          `INSERT INTO successors (record_id, successor_urn, successor_key, created)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
          [row.id, change.successor.urn, change.successor.key, t],
        );
      const after = toRecord((await this.#recordRow(c, key)) as RecordRow);
      await this.#audit(c, actor, action, row.urn, toRecord(row), after);
      return after;
    });
  }

  // Import and export

  /** One batch on its own: a sequence of one. */
  importBatch(items: ImportItem[], actor: Actor): Promise<ImportBatchResult> {
    return this.importSequence(actor).send(items);
  }

  /**
   * An import's batches, up to IMPORT_DEPTH in flight, each in its own transaction on its own
   * connection. Only their first statements, which insert the records, take turns in the order
   * sent (so ids follow the lines); locators, their foreign-key checks and the rest run side by
   * side. Batches commit in the order sent: each holds an advisory lock of its own until it ends,
   * and the next batch takes that lock before its COMMIT. That wait is in the database, where the
   * deadlock detector sees it: of two imports' batches waiting on each other's keys, one is
   * rolled back (a RetryableError, which importRecords sends again) instead of both hanging. A
   * batch that finds a key an earlier batch inserted waits on the key index until that batch
   * ends; an earlier batch never waits on a later one. A batch after a failed one rolls back.
   */
  importSequence(actor: Actor): ImportSequence {
    let previous: SequencedBatch | null = null;
    return {
      depth: IMPORT_DEPTH,
      send: (items) => {
        const batch: SequencedBatch = {
          lock: randomLockKey(),
          locked: deferred(),
          inserted: deferred(),
          committed: Promise.resolve(false),
        };
        const result = this.#sequencedBatch(items, actor, batch, previous);
        batch.committed = result.then(
          () => true,
          () => false,
        );
        previous = batch;
        return result;
      },
    };
  }

  /**
   * COPY into the stage, insert the records (after `previous` inserted its own), then their
   * locators, successors and audit row; compare the rest; commit after `previous`.
   */
  async #sequencedBatch(
    items: ImportItem[],
    actor: Actor,
    batch: SequencedBatch,
    previous: SequencedBatch | null,
  ): Promise<ImportBatchResult> {
    const t = now();
    const stage = stageBatch(items, t);
    let c: pg.PoolClient | null = null;
    try {
      c = await this.pool.connect();
      if (!this.#staged.has(c)) {
        await c.query(STAGE_SQL);
        this.#staged.add(c);
      }
      await c.query(`BEGIN; SELECT pg_advisory_xact_lock(${batch.lock})`);
      batch.locked.resolve();
      // Each stage goes as one write: a CopyData message per row costs more than the rows. No
      // ANALYZE: the planner sizes an unanalyzed table from its pages.
      await copyIn(c, "import_records", stage.records);
      if (stage.locators.length > 0) await copyIn(c, "import_locators", stage.locators);
      if (stage.successors.length > 0) await copyIn(c, "import_successors", stage.successors);
      if (stage.identifiers.length > 0) await copyIn(c, "import_identifiers", stage.identifiers);
      // Records are inserted in the order batches were sent, so their ids follow the lines.
      if (previous !== null) await previous.inserted.promise;
      try {
        await c.query("SAVEPOINT import");
        try {
          await c.query({ ...insertRecords(false), values: [t] });
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
          await c.query("ROLLBACK TO SAVEPOINT import");
          await c.query({ ...insertRecords(true), values: [t] });
        }
      } finally {
        batch.inserted.resolve();
      }
      const inserted = await c.query<{ key: string }>({
        ...completeRecords(stage.successors.length > 0, stage.identifiers.length > 0),
        values: [actor.tokenId, t, `lines ${items[0]?.line}-${items.at(-1)?.line}`],
      });
      const created = new Set(inserted.rows.map((r) => r.key));
      const result: ImportBatchResult = { created: created.size, unchanged: 0, conflicts: [] };
      const rest = items.filter(
        (item) => !created.has(item.key) || stage.firstLines.get(item.key) !== item.line,
      );
      if (rest.length > 0) {
        const existing = new Map(
          (
            await c.query<RecordRow>(`${RECORD_SQL} WHERE r.key = ANY($1)`, [
              rest.map((item) => item.key),
            ])
          ).rows.map((row) => [row.key, toRecord(row)]),
        );
        for (const item of rest) {
          const record = existing.get(item.key) as UrnRecord;
          if (sameAsLine(record, item.record)) result.unchanged += 1;
          else
            result.conflicts.push({ line: item.line, urn: item.record.urn, existing: record.urn });
        }
      }
      if (previous !== null) {
        // Taken once the previous batch holds it, the lock is granted when that batch ends.
        await previous.locked.promise;
        await c.query(`SELECT pg_advisory_xact_lock_shared(${previous.lock})`);
        if (!(await previous.committed))
          throw new StateError("an earlier batch of the import failed");
      }
      await c.query("COMMIT");
      c.release();
      return result;
    } catch (error) {
      batch.locked.resolve();
      batch.inserted.resolve();
      if (c !== null) {
        // A connection that cannot even roll back is discarded rather than reused.
        const broken = await c.query("ROLLBACK").then(
          () => undefined,
          (e: Error) => e,
        );
        c.release(broken);
      }
      const code = (error as { code?: string }).code;
      if (code !== undefined && ROLLED_BACK_FOR_OTHERS.has(code))
        throw new RetryableError(`the batch was rolled back: ${(error as Error).message}`, {
          cause: error,
        });
      throw error;
    }
  }

  /**
   * Pages of one server-side cursor over a REPEATABLE READ snapshot: the export is consistent
   * however long it takes, and memory stays at one page. The cursor string names the open
   * cursor; one left unread for a minute is closed.
   */
  async exportPage(cursor: string | null, limit: number): Promise<ExportPage> {
    let id: string;
    let open: OpenExport;
    if (cursor === null) {
      id = randomUUID();
      // A connection of its own, outside the pool: an export a client abandons holds it until
      // the idle timeout, and must not take a connection requests are waiting for.
      const client = new pg.Client({ connectionString: this.#url, types });
      client.on("error", () => {});
      try {
        await client.connect();
        await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
        await client.query(
          `DECLARE export_cursor NO SCROLL CURSOR FOR
           SELECT r.*,
             (SELECT coalesce(json_agg(json_build_object('url', l.url, 'priority', l.priority,
                 'mediaType', l.media_type, 'active', l.active, 'owner', l.owner,
                 'created', l.created)
                 ORDER BY l.active DESC, l.priority DESC, l.created, l.id), '[]')
               FROM locators l WHERE l.record_id = r.id) AS locators,
             (SELECT coalesce(json_agg(json_build_object('type', i.type, 'value', i.value)
                 ORDER BY i.type, i.value), '[]')
               FROM record_identifiers i WHERE i.record_id = r.id) AS identifiers,
             ARRAY(SELECT s.successor_urn FROM successors s WHERE s.record_id = r.id
               ORDER BY s.created DESC, s.successor_key) AS successors
           FROM records r ORDER BY r.id`,
        );
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      open = { client, timer: this.#exportTimer(id) };
      this.#exports.set(id, open);
    } else {
      id = cursor;
      const found = this.#exports.get(id);
      if (found === undefined) throw new StateError("the export cursor is closed or unknown");
      open = found;
      clearTimeout(open.timer);
      open.timer = this.#exportTimer(id);
    }
    let rows: RecordRow[];
    try {
      rows = (await open.client.query<RecordRow>(`FETCH ${Math.max(1, limit)} FROM export_cursor`))
        .rows;
    } catch (error) {
      await this.#endExport(id, open);
      throw error;
    }
    if (rows.length < limit) await this.#endExport(id, open);
    return { lines: rows.map(toLine), cursor: rows.length < limit ? null : id };
  }

  #exportTimer(id: string): NodeJS.Timeout {
    const timer = setTimeout(() => {
      const open = this.#exports.get(id);
      if (open !== undefined) void this.#endExport(id, open);
    }, EXPORT_IDLE_MS);
    timer.unref();
    return timer;
  }

  async #endExport(id: string, open: OpenExport): Promise<void> {
    this.#exports.delete(id);
    clearTimeout(open.timer);
    // Ending the session ends its read-only transaction and cursor.
    await open.client.end().catch(() => {});
  }

  async countRecords(): Promise<number> {
    return (await this.#db().query<{ n: number }>("SELECT count(*) AS n FROM records")).rows[0]
      ?.n as number;
  }

  // Tokens, audit, counts

  async createToken(token: NewToken, actor: Actor): Promise<TokenInfo> {
    return this.#tx(async (c) => {
      const t = now();
      const namespace = token.namespace?.toLowerCase() ?? null;
      const organisation = token.organisation ?? null;
      const { rows } = await c.query<{ id: number }>(
        "INSERT INTO tokens (hash, role, namespace, organisation, label, created) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        [token.hash, token.role, namespace, organisation, token.label, t],
      );
      const created: TokenInfo = {
        id: (rows[0] as { id: number }).id,
        role: token.role,
        namespace,
        organisation,
        label: token.label,
        created: t,
      };
      await this.#audit(c, actor, "token.create", tokenTarget(created.id), undefined, created);
      return created;
    });
  }

  async findToken(hash: string): Promise<TokenInfo | null> {
    const { rows } = await this.#db().query<TokenInfo>({
      name: "token",
      text: `SELECT ${TOKEN_COLUMNS} FROM tokens t WHERE t.hash = $1 AND ${TOKEN_LIVE}`,
      values: [hash],
    });
    return rows[0] ?? null;
  }

  async revokeToken(id: number, actor: Actor): Promise<TokenInfo | null> {
    return this.#tx(async (c) => {
      const { rows } = await c.query<TokenInfo>(
        `UPDATE tokens SET revoked = $1 WHERE id = $2 AND revoked IS NULL
         RETURNING id, role, namespace, organisation, label, created`,
        [now(), id],
      );
      const info = rows[0] ?? null;
      if (info === null) return null;
      await c.query("DELETE FROM sessions WHERE token_id = $1", [id]);
      await this.#audit(c, actor, "token.revoke", tokenTarget(id), info, undefined);
      return info;
    });
  }

  async listTokens(): Promise<TokenListing[]> {
    const { rows } = await this.#db().query<TokenListing>(
      "SELECT id, role, namespace, organisation, label, created, revoked FROM tokens ORDER BY id",
    );
    return rows;
  }

  async createSession(s: SessionRow): Promise<void> {
    await this.#db().query(
      "INSERT INTO sessions (id_hash, token_id, csrf, flash, created, expires) VALUES ($1, $2, $3, $4, $5, $6)",
      [s.idHash, s.tokenId, s.csrf, s.flash, s.created, s.expires],
    );
  }

  async findSession(idHash: string, at: string): Promise<SessionWithToken | null> {
    const { rows } = await this.#db().query<Record<string, unknown>>({
      name: "session",
      text: `${SESSION_SELECT} WHERE s.id_hash = $1 AND s.expires > $2 AND ${TOKEN_LIVE}`,
      values: [idHash, at],
    });
    return rows[0] === undefined ? null : toSessionWithToken(rows[0]);
  }

  async updateSession(idHash: string, change: SessionChange): Promise<void> {
    await this.#db().query(
      `UPDATE sessions SET expires = coalesce($2, expires),
         flash = CASE WHEN $3 THEN $4 ELSE flash END WHERE id_hash = $1`,
      [idHash, change.expires ?? null, change.flash !== undefined, change.flash ?? null],
    );
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.#db().query("DELETE FROM sessions WHERE id_hash = $1", [idHash]);
  }

  async sweepSessions(at: string): Promise<number> {
    return (await this.#db().query("DELETE FROM sessions WHERE expires <= $1", [at])).rowCount ?? 0;
  }

  async audit(limit: number, query: AuditQuery = {}): Promise<AuditEntry[]> {
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const { rows } =
      query.targets === undefined
        ? await this.#db().query<Record<string, unknown>>(
            "SELECT * FROM audit WHERE id < $1 ORDER BY id DESC LIMIT $2",
            [before, limit],
          )
        : await this.#db().query<Record<string, unknown>>(
            "SELECT * FROM audit WHERE target = ANY($3::text[]) AND id < $1 ORDER BY id DESC LIMIT $2",
            [before, limit, query.targets],
          );
    return rows.map(toAuditEntry);
  }

  async addResolutionCounts(counts: ResolutionCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.pool.query(
      `INSERT INTO resolution_counts (nid, day, count)
       SELECT nid, day, sum(count) FROM unnest($1::text[], $2::text[], $3::bigint[]) AS c(nid, day, count)
       GROUP BY nid, day
       ON CONFLICT (nid, day) DO UPDATE SET count = resolution_counts.count + excluded.count`,
      [counts.map((c) => c.nid), counts.map((c) => c.day), counts.map((c) => c.count)],
    );
  }

  async resolutionCounts(query: ResolutionCountQuery): Promise<ResolutionCount[]> {
    const p = countParams(query);
    const { rows } = await this.pool.query<ResolutionCount>(
      `SELECT nid, day, count FROM resolution_counts
       WHERE ($1::text IS NULL OR nid = $1) AND day >= $2 AND day <= $3
         AND (day COLLATE "C", nid COLLATE "C") > ($4, $5)
       ORDER BY day COLLATE "C", nid COLLATE "C" LIMIT $6`,
      [p.nid, p.from, p.to, p.day, p.afterNid, p.limit],
    );
    return rows;
  }
}

/** Connects, migrates and starts listening for namespace changes. */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const store = new PostgresStore(options);
  try {
    await store.migrate();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
