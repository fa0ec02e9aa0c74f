// Prefixes in PostgreSQL: each write and its audit row in one transaction. A change is announced
// by the table's trigger on the namespace channel, so every process drops its cached namespace
// (and the prefixes read with it). Numbers are taken by one UPDATE … RETURNING: the row lock
// orders concurrent takers, in any number of processes, so no number is handed out twice.

import type pg from "pg";
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
import type { PgAuditFn, Queryable, Tx } from "./organisations.js";

export async function readPrefix(q: Queryable, prefix: string): Promise<Prefix | null> {
  const { rows } = await q.query<PrefixRow>("SELECT * FROM prefixes WHERE prefix = $1", [prefix]);
  return rows[0] === undefined ? null : toPrefix(rows[0]);
}

/** The routes of a namespace's prefixes, for its cached copy. */
export async function prefixRoutes(q: Queryable, nid: string): Promise<PrefixRoute[]> {
  return (
    await q.query<PrefixRoute>({
      name: "prefix-routes",
      text: "SELECT prefix, organisation, delegate FROM prefixes WHERE nid = $1 ORDER BY prefix",
      values: [nid],
    })
  ).rows;
}

/** A policy's column values in the order both statements below name the columns. */
function policyValues(policy: PrefixPolicy): unknown[] {
  const p = policyColumns(policy);
  return [p.naming, p.urls, p.modes, p.width, p.check, p.delegate, p.mirrors, p.mirrorUrls];
}

/** Inserts a prefix inside the caller's transaction. */
export async function insertPrefix(
  c: pg.PoolClient,
  audit: PgAuditFn,
  input: NewPrefix,
  actor: Actor,
): Promise<Prefix> {
  const inserted = await c.query(
    `INSERT INTO prefixes (prefix, nid, organisation, naming, urls, modes, width, check_scheme,
       delegate, mirrors, mirror_urls, next, created, updated)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (prefix) DO NOTHING`,
    [
      input.prefix,
      input.nid,
      input.organisation,
      ...policyValues(input),
      input.next ?? 1,
      input.created ?? now(),
      input.updated ?? input.created ?? now(),
    ],
  );
  if (inserted.rowCount === 0)
    throw new ConflictError(`prefix "${input.prefix}" exists`, input.prefix);
  const created = (await readPrefix(c, input.prefix)) as Prefix;
  await audit(c, actor, "prefix.create", prefixTarget(input.prefix), undefined, created);
  return created;
}

/** Changes a prefix's policy inside the caller's transaction; null when there is none. */
export async function changePrefix(
  c: pg.PoolClient,
  audit: PgAuditFn,
  prefix: string,
  patch: Partial<PrefixPolicy>,
  actor: Actor,
): Promise<Prefix | null> {
  const { rows } = await c.query<PrefixRow>("SELECT * FROM prefixes WHERE prefix = $1 FOR UPDATE", [
    prefix,
  ]);
  if (rows[0] === undefined) return null;
  const before = toPrefix(rows[0]);
  await c.query(
    `UPDATE prefixes SET naming = $2, urls = $3, modes = $4, width = $5, check_scheme = $6,
       delegate = $7, mirrors = $8, mirror_urls = $9, updated = $10 WHERE prefix = $1`,
    [prefix, ...policyValues({ ...before, ...patch }), now()],
  );
  const after = (await readPrefix(c, prefix)) as Prefix;
  await audit(c, actor, "prefix.update", prefixTarget(prefix), before, after);
  return after;
}

/**
 * Takes `count` numbers and records them in the audit log in one statement, so one round trip:
 * the prefix row is locked only while it runs and commits, which orders takers in every process.
 */
export async function takeNumbers(
  q: Queryable,
  prefix: string,
  count: number,
  action: string,
  actor: Actor,
): Promise<number> {
  const { rows } = await q.query<{ first: number }>({
    name: "take-numbers",
    text: `WITH taken AS (
      UPDATE prefixes SET next = next + $2::bigint WHERE prefix = $1 RETURNING next - $2::bigint AS first
    ), audited AS (
      INSERT INTO audit (token_id, channel, action, target, before, after, at)
      SELECT $3, $7::text, $4, $5, NULL, json_build_object('first', first, 'count', $2::bigint)::text, $6
      FROM taken
    )
    SELECT first FROM taken`,
    values: [
      prefix,
      count,
      actor.tokenId,
      action,
      prefixTarget(prefix),
      now(),
      actor.channel ?? null,
    ],
  });
  const first = rows[0]?.first;
  if (first === undefined) throw new StateError(`prefix "${prefix}" does not exist`);
  return first;
}

export class PostgresPrefixes implements PrefixStore {
  /** The pool, or the connection of the write batch the call is made in. */
  readonly #db: () => Queryable;
  readonly #tx: Tx;
  readonly #audit: PgAuditFn;
  readonly #changed: (nid: string) => void;

  /** `changed(nid)` drops this process's cached namespace at once (others wait for the NOTIFY). */
  constructor(db: () => Queryable, tx: Tx, audit: PgAuditFn, changed: (nid: string) => void) {
    this.#db = db;
    this.#tx = tx;
    this.#audit = audit;
    this.#changed = changed;
  }

  async create(input: NewPrefix, actor: Actor): Promise<Prefix> {
    const created = await this.#tx((c) => insertPrefix(c, this.#audit, input, actor));
    this.#changed(created.nid);
    return created;
  }

  async update(prefix: string, patch: Partial<PrefixPolicy>, actor: Actor): Promise<Prefix | null> {
    const after = await this.#tx((c) => changePrefix(c, this.#audit, prefix, patch, actor));
    if (after !== null) this.#changed(after.nid);
    return after;
  }

  get(prefix: string): Promise<Prefix | null> {
    return readPrefix(this.#db(), prefix);
  }

  async list(nid?: string): Promise<Prefix[]> {
    const { rows } =
      nid === undefined
        ? await this.#db().query<PrefixRow>("SELECT * FROM prefixes ORDER BY prefix")
        : await this.#db().query<PrefixRow>(
            "SELECT * FROM prefixes WHERE nid = $1 ORDER BY prefix",
            [nid],
          );
    return rows.map(toPrefix);
  }

  takeNumbers(prefix: string, count: number, action: string, actor: Actor): Promise<number> {
    return takeNumbers(this.#db(), prefix, count, action, actor);
  }
}
