// Namespaces in SQLite (storage/namespaces.ts): each write and its audit row in one transaction.
// Namespaces are read on every resolution and change rarely, and this process is the database's
// only writer, so they are cached here and dropped on each change (a prefix's too).

import type Database from "better-sqlite3";
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
import type { AuditFn } from "./audit.js";
import type { SqliteOrganisations } from "./organisations.js";
import type { SqlitePrefixes } from "./prefixes.js";
import { preparedOnFirstUse } from "./prepared.js";

/** The statements of namespaces and their templates. */
function namespaceStatements(db: Database.Database) {
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
  };
}

export class SqliteNamespaces implements NamespaceStore {
  readonly #db: Database.Database;
  readonly #s = preparedOnFirstUse(() => namespaceStatements(this.#db));
  readonly #audit: AuditFn;
  readonly #prefixes: SqlitePrefixes;
  readonly #organisations: SqliteOrganisations;
  readonly #cache = new Map<string, Namespace | null>();

  constructor(
    db: Database.Database,
    audit: AuditFn,
    prefixes: SqlitePrefixes,
    organisations: SqliteOrganisations,
  ) {
    this.#db = db;
    this.#audit = audit;
    this.#prefixes = prefixes;
    this.#organisations = organisations;
  }

  /** Drops the namespace's cached copy (its prefixes changed). */
  forget(nid: string): void {
    this.#cache.delete(nid);
  }

  #namespaceSync(nid: string): Namespace | null {
    let ns = this.#cache.get(nid);
    if (ns === undefined) {
      const row = this.#s().namespace.get(nid);
      ns = row === undefined ? null : toNamespace(row, this.#prefixes.routes(nid));
      this.#cache.set(nid, ns);
    }
    return ns;
  }

  /** The namespace, read at once (better-sqlite3 reads synchronously): resolution's first read. */
  readonly getNow = (nid: string): Namespace | null => this.#namespaceSync(nid.toLowerCase());

  async get(nid: string): Promise<Namespace | null> {
    return this.getNow(nid);
  }

  async list(): Promise<Namespace[]> {
    return this.#s()
      .namespaces.all()
      .map((row) => toNamespace(row, this.#prefixes.routes(row.nid)));
  }

  async create(input: NamespaceInput, actor: Actor): Promise<Namespace> {
    const nid = input.nid.toLowerCase();
    return this.#db
      .transaction(() => {
        const existing = this.#s().namespace.get(nid);
        if (existing !== undefined)
          throw new ConflictError(`namespace "${nid}" is already served here`, nid);
        const t = now();
        this.#s().insertNamespace.run({
          nid,
          revision: 1,
          mint: input.mint ? JSON.stringify(input.mint) : null,
          redirectStatus: input.redirectStatus ?? 303,
          maxAge: input.maxAge ?? 300,
          delegate: JSON.stringify(input.delegate ?? []),
          local: input.local ? 1 : 0,
          now: t,
        });
        this.#s().insertTemplate.run(nid, 1, input.template ?? null, t);
        if (input.mint) this.#ensureMintPrefix(nid, input.mint, actor);
        this.#cache.delete(nid);
        const ns = this.#namespaceSync(nid) as Namespace;
        this.#audit(actor, "namespace.create", nid, undefined, ns);
        return ns;
      })
      .immediate();
  }

  async update(input: NamespaceInput, actor: Actor): Promise<Namespace> {
    const nid = input.nid.toLowerCase();
    return this.#db
      .transaction(() => {
        const row = this.#s().namespace.get(nid);
        if (row === undefined) throw new StateError(`namespace "${nid}" is not served here`);
        const before = toNamespace(row);
        const t = now();
        const template = input.template === undefined ? before.template : input.template;
        let revision = before.templateRevision;
        if (template !== before.template) {
          revision += 1;
          this.#s().insertTemplate.run(nid, revision, template, t);
        }
        const mint = input.mint === undefined ? before.mint : input.mint;
        if (input.mint) this.#ensureMintPrefix(nid, input.mint, actor);
        this.#s().updateNamespace.run({
          nid,
          revision,
          mint: mint ? JSON.stringify(mint) : null,
          redirectStatus: input.redirectStatus ?? before.redirectStatus,
          maxAge: input.maxAge ?? before.maxAge,
          delegate: JSON.stringify(input.delegate ?? before.delegate),
          local: (input.local ?? before.local) ? 1 : 0,
          now: t,
        });
        this.#cache.delete(nid);
        const ns = this.#namespaceSync(nid) as Namespace;
        this.#audit(actor, "namespace.update", nid, before, ns);
        return ns;
      })
      .immediate();
  }

  async templateRevisions(nid: string): Promise<TemplateRevision[]> {
    return this.#s().templates.all(nid.toLowerCase());
  }

  /**
   * The prefix a namespace's minting policy names: created for the local registry organisation
   * (created too when missing), or its width and check changed when it is that organisation's.
   */
  #ensureMintPrefix(nid: string, mint: MintPolicy, actor: Actor): void {
    const prefix = mintPrefixOf(nid, mint);
    const step = mintPrefixChange(nid, mint, this.#prefixes.getSync(prefix));
    if ("change" in step) {
      this.#prefixes.change(prefix, step.change, actor);
      return;
    }
    if (this.#organisations.getSync(LOCAL_REGISTRY_ORGANISATION.id) === null)
      this.#organisations.insert(LOCAL_REGISTRY_ORGANISATION, actor);
    this.#prefixes.insert(step.create, actor);
  }

  async nextMintNumber(nid: string, actor: Actor): Promise<number> {
    return this.#db
      .transaction(() => {
        const prefix = mintingPrefix(nid, this.#namespaceSync(nid.toLowerCase()));
        return this.#prefixes.take(prefix, 1, "namespace.mint", actor);
      })
      .immediate();
  }
}
