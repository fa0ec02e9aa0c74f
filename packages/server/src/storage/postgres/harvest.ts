// Harvest sources, runs and refusals in PostgreSQL (schema version 10), step for step as in
// SQLite: a run takes the source's row lock while it checks and takes the lease, so two processes
// starting on one source cannot both get it.

import type pg from "pg";
import { StateError } from "../errors.js";
import {
  type HarvestEnd,
  type HarvestProgress,
  type HarvestRefusal,
  type HarvestRefusalRow,
  type HarvestRun,
  type HarvestRunRow,
  type HarvestSource,
  type HarvestSourceKey,
  type HarvestSourceListing,
  type HarvestSourceRow,
  type HarvestStart,
  type HarvestStore,
  toHarvestRefusal,
  toHarvestRun,
  toHarvestSource,
} from "../harvest.js";
import { now } from "../rows.js";
import type { Queryable, Tx } from "./organisations.js";

async function readRun(q: Queryable, id: number): Promise<HarvestRun> {
  const { rows } = await q.query<HarvestRunRow>("SELECT * FROM harvest_runs WHERE id = $1", [id]);
  return toHarvestRun(rows[0] as HarvestRunRow);
}

export class PostgresHarvest implements HarvestStore {
  readonly #pool: pg.Pool;
  readonly #tx: Tx;

  constructor(pool: pg.Pool, tx: Tx) {
    this.#pool = pool;
    this.#tx = tx;
  }

  async source(key: HarvestSourceKey, organisation: string): Promise<HarvestSource> {
    const t = now();
    // Two first runs at once: one inserts, the other finds its row.
    await this.#pool.query(
      `INSERT INTO harvest_sources (url, set_spec, metadata_prefix, organisation, created, updated)
       VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (url, set_spec, metadata_prefix) DO NOTHING`,
      [key.url, key.set, key.metadataPrefix, organisation, t],
    );
    const { rows } = await this.#pool.query<HarvestSourceRow>(
      "SELECT * FROM harvest_sources WHERE url = $1 AND set_spec = $2 AND metadata_prefix = $3",
      [key.url, key.set, key.metadataPrefix],
    );
    return toHarvestSource(rows[0] as HarvestSourceRow);
  }

  async listSources(): Promise<HarvestSourceListing[]> {
    const { rows } = await this.#pool.query<
      HarvestSourceRow & { run_id: string | null; lease_until: string | null }
    >(
      `SELECT s.*, (SELECT max(id) FROM harvest_runs r WHERE r.source_id = s.id) AS run_id
       FROM harvest_sources s ORDER BY s.id`,
    );
    const out: HarvestSourceListing[] = [];
    for (const row of rows)
      out.push({
        ...toHarvestSource(row),
        lastRun: row.run_id === null ? null : await readRun(this.#pool, Number(row.run_id)),
        leaseUntil: row.lease_until,
      });
    return out;
  }

  async beginRun(source: number, start: HarvestStart): Promise<HarvestRun> {
    return this.#tx(async (c) => {
      const t = now();
      const { rows } = await c.query<{
        url: string;
        lease_run: string | null;
        lease_until: string | null;
      }>("SELECT url, lease_run, lease_until FROM harvest_sources WHERE id = $1 FOR UPDATE", [
        source,
      ]);
      const row = rows[0];
      if (row === undefined) throw new StateError(`no harvest source ${source}`, "unknown-source");
      if (row.lease_run !== null && row.lease_until !== null && row.lease_until > t)
        throw new StateError(
          `run ${row.lease_run} is harvesting ${row.url} (its lease runs until ${row.lease_until})`,
          "harvest-running",
        );
      await c.query(
        `UPDATE harvest_runs SET outcome = 'interrupted', finished = $1,
           error = 'the process ended before the run did'
         WHERE source_id = $2 AND outcome = 'running'`,
        [t, source],
      );
      const inserted = await c.query<{ id: string }>(
        "INSERT INTO harvest_runs (source_id, started, request_from, resumed) VALUES ($1, $2, $3, $4) RETURNING id",
        [source, t, start.from, start.resumed],
      );
      const id = Number(inserted.rows[0]?.id);
      await c.query(
        "UPDATE harvest_sources SET lease_run = $1, lease_until = $2, updated = $3 WHERE id = $4",
        [id, start.leaseUntil, t, source],
      );
      return readRun(c, id);
    });
  }

  async renewLease(run: number, leaseUntil: string): Promise<boolean> {
    const renewed = await this.#pool.query(
      "UPDATE harvest_sources SET lease_until = $1 WHERE lease_run = $2",
      [leaseUntil, run],
    );
    return (renewed.rowCount ?? 0) > 0;
  }

  async progress(run: number, p: HarvestProgress, leaseUntil: string): Promise<void> {
    await this.#tx(async (c) => {
      const t = now();
      if (p.refusals.length > 0)
        await c.query(
          `INSERT INTO harvest_refusals (run_id, oai_identifier, urn, code, reason, at)
           SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])`,
          [
            run,
            p.refusals.map((r) => r.oaiIdentifier),
            p.refusals.map((r) => r.urn),
            p.refusals.map((r) => r.code),
            p.refusals.map((r) => r.reason),
            p.refusals.map(() => t),
          ],
        );
      const { rows } = await c.query<{ source_id: string }>(
        `UPDATE harvest_runs SET pages = pages + $2, records = records + $3,
           records_created = records_created + $4, records_updated = records_updated + $5,
           records_unchanged = records_unchanged + $6, records_deleted = records_deleted + $7,
           records_refused = records_refused + $8
         WHERE id = $1 RETURNING source_id`,
        [run, p.pages, p.records, p.created, p.updated, p.unchanged, p.deleted, p.refused],
      );
      await c.query(
        `UPDATE harvest_sources SET pending_token = $1, pending_from = $2, pending_response_date = $3,
           granularity = coalesce($4, granularity), lease_until = $5, updated = $6
         WHERE id = $7 AND lease_run = $8`,
        [
          p.pending?.token ?? null,
          p.pending?.from ?? null,
          p.pending?.responseDate ?? null,
          p.granularity ?? null,
          leaseUntil,
          t,
          rows[0]?.source_id,
          run,
        ],
      );
    });
  }

  async finishRun(run: number, end: HarvestEnd): Promise<HarvestRun> {
    return this.#tx(async (c) => {
      const t = now();
      await c.query(
        "UPDATE harvest_runs SET outcome = $1, finished = $2, error = $3 WHERE id = $4 AND outcome = 'running'",
        [end.outcome, t, end.error, run],
      );
      const finished = await readRun(c, run);
      const completed = end.outcome === "completed";
      await c.query(
        `UPDATE harvest_sources SET lease_run = NULL, lease_until = NULL, updated = $1,
           last_response_date = CASE WHEN $2 THEN coalesce($3, last_response_date) ELSE last_response_date END,
           pending_token = CASE WHEN $2 THEN NULL ELSE pending_token END,
           pending_from = CASE WHEN $2 THEN NULL ELSE pending_from END,
           pending_response_date = CASE WHEN $2 THEN NULL ELSE pending_response_date END
         WHERE id = $4 AND lease_run = $5`,
        [t, completed, end.lastResponseDate ?? null, finished.source, run],
      );
      return finished;
    });
  }

  async refusals(run: number): Promise<HarvestRefusal[]> {
    const { rows } = await this.#pool.query<HarvestRefusalRow>(
      "SELECT * FROM harvest_refusals WHERE run_id = $1 ORDER BY id",
      [run],
    );
    return rows.map(toHarvestRefusal);
  }
}
