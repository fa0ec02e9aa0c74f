// Records in PostgreSQL (storage/records.ts): each write and its audit row in one transaction;
// uniqueness and the lifecycle's rules are decided by the database, so processes need no
// coordination. Resolution's lookup may go to a read replica.

import type pg from "pg";
import type { Actor } from "../audit.js";
import { ConflictError, keyTaken, StateError } from "../errors.js";
import { tombstoneFrozen, tombstoneStep } from "../lifecycle.js";
import { locatorRank } from "../locator-rank.js";
import type {
  CreateOutcome,
  Deactivation,
  LocatorInput,
  NewRecord,
  RecordIdentifier,
  RecordPatch,
  RecordStore,
  ResolveView,
  UrnRecord,
} from "../records.js";
import { now } from "../rows.js";
import type { PgAuditFn, Queryable, Tx } from "./organisations.js";
import { RECORD_SQL, type RecordRow, toRecord } from "./record-row.js";
import { createRecordSet, IdentifierClash } from "./record-set.js";

export const RESOLVE_SQL = `SELECT r.urn, r.status, r.reason, r.deactivated,
  (SELECT url FROM locators l WHERE l.record_id = r.id AND l.active
    ORDER BY ${locatorRank("r.organisation")} LIMIT 1) AS best,
  (SELECT successor_urn FROM successors s WHERE s.record_id = r.id
    ORDER BY s.created DESC LIMIT 1) AS successor,
  r.id
FROM records r WHERE r.key = $1`;

export class PostgresRecords implements RecordStore {
  readonly #db: () => Queryable;
  readonly #tx: Tx;
  readonly #audit: PgAuditFn;
  /** Where resolution lookups go: the replica (the primary when it cannot answer), or the pool. */
  readonly #lookups: Queryable;
  /** Where other reads of resolution and the public pages go (read-routing.ts). */
  readonly #read: () => Queryable;

  constructor(
    db: () => Queryable,
    tx: Tx,
    audit: PgAuditFn,
    lookups: Queryable,
    read: () => Queryable,
  ) {
    this.#db = db;
    this.#tx = tx;
    this.#audit = audit;
    this.#lookups = lookups;
    this.#read = read;
  }

  async resolve(key: string): Promise<ResolveView | null> {
    const { rows } = await this.#lookups.query<ResolveView>({
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

  async get(key: string): Promise<UrnRecord | null> {
    const row = await this.#recordRow(this.#read(), key);
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
    return key === null ? null : this.get(key);
  }

  async getMany(keys: readonly string[]): Promise<Map<string, UrnRecord>> {
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
   * rolled back and written record by record, each getting records.create's own answer.
   */
  async createMany(inputs: readonly NewRecord[], actor: Actor): Promise<CreateOutcome[]> {
    if (inputs.length === 0) return [];
    try {
      return await this.#tx((c) => createRecordSet(c, inputs, actor));
    } catch (error) {
      if (!(error instanceof IdentifierClash)) throw error;
    }
    const outcomes: CreateOutcome[] = [];
    for (const input of inputs)
      outcomes.push(
        await this.create(input, actor).catch((error: unknown) => {
          if (error instanceof ConflictError || error instanceof StateError) return error;
          throw error;
        }),
      );
    return outcomes;
  }

  async create(input: NewRecord, actor: Actor): Promise<UrnRecord> {
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

  async update(key: string, patch: RecordPatch, actor: Actor): Promise<UrnRecord | null> {
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

  async count(): Promise<number> {
    return (await this.#db().query<{ n: number }>("SELECT count(*) AS n FROM records")).rows[0]
      ?.n as number;
  }
}
