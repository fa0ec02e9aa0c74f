// Harvest sources, runs and refusals in SQLite (schema version 10): each step one transaction.
// Writes look a row up first and insert plain VALUES.

import type Database from "better-sqlite3";
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

type LeasedSourceRow = HarvestSourceRow & { lease_run: number | null; lease_until: string | null };

export class SqliteHarvest implements HarvestStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** The source's row with its lease; StateError "unknown-source" when there is none. */
  #source(id: number): LeasedSourceRow {
    const row = this.#db
      .prepare<[number], LeasedSourceRow>("SELECT * FROM harvest_sources WHERE id = ?")
      .get(id);
    if (row === undefined) throw new StateError(`no harvest source ${id}`, "unknown-source");
    return row;
  }

  #run(id: number): HarvestRun {
    return toHarvestRun(
      this.#db.prepare("SELECT * FROM harvest_runs WHERE id = ?").get(id) as HarvestRunRow,
    );
  }

  async source(key: HarvestSourceKey, organisation: string): Promise<HarvestSource> {
    return this.#db
      .transaction(() => {
        const find = () =>
          this.#db
            .prepare<[string, string, string], HarvestSourceRow>(
              "SELECT * FROM harvest_sources WHERE url = ? AND set_spec = ? AND metadata_prefix = ?",
            )
            .get(key.url, key.set, key.metadataPrefix);
        const existing = find();
        if (existing !== undefined) return toHarvestSource(existing);
        const t = now();
        this.#db
          .prepare(
            `INSERT INTO harvest_sources (url, set_spec, metadata_prefix, organisation, created, updated)
             VALUES (?, ?, ?, ?, ?, ?)`,
          )
          .run(key.url, key.set, key.metadataPrefix, organisation, t, t);
        return toHarvestSource(find() as HarvestSourceRow);
      })
      .immediate();
  }

  async listSources(): Promise<HarvestSourceListing[]> {
    const sources = this.#db
      .prepare<[], HarvestSourceRow>("SELECT * FROM harvest_sources ORDER BY id")
      .all();
    const last = this.#db.prepare<[number], HarvestRunRow>(
      "SELECT * FROM harvest_runs WHERE source_id = ? ORDER BY id DESC LIMIT 1",
    );
    return sources.map((row) => {
      const run = last.get(row.id);
      return {
        ...toHarvestSource(row),
        lastRun: run === undefined ? null : toHarvestRun(run),
        leaseUntil: (row as LeasedSourceRow).lease_until,
      };
    });
  }

  async beginRun(source: number, start: HarvestStart): Promise<HarvestRun> {
    return this.#db
      .transaction(() => {
        const t = now();
        const row = this.#source(source);
        if (row.lease_run !== null && row.lease_until !== null && row.lease_until > t)
          throw new StateError(
            `run ${row.lease_run} is harvesting ${row.url} (its lease runs until ${row.lease_until})`,
            "harvest-running",
          );
        this.#db
          .prepare(
            `UPDATE harvest_runs SET outcome = 'interrupted', finished = ?,
               error = 'the process ended before the run did'
             WHERE source_id = ? AND outcome = 'running'`,
          )
          .run(t, source);
        const { lastInsertRowid } = this.#db
          .prepare(
            "INSERT INTO harvest_runs (source_id, started, request_from, resumed) VALUES (?, ?, ?, ?)",
          )
          .run(source, t, start.from, start.resumed ? 1 : 0);
        const id = Number(lastInsertRowid);
        this.#db
          .prepare(
            "UPDATE harvest_sources SET lease_run = ?, lease_until = ?, updated = ? WHERE id = ?",
          )
          .run(id, start.leaseUntil, t, source);
        return this.#run(id);
      })
      .immediate();
  }

  async renewLease(run: number, leaseUntil: string): Promise<boolean> {
    const renewed = this.#db
      .prepare("UPDATE harvest_sources SET lease_until = ? WHERE lease_run = ?")
      .run(leaseUntil, run);
    return renewed.changes > 0;
  }

  async progress(run: number, p: HarvestProgress, leaseUntil: string): Promise<void> {
    this.#db
      .transaction(() => {
        const t = now();
        const refusal = this.#db.prepare(
          "INSERT INTO harvest_refusals (run_id, oai_identifier, urn, code, reason, at) VALUES (?, ?, ?, ?, ?, ?)",
        );
        for (const r of p.refusals) refusal.run(run, r.oaiIdentifier, r.urn, r.code, r.reason, t);
        this.#db
          .prepare(
            `UPDATE harvest_runs SET pages = pages + @pages, records = records + @records,
               records_created = records_created + @created, records_updated = records_updated + @updated,
               records_unchanged = records_unchanged + @unchanged,
               records_deleted = records_deleted + @deleted, records_refused = records_refused + @refused
             WHERE id = @run`,
          )
          .run({
            run,
            pages: p.pages,
            records: p.records,
            created: p.created,
            updated: p.updated,
            unchanged: p.unchanged,
            deleted: p.deleted,
            refused: p.refused,
          });
        const source = this.#run(run).source;
        this.#db
          .prepare(
            `UPDATE harvest_sources SET pending_token = ?, pending_from = ?, pending_response_date = ?,
               granularity = coalesce(?, granularity), lease_until = ?, updated = ?
             WHERE id = ? AND lease_run = ?`,
          )
          .run(
            p.pending?.token ?? null,
            p.pending?.from ?? null,
            p.pending?.responseDate ?? null,
            p.granularity ?? null,
            leaseUntil,
            t,
            source,
            run,
          );
      })
      .immediate();
  }

  async finishRun(run: number, end: HarvestEnd): Promise<HarvestRun> {
    return this.#db
      .transaction(() => {
        const t = now();
        this.#db
          .prepare(
            "UPDATE harvest_runs SET outcome = ?, finished = ?, error = ? WHERE id = ? AND outcome = 'running'",
          )
          .run(end.outcome, t, end.error, run);
        const finished = this.#run(run);
        const completed = end.outcome === "completed";
        this.#db
          .prepare(
            `UPDATE harvest_sources SET lease_run = NULL, lease_until = NULL, updated = @t,
               last_response_date = CASE WHEN @completed THEN coalesce(@date, last_response_date) ELSE last_response_date END,
               pending_token = CASE WHEN @completed THEN NULL ELSE pending_token END,
               pending_from = CASE WHEN @completed THEN NULL ELSE pending_from END,
               pending_response_date = CASE WHEN @completed THEN NULL ELSE pending_response_date END
             WHERE id = @source AND lease_run = @run`,
          )
          .run({
            t,
            completed: completed ? 1 : 0,
            date: end.lastResponseDate ?? null,
            source: finished.source,
            run,
          });
        return finished;
      })
      .immediate();
  }

  async refusals(run: number): Promise<HarvestRefusal[]> {
    return this.#db
      .prepare<[number], HarvestRefusalRow>(
        "SELECT * FROM harvest_refusals WHERE run_id = ? ORDER BY id",
      )
      .all(run)
      .map(toHarvestRefusal);
  }
}
