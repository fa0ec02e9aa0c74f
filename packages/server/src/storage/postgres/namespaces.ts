// Namespaces in PostgreSQL (storage/namespaces.ts): each write and its audit row in one
// transaction. Namespaces are cached per process while the engine listens for the NOTIFY their
// trigger sends (namespace-listener.ts), so a change made by one process reaches all. While the
// primary cannot be reached and there is a replica, they are read from the replica and cached
// for a second at a time: no notification can be heard then, and resolution reads the namespace
// of every URN it is asked for.

import type pg from "pg";
import type { Actor } from "../audit.js";
import { ConflictError, StateError } from "../errors.js";
import {
  LOCAL_REGISTRY_ORGANISATION,
  mintingPrefix,
  mintPrefixChange,
  mintPrefixOf,
} from "../mint-prefix.js";
import type {
  MintPolicy,
  Namespace,
  NamespaceInput,
  NamespaceStore,
  TemplateRevision,
} from "../namespaces.js";
import { type NamespaceRow, now, toNamespace } from "../rows.js";
import {
  insertOrganisation,
  type PgAuditFn,
  type Queryable,
  readOrganisation,
  type Tx,
} from "./organisations.js";
import { changePrefix, insertPrefix, prefixRoutes, readPrefix, takeNumbers } from "./prefixes.js";

/** Namespaces cached per process; unknown NIDs are cached too, so the map is bounded. */
const NAMESPACE_CACHE_SIZE = 10_000;

/** How long a namespace read from the replica is kept while no notification can be heard. */
const REPLICA_CACHE_MS = 1000;

/**
 * How namespaces may be cached now: until their notification ("listening"), a short while
 * ("replica": read from the replica while the primary is unreachable), or not at all ("off").
 */
export type NamespaceCaching = "listening" | "replica" | "off";

interface Cached {
  ns: Namespace | null;
  /** When it must be read again (Infinity: when its notification comes). */
  until: number;
}

const NAMESPACE_SQL = `SELECT n.*, t.template FROM namespaces n
  LEFT JOIN namespace_templates t ON t.nid = n.nid AND t.revision = n.template_revision`;

export class PostgresNamespaces implements NamespaceStore {
  readonly #db: () => Queryable;
  readonly #tx: Tx;
  readonly #audit: PgAuditFn;
  readonly #caching: () => NamespaceCaching;
  /** Where the reads of resolution and the public pages go (read-routing.ts). */
  readonly #read: () => Queryable;
  readonly #cache = new Map<string, Cached>();
  // Bumped on every change: a lookup that started before one must not fill the cache.
  #generation = 0;

  /** `caching()`: how the cache may be used now; `read()`: where reads that may go to a replica go. */
  constructor(
    db: () => Queryable,
    tx: Tx,
    audit: PgAuditFn,
    caching: () => NamespaceCaching,
    read: () => Queryable,
  ) {
    this.#db = db;
    this.#tx = tx;
    this.#audit = audit;
    this.#caching = caching;
    this.#read = read;
  }

  /**
   * Drops this process's copy of a namespace (of every one when `nid` is absent or empty); other
   * processes drop theirs on the NOTIFY.
   */
  forget(nid?: string): void {
    this.#generation += 1;
    if (nid) this.#cache.delete(nid);
  }

  /** Drops every cached namespace: anything cached may have missed a notification. */
  forgetAll(): void {
    this.#generation += 1;
    this.#cache.clear();
  }

  async #readNamespace(q: Queryable, nid: string): Promise<Namespace | null> {
    const { rows } = await q.query<NamespaceRow>({
      name: "namespace",
      text: `${NAMESPACE_SQL} WHERE n.nid = $1`,
      values: [nid],
    });
    return rows[0] === undefined ? null : toNamespace(rows[0], await prefixRoutes(q, nid));
  }

  async get(nid: string): Promise<Namespace | null> {
    const id = nid.toLowerCase();
    const caching = this.#caching();
    if (caching !== "off") {
      const hit = this.#cache.get(id);
      if (hit !== undefined && hit.until > Date.now()) return hit.ns;
    }
    const generation = this.#generation;
    const ns = await this.#readNamespace(this.#read(), id);
    if (caching !== "off" && this.#caching() === caching && generation === this.#generation) {
      if (this.#cache.size >= NAMESPACE_CACHE_SIZE) this.#cache.clear();
      const until =
        caching === "listening" ? Number.POSITIVE_INFINITY : Date.now() + REPLICA_CACHE_MS;
      this.#cache.set(id, { ns, until });
    }
    return ns;
  }

  async list(): Promise<Namespace[]> {
    const q = this.#read();
    const { rows } = await q.query<NamespaceRow>(`${NAMESPACE_SQL} ORDER BY n.nid`);
    const out: Namespace[] = [];
    for (const row of rows) out.push(toNamespace(row, await prefixRoutes(q, row.nid)));
    return out;
  }

  async create(input: NamespaceInput, actor: Actor): Promise<Namespace> {
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
    this.forget(nid);
    return ns;
  }

  async update(input: NamespaceInput, actor: Actor): Promise<Namespace> {
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
    this.forget(nid);
    return ns;
  }

  async templateRevisions(nid: string): Promise<TemplateRevision[]> {
    return (
      await this.#read().query<TemplateRevision>(
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
    const step = mintPrefixChange(nid, mint, await readPrefix(c, prefix));
    if ("change" in step) {
      await changePrefix(c, this.#audit, prefix, step.change, actor);
      return;
    }
    if ((await readOrganisation(c, LOCAL_REGISTRY_ORGANISATION.id)) === null)
      await insertOrganisation(c, this.#audit, LOCAL_REGISTRY_ORGANISATION, actor);
    await insertPrefix(c, this.#audit, step.create, actor);
  }

  async nextMintNumber(nid: string, actor: Actor): Promise<number> {
    const prefix = mintingPrefix(nid, await this.get(nid));
    return takeNumbers(this.#db(), prefix, 1, "namespace.mint", actor);
  }
}
