// What a harvester keeps per OAI-PMH source (one base URL, set and metadata format): the
// organisation it harvests for, the response date to ask `from` next time (OAI-PMH §3.3.1
// selective harvesting), the resumption token of a list not yet read to its end, and a lease that
// keeps two processes from harvesting the source at once. Runs and their refused records are
// history: a run's row is written while it runs and frozen once it ends; refusals are append-only.

export type HarvestOutcome = "running" | "completed" | "failed" | "interrupted";

export interface HarvestSourceKey {
  url: string;
  /** "" for the whole repository. */
  set: string;
  metadataPrefix: string;
}

/** A list begun and not read to its end: where to go on. */
export interface PendingList {
  token: string;
  /** The `from` the list was asked with (null: from the beginning). */
  from: string | null;
  /** The first response's date: the next harvest's `from` once the list is read. */
  responseDate: string;
}

export interface HarvestSource extends HarvestSourceKey {
  id: number;
  organisation: string;
  /** Identify's granularity, as the provider last said it. */
  granularity: string | null;
  /** The response date of the last list read to its end. */
  lastResponseDate: string | null;
  pending: PendingList | null;
  created: string;
  updated: string;
}

export interface HarvestCounts {
  pages: number;
  /** Records read (deleted ones included). */
  records: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Records the provider marks deleted: nothing here is removed for them. */
  deleted: number;
  refused: number;
}

export interface HarvestRun extends HarvestCounts {
  id: number;
  source: number;
  started: string;
  finished: string | null;
  outcome: HarvestOutcome;
  /** The `from` asked (null: the whole list). */
  from: string | null;
  /** Whether the run went on with a list an earlier run left unfinished. */
  resumed: boolean;
  error: string | null;
}

/** A harvested record that was not written, and why. */
export interface HarvestRefusal {
  run: number;
  /** The record's OAI identifier (its header's identifier). */
  oaiIdentifier: string;
  /** The URN it was about, when it named one. */
  urn: string | null;
  code: string;
  reason: string;
  at: string;
}

export interface HarvestSourceListing extends HarvestSource {
  lastRun: HarvestRun | null;
  /**
   * Until when the running run holds the source (null: no run holds it). A time past means its
   * process is gone: the next run closes it as interrupted.
   */
  leaseUntil: string | null;
}

/** One read page's effect on a run, stored in one transaction. */
export interface HarvestProgress extends HarvestCounts {
  refusals: Omit<HarvestRefusal, "run" | "at">[];
  /** Where the list goes on; null when this page ended it. */
  pending: PendingList | null;
  granularity?: string | null;
}

export interface HarvestStart {
  from: string | null;
  resumed: boolean;
  /** When the lease lapses unless the run renews it (a process that died holds it no longer). */
  leaseUntil: string;
}

export interface HarvestEnd {
  outcome: Exclude<HarvestOutcome, "running">;
  error: string | null;
  /** A completed list's first response date: the source's next `from`. */
  lastResponseDate?: string;
}

export interface HarvestStore {
  /** The source, made for `organisation` on first use. */
  source(key: HarvestSourceKey, organisation: string): Promise<HarvestSource>;
  listSources(): Promise<HarvestSourceListing[]>;
  /**
   * Starts a run on the source and takes its lease until `leaseUntil`: StateError
   * "harvest-running" while another run holds an unexpired lease. A run an earlier process left
   * running (its lease expired) is closed as interrupted.
   */
  beginRun(source: number, start: HarvestStart): Promise<HarvestRun>;
  /** Adds a page's counts and refusals to the run, keeps the list's position, extends the lease. */
  progress(run: number, progress: HarvestProgress, leaseUntil: string): Promise<void>;
  /** Extends the run's lease (its heartbeat); false when the run holds it no longer. */
  renewLease(run: number, leaseUntil: string): Promise<boolean>;
  /**
   * Ends the run and releases the lease; a completed run's `lastResponseDate` becomes the source's
   * next `from` and its pending list is cleared.
   */
  finishRun(run: number, end: HarvestEnd): Promise<HarvestRun>;
  refusals(run: number): Promise<HarvestRefusal[]>;
}

export const NO_COUNTS: HarvestCounts = {
  pages: 0,
  records: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  deleted: 0,
  refused: 0,
};

/** A harvest_sources row, either engine. */
export interface HarvestSourceRow {
  id: number;
  url: string;
  set_spec: string;
  metadata_prefix: string;
  organisation: string;
  granularity: string | null;
  last_response_date: string | null;
  pending_token: string | null;
  pending_from: string | null;
  pending_response_date: string | null;
  created: string;
  updated: string;
}

/** A harvest_runs row, either engine (PostgreSQL hands bigint counts back as strings). */
export interface HarvestRunRow {
  id: number | string;
  source_id: number | string;
  started: string;
  finished: string | null;
  outcome: HarvestOutcome;
  request_from: string | null;
  resumed: number | boolean;
  pages: number | string;
  records: number | string;
  records_created: number | string;
  records_updated: number | string;
  records_unchanged: number | string;
  records_deleted: number | string;
  records_refused: number | string;
  error: string | null;
}

export interface HarvestRefusalRow {
  run_id: number | string;
  oai_identifier: string;
  urn: string | null;
  code: string;
  reason: string;
  at: string;
}

export function toHarvestSource(row: HarvestSourceRow): HarvestSource {
  return {
    id: Number(row.id),
    url: row.url,
    set: row.set_spec,
    metadataPrefix: row.metadata_prefix,
    organisation: row.organisation,
    granularity: row.granularity,
    lastResponseDate: row.last_response_date,
    pending:
      row.pending_token === null || row.pending_response_date === null
        ? null
        : {
            token: row.pending_token,
            from: row.pending_from,
            responseDate: row.pending_response_date,
          },
    created: row.created,
    updated: row.updated,
  };
}

export function toHarvestRun(row: HarvestRunRow): HarvestRun {
  return {
    id: Number(row.id),
    source: Number(row.source_id),
    started: row.started,
    finished: row.finished,
    outcome: row.outcome,
    from: row.request_from,
    resumed: row.resumed === true || row.resumed === 1,
    pages: Number(row.pages),
    records: Number(row.records),
    created: Number(row.records_created),
    updated: Number(row.records_updated),
    unchanged: Number(row.records_unchanged),
    deleted: Number(row.records_deleted),
    refused: Number(row.records_refused),
    error: row.error,
  };
}

export function toHarvestRefusal(row: HarvestRefusalRow): HarvestRefusal {
  return {
    run: Number(row.run_id),
    oaiIdentifier: row.oai_identifier,
    urn: row.urn,
    code: row.code,
    reason: row.reason,
    at: row.at,
  };
}
