// Organisations in PostgreSQL: each write and its audit row in one transaction.

import type pg from "pg";
import type { Actor, AuditRow } from "../audit.js";
import { ConflictError } from "../errors.js";
import {
  type Organisation,
  type OrganisationInput,
  type OrganisationPatch,
  type OrganisationRecord,
  type OrganisationRow,
  type OrganisationStore,
  organisationTarget,
  toOrganisation,
} from "../organisations.js";
import type { RecordStatus } from "../records.js";
import { now } from "../rows.js";

/** What a query can be sent to: a pool, a connection of a transaction, the read routing. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    query: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>>;
}
export type Tx = <T>(work: (client: pg.PoolClient) => Promise<T>) => Promise<T>;
/** How a concern adds its write's audit row, on the write's own connection. */
export type PgAuditFn = (q: Queryable, ...row: AuditRow) => Promise<void>;

export async function readOrganisation(q: Queryable, id: string): Promise<Organisation | null> {
  const { rows } = await q.query<OrganisationRow>("SELECT * FROM organisations WHERE id = $1", [
    id,
  ]);
  return rows[0] === undefined ? null : toOrganisation(rows[0]);
}

/** Inserts an organisation inside the caller's transaction; ConflictError when the id is taken. */
export async function insertOrganisation(
  c: pg.PoolClient,
  audit: PgAuditFn,
  input: OrganisationInput,
  actor: Actor,
): Promise<Organisation> {
  const t = now();
  const inserted = await c.query(
    `INSERT INTO organisations (id, name, contact, active, created, updated)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
    [
      input.id,
      input.name,
      input.contact ?? null,
      input.active !== false,
      input.created ?? t,
      input.updated ?? input.created ?? t,
    ],
  );
  if (inserted.rowCount === 0)
    throw new ConflictError(`organisation "${input.id}" exists`, input.id);
  const created = (await readOrganisation(c, input.id)) as Organisation;
  await audit(c, actor, "organisation.create", organisationTarget(input.id), undefined, created);
  return created;
}

export class PostgresOrganisations implements OrganisationStore {
  /** The pool, or the connection of the write batch the call is made in. */
  readonly #db: () => Queryable;
  readonly #tx: Tx;
  readonly #audit: PgAuditFn;
  readonly #read: () => Queryable;

  /** `read()`: where the list the public search page shows is read (read-routing.ts). */
  constructor(db: () => Queryable, tx: Tx, audit: PgAuditFn, read: () => Queryable = db) {
    this.#db = db;
    this.#tx = tx;
    this.#audit = audit;
    this.#read = read;
  }

  create(input: OrganisationInput, actor: Actor): Promise<Organisation> {
    return this.#tx((c) => insertOrganisation(c, this.#audit, input, actor));
  }

  update(id: string, patch: OrganisationPatch, actor: Actor): Promise<Organisation | null> {
    return this.#tx(async (c) => {
      const { rows } = await c.query<OrganisationRow>(
        "SELECT * FROM organisations WHERE id = $1 FOR UPDATE",
        [id],
      );
      if (rows[0] === undefined) return null;
      const before = toOrganisation(rows[0]);
      await c.query(
        "UPDATE organisations SET name = $2, contact = $3, active = $4, updated = $5 WHERE id = $1",
        [
          id,
          patch.name ?? before.name,
          patch.contact === undefined ? before.contact : patch.contact,
          patch.active ?? before.active,
          now(),
        ],
      );
      const after = (await readOrganisation(c, id)) as Organisation;
      // Deactivation ends its web sessions for good: reactivating does not revive them.
      if (before.active && !after.active)
        await c.query(
          "DELETE FROM sessions WHERE token_id IN (SELECT id FROM tokens WHERE organisation = $1)",
          [id],
        );
      await this.#audit(c, actor, "organisation.update", organisationTarget(id), before, after);
      return after;
    });
  }

  get(id: string): Promise<Organisation | null> {
    return readOrganisation(this.#db(), id);
  }

  async records(
    organisation: string,
    status: RecordStatus | null,
    limit: number,
  ): Promise<OrganisationRecord[]> {
    const { rows } = await this.#db().query<OrganisationRecord>(
      `SELECT urn, status, prefix, created FROM records
       WHERE organisation = $1 AND ($2::text IS NULL OR status = $2) ORDER BY id DESC LIMIT $3`,
      [organisation, status, limit],
    );
    return rows;
  }

  async list(): Promise<Organisation[]> {
    return (
      await this.#read().query<OrganisationRow>("SELECT * FROM organisations ORDER BY id")
    ).rows.map(toOrganisation);
  }
}
