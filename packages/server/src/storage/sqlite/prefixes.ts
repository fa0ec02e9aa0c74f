// Prefixes in SQLite: each write and its audit row in one transaction; a change drops the cached
// namespace (resolution reads the prefixes with it). Sequence numbers are taken by one UPDATE …
// RETURNING under the database's single writer, so no number is handed out twice.

import type Database from "better-sqlite3";
import type { Actor } from "../audit.js";
import { ConflictError, StateError } from "../errors.js";
import type { PrefixRoute } from "../prefix-routes.js";
import {
  type NewPrefix,
  type Prefix,
  type PrefixPolicy,
  type PrefixRow,
  type PrefixStore,
  policyColumns,
  prefixTarget,
  toPrefix,
} from "../prefixes.js";
import { now } from "../rows.js";
import type { AuditFn } from "./audit.js";
import { preparedOnFirstUse } from "./prepared.js";

function sqliteColumns(p: PrefixPolicy) {
  return { ...policyColumns(p), mirrors: p.mirrors ? 1 : 0 };
}

/** The statements of a prefix: its row, its minting and its namespace's routes. */
function prefixStatements(db: Database.Database) {
  return {
    get: db.prepare<[string], PrefixRow>("SELECT * FROM prefixes WHERE prefix = ?"),
    take: db.prepare<[{ count: number; prefix: string }], { first: number }>(
      "UPDATE prefixes SET next = next + @count WHERE prefix = @prefix RETURNING next - @count AS first",
    ),
    routes: db.prepare<[string], PrefixRoute>(
      "SELECT prefix, organisation, delegate FROM prefixes WHERE nid = ? ORDER BY prefix",
    ),
  };
}

export class SqlitePrefixes implements PrefixStore {
  readonly #db: Database.Database;
  readonly #audit: AuditFn;
  readonly #changed: (nid: string) => void;
  readonly #s = preparedOnFirstUse(() => prefixStatements(this.#db));

  /** `changed(nid)` drops the namespace's cached copy. */
  constructor(db: Database.Database, audit: AuditFn, changed: (nid: string) => void) {
    this.#db = db;
    this.#audit = audit;
    this.#changed = changed;
  }

  /** The routes of a namespace's prefixes, for its cached copy. */
  routes(nid: string): PrefixRoute[] {
    return this.#s().routes.all(nid);
  }

  /** Inserts a prefix inside the caller's transaction. */
  insert(input: NewPrefix, actor: Actor): Prefix {
    if (this.#s().get.get(input.prefix) !== undefined)
      throw new ConflictError(`prefix "${input.prefix}" exists`, input.prefix);
    const t = now();
    this.#db
      .prepare(
        `INSERT INTO prefixes (prefix, nid, organisation, naming, urls, modes, width, check_scheme,
           next, delegate, mirrors, mirror_urls, created, updated)
         VALUES (@prefix, @nid, @organisation, @naming, @urls, @modes, @width, @check, @next,
           @delegate, @mirrors, @mirrorUrls, @created, @updated)`,
      )
      .run({
        prefix: input.prefix,
        nid: input.nid,
        organisation: input.organisation,
        ...sqliteColumns(input),
        next: input.next ?? 1,
        created: input.created ?? t,
        updated: input.updated ?? input.created ?? t,
      });
    const created = toPrefix(this.#s().get.get(input.prefix) as PrefixRow);
    this.#audit(actor, "prefix.create", prefixTarget(input.prefix), undefined, created);
    this.#changed(input.nid);
    return created;
  }

  /** Changes a prefix's policy inside the caller's transaction; null when there is no such prefix. */
  change(prefix: string, patch: Partial<PrefixPolicy>, actor: Actor): Prefix | null {
    const row = this.#s().get.get(prefix);
    if (row === undefined) return null;
    const before = toPrefix(row);
    const policy: PrefixPolicy = { ...before, ...patch };
    this.#db
      .prepare(
        `UPDATE prefixes SET naming = @naming, urls = @urls, modes = @modes, width = @width,
           check_scheme = @check, delegate = @delegate, mirrors = @mirrors,
           mirror_urls = @mirrorUrls, updated = @t
         WHERE prefix = @prefix`,
      )
      .run({ prefix, ...sqliteColumns(policy), t: now() });
    const after = toPrefix(this.#s().get.get(prefix) as PrefixRow);
    this.#audit(actor, "prefix.update", prefixTarget(prefix), before, after);
    this.#changed(before.nid);
    return after;
  }

  async create(input: NewPrefix, actor: Actor): Promise<Prefix> {
    return this.#db.transaction(() => this.insert(input, actor)).immediate();
  }

  async update(prefix: string, patch: Partial<PrefixPolicy>, actor: Actor): Promise<Prefix | null> {
    return this.#db.transaction(() => this.change(prefix, patch, actor)).immediate();
  }

  getSync(prefix: string): Prefix | null {
    const row = this.#s().get.get(prefix);
    return row === undefined ? null : toPrefix(row);
  }

  async get(prefix: string): Promise<Prefix | null> {
    return this.getSync(prefix);
  }

  async list(nid?: string): Promise<Prefix[]> {
    const rows =
      nid === undefined
        ? this.#db.prepare<[], PrefixRow>("SELECT * FROM prefixes ORDER BY prefix").all()
        : this.#db
            .prepare<[string], PrefixRow>("SELECT * FROM prefixes WHERE nid = ? ORDER BY prefix")
            .all(nid);
    return rows.map(toPrefix);
  }

  /** Takes numbers inside the caller's transaction. */
  take(prefix: string, count: number, action: string, actor: Actor): number {
    const row = this.#s().take.get({ count, prefix });
    if (row === undefined) throw new StateError(`prefix "${prefix}" does not exist`);
    this.#audit(actor, action, prefixTarget(prefix), undefined, {
      first: row.first,
      count,
    });
    return row.first;
  }

  async takeNumbers(prefix: string, count: number, action: string, actor: Actor): Promise<number> {
    return this.#db.transaction(() => this.take(prefix, count, action, actor)).immediate();
  }
}
