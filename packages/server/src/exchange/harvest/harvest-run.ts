// One harvest of an OAI-PMH source into the registry (OAI-PMH 2.0 §3.3.1 selective harvesting by
// date, §3.5 flow control): ListRecords from the last list's response date, page after page along
// the resumption tokens, each record's URN–URL pairs written as the organisation (apply-pair.ts),
// a URN its source does not have in use as such (apply-source-status.ts), or in urnkit's native
// format the record with its status and successor (apply-native.ts).
// Each page's records with the run's counts, its refusals and the next resumption token are stored
// in one transaction where the engine gives one (always on PostgreSQL, for a sole writer on
// SQLite; otherwise the progress alone is one transaction), so a harvest cut short (a failure, an
// interruption, a killed process) goes on from the page after the last one stored; a page
// written twice changes nothing the second time. The next page is fetched while the current one
// is written.

import { URN } from "@urnkit/core";
import type { RecordContext } from "../../registry/action-context.js";
import { namespaceKey } from "../../registry/namespace-keys.js";
import { actorOf } from "../../registry/operator.js";
import { liveOrganisation } from "../../registry/organisation-scope.js";
import { planRegistration, storeRefusal } from "../../registry/record-actions.js";
import { ConflictError, StateError } from "../../storage/errors.js";
import {
  type HarvestCounts,
  type HarvestProgress,
  type HarvestRefusal,
  type HarvestRun,
  type HarvestSource,
  NO_COUNTS,
} from "../../storage/harvest.js";
import type { NewRecord } from "../../storage/records.js";
import type { Store } from "../../storage/store.js";
import type { Limits } from "../../validation/limits.js";
import { Refusal } from "../../validation/refusal.js";
import { registrationUrn } from "../../validation/urn.js";
import { applyNative } from "./apply-native.js";
import {
  applyPair,
  applyPlan,
  harvestToken,
  type PairOutcome,
  pairRegistration,
  requireUrls,
} from "./apply-pair.js";
import { applySourceStatus } from "./apply-source-status.js";
import {
  baseUrlProblem,
  DEFAULT_CLIENT,
  OaiClient,
  type OaiClientOptions,
  OaiRequestError,
} from "./oai-client.js";
import { OaiFormatError, type OaiRecord, type OaiResponse } from "./oai-response.js";
import { pageReads } from "./page-reads.js";
import { recordPairs } from "./record-pairs.js";

export const METADATA_PREFIXES = ["oai_dc", "epicur", "urnkit"] as const;
export type MetadataPrefix = (typeof METADATA_PREFIXES)[number];

export interface HarvestOptions {
  /** The provider's base URL. */
  url: string;
  organisation: string;
  /** A setSpec; "" or absent: the whole repository. */
  set?: string;
  metadataPrefix: MetadataPrefix;
  /** Overrides the stored `from` (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ). */
  from?: string;
  limits: Limits;
  client?: Partial<OaiClientOptions>;
  /** How long a run's lease lasts between two renewals (default a minute, renewed every third). */
  leaseMs?: number;
  /** URNs written at a time (default 8): engines in another process answer while others wait. */
  concurrency?: number;
  /**
   * This process is the database connection's only writer (the command line): each page and its
   * progress are then written in one transaction on SQLite too (soleWriterBatch). PostgreSQL
   * writes each page in one transaction whatever this says (writeBatch).
   */
  soleWriter?: boolean;
  /** Aborting ends the run as interrupted after the page being written; the next run goes on. */
  signal?: AbortSignal;
  onPage?: (page: { run: number; counts: HarvestCounts; listSize: number | null }) => void;
  onRefusal?: (refusal: Omit<HarvestRefusal, "run" | "at">) => void;
}

export interface HarvestReport {
  source: HarvestSource;
  run: HarvestRun;
  /** HTTP requests sent, retries included. */
  requests: number;
  /** The pauses taken before retries, in ms. */
  waits: number[];
}

/**
 * A run holds its source for a minute at a time and renews the lease every third of that while it
 * runs (a heartbeat, however long a page takes), so the lease of a process that died lapses
 * within a minute and the next run can take the source.
 */
const LEASE_MS = 60_000;

/** A datestamp cut to the provider's granularity (§3.3.2: `from` must use it). */
export function atGranularity(date: string, granularity: string | null): string {
  if (granularity === "YYYY-MM-DD") return date.slice(0, 10);
  const seconds = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})/.exec(date);
  return seconds === null ? date.slice(0, 10) : `${seconds[1]}Z`;
}

function leaseUntil(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}

function oaiFailure(response: OaiResponse): string {
  return response.errors.map((e) => `${e.code}: ${e.message}`).join("; ");
}

/** URNs written between turns of the event loop. */
const YIELD_EVERY = 64;

type PairResult = PairOutcome | Omit<HarvestRefusal, "run" | "at">;

/**
 * A harvested URN parsed: the one parse of the record's text, which every write of it is given;
 * the refusal when it is not a URN, thrown when the URN is written.
 */
function harvestedUrn(text: string, limits: Limits): URN | Refusal {
  try {
    return registrationUrn(text, limits);
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}

/** A URN of the page to write, as the record names it. */
interface HarvestedEntry {
  record: number;
  urn: string;
  /** The URN's URLs (oai_dc, epicur); absent for a native record or a URN not in use. */
  urls?: readonly string[];
  /** Writes the URN on its own: plans against the store, then writes. */
  write: (urn: URN) => Promise<PairOutcome>;
}

/** One URN of a page to write: its record's place in the page and its own in the record. */
interface PageUrn extends Omit<HarvestedEntry, "write"> {
  slot: number;
  /** The URN, or why it is refused (a pair without URLs, then a text that is not a URN). */
  parsed: () => URN;
  /** Writes it on its own: plans against the store, then writes. */
  write: () => Promise<PairOutcome>;
  /** Writes its plan made with the page's reads, when one was made and is not a new record. */
  planned?: () => Promise<PairOutcome>;
}

/**
 * Writes one page's records. The pairs of URNs new here are planned with the page's reads
 * (page-reads.ts) and created as one set (records.createMany); every other URN (one registered
 * already, a reserved one, one not in use at the source, a native record, a later spelling of a
 * URN of the page, a new one that another writer registered meanwhile) is written on its own
 * after it, up to `concurrency` URNs at a time, one URN's writes in order. Counts and refusals
 * come out in the page's order. Refusals are collected, never dropped.
 */
async function applyRecords(
  ctx: RecordContext,
  organisation: string,
  records: readonly OaiRecord[],
  concurrency: number,
): Promise<HarvestProgress> {
  const token = harvestToken(organisation);
  const page: HarvestProgress = { ...NO_COUNTS, pages: 1, refusals: [], pending: null };
  const results: PairResult[][] = records.map(() => []);
  const groups = new Map<string, PageUrn[]>();
  const add = (entry: HarvestedEntry) => {
    const urn = harvestedUrn(entry.urn, ctx.limits);
    // Two spellings of one URN share a key, so that they are written one after the other.
    const key = urn instanceof URN ? namespaceKey(urn) : entry.urn;
    const group = groups.get(key) ?? [];
    if (group.length === 0) groups.set(key, group);
    const parsed = () => {
      if (entry.urls !== undefined) requireUrls(entry.urn, entry.urls);
      if (urn instanceof Refusal) throw urn;
      return urn;
    };
    group.push({
      ...entry,
      parsed,
      write: async () => entry.write(parsed()),
      slot: (results[entry.record] ?? []).push("unchanged") - 1,
    });
  };
  const settle = (entry: PageUrn, result: PairResult) => {
    (results[entry.record] ?? [])[entry.slot] = result;
  };
  const refusal = (entry: PageUrn, error: unknown): PairResult => {
    if (!(error instanceof Refusal)) throw error;
    const oaiIdentifier = records[entry.record]?.identifier ?? "";
    return { oaiIdentifier, urn: entry.urn, code: error.code, reason: error.message };
  };
  records.forEach((record, i) => {
    if (record.deleted) return;
    const native = record.native;
    if (native !== null && native.urn !== "") {
      add({ record: i, urn: native.urn, write: (urn) => applyNative(ctx, token, urn, native) });
      return;
    }
    const { urns, urls, notInUse } = recordPairs(record);
    if (urns.length === 0)
      results[i]?.push({
        oaiIdentifier: record.identifier,
        urn: null,
        code: "no-urn",
        reason: "the record's metadata names no URN",
      });
    for (const urn of urns) {
      const stated = notInUse.get(urn);
      add(
        stated === undefined
          ? { record: i, urn, urls, write: (parsed) => applyPair(ctx, token, parsed, urls) }
          : {
              record: i,
              urn,
              write: (parsed) => applySourceStatus(ctx, token, parsed, stated),
            },
      );
    }
  });

  // Each URN's first pair planned against the page's reads: the new ones become one set.
  const reads = await pageReads(ctx.store, [...groups.keys()]);
  const creating: { entry: PageUrn; group: PageUrn[]; input: NewRecord }[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (first?.urls === undefined) continue;
    const { urls } = first;
    try {
      const urn = first.parsed();
      const input = pairRegistration(urn, urls);
      const plan = await planRegistration(ctx, token, input, reads);
      if (plan.kind === "create") {
        creating.push({ entry: first, group, input: plan.input });
        group.shift();
      } else first.planned = () => applyPlan(ctx, token, urn, input.locators ?? [], plan);
    } catch (error) {
      settle(first, refusal(first, error));
      group.shift();
    }
  }
  const outcomes = await ctx.store.records.createMany(
    creating.map((c) => c.input),
    actorOf(token),
  );
  outcomes.forEach((outcome, i) => {
    const { entry, group } = creating[i] as (typeof creating)[number];
    // Registered by another writer since the page's reads: written on its own, as an update.
    if (outcome instanceof ConflictError) group.unshift(entry);
    else if (outcome instanceof StateError) settle(entry, refusal(entry, storeRefusal(outcome)));
    else settle(entry, "created");
  });

  const queue = [...groups.values()].filter((group) => group.length > 0);
  let written = 0;
  const worker = async () => {
    for (let group = queue.shift(); group !== undefined; group = queue.shift())
      for (const entry of group) {
        // An engine that answers at once (SQLite) never lets the event loop turn: a turn now and
        // then lets the next page arrive while this one is written.
        if (++written % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
        let result: PairResult;
        try {
          result = await (entry.planned ?? entry.write)();
        } catch (error) {
          result = refusal(entry, error);
        }
        settle(entry, result);
      }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  records.forEach((record, i) => {
    page.records++;
    if (record.deleted) page.deleted++;
    for (const result of results[i] ?? []) {
      if (typeof result === "string") page[result]++;
      else {
        page.refused++;
        page.refusals.push(result);
      }
    }
  });
  return page;
}

/** The source's run: its stored `from`, or the list an earlier run left unfinished. */
export async function harvest(store: Store, options: HarvestOptions): Promise<HarvestReport> {
  const clientOptions = { ...DEFAULT_CLIENT, ...options.client };
  // A source URL that can never be asked (a private address without allowPrivate) is refused
  // before it becomes a source with a failed run.
  const problem = baseUrlProblem(options.url, clientOptions);
  if (problem !== null) throw new Refusal("bad-request", problem.code, problem.message);
  await liveOrganisation(store, options.organisation);
  const key = { url: options.url, set: options.set ?? "", metadataPrefix: options.metadataPrefix };
  const source = await store.harvest.source(key, options.organisation);
  if (source.organisation !== options.organisation)
    throw new Refusal(
      "conflict",
      "other-organisation",
      `${options.url} (set "${key.set}", ${key.metadataPrefix}) is harvested for organisation "${source.organisation}", not "${options.organisation}"`,
    );
  const client = new OaiClient(options.url, clientOptions);
  const lease = options.leaseMs ?? LEASE_MS;
  // Identify's granularity decides how `from` is written; a provider that cannot answer it
  // fails the run before any list is asked.
  let granularity: string | null = null;
  let unreachable: string | null = null;
  try {
    const identify = await client.request({ verb: "Identify" });
    if (identify.errors.length > 0) unreachable = `Identify answered ${oaiFailure(identify)}`;
    granularity = identify.granularity;
  } catch (error) {
    if (!(error instanceof OaiRequestError || error instanceof OaiFormatError)) throw error;
    unreachable = `Identify: ${error.message}`;
  }

  const pending = options.from === undefined ? source.pending : null;
  const from =
    pending?.from ??
    options.from ??
    (source.lastResponseDate === null ? null : atGranularity(source.lastResponseDate, granularity));
  let run: HarvestRun;
  try {
    run = await store.harvest.beginRun(source.id, {
      from,
      resumed: pending !== null,
      leaseUntil: leaseUntil(lease),
    });
  } catch (error) {
    if (error instanceof StateError) throw new Refusal("conflict", error.code, error.message);
    throw error;
  }
  const ctx: RecordContext = { store, limits: options.limits };
  // A page and its progress in one transaction where the engine can give one.
  const batch =
    store.writeBatch?.bind(store) ??
    (options.soleWriter === true ? store.soleWriterBatch?.bind(store) : undefined);
  const concurrency = options.concurrency ?? 8;
  const counts: HarvestCounts = { ...NO_COUNTS };
  const listParams = (): Record<string, string> => ({
    verb: "ListRecords",
    metadataPrefix: options.metadataPrefix,
    ...(key.set === "" ? {} : { set: key.set }),
    ...(from === null ? {} : { from }),
  });
  const finish = async (
    outcome: "completed" | "failed" | "interrupted",
    error: string | null,
    lastResponseDate?: string,
  ): Promise<HarvestReport> => ({
    source,
    run: await store.harvest.finishRun(run.id, {
      outcome,
      error,
      ...(lastResponseDate === undefined ? {} : { lastResponseDate }),
    }),
    requests: client.requests,
    waits: client.waits,
  });

  if (unreachable !== null) return finish("failed", unreachable);

  let listDate = pending?.responseDate ?? null;
  /** The token the awaited page was asked with (null: the list's first page). */
  let asked = pending?.token ?? null;
  let restarted = false;
  // A renewal that fails (the database away for a moment) is tried again at the next beat.
  const heartbeat = setInterval(
    () => void store.harvest.renewLease(run.id, leaseUntil(lease)).catch(() => undefined),
    Math.max(250, Math.floor(lease / 3)),
  );
  heartbeat.unref();
  let next: Promise<OaiResponse> = client.request(
    asked === null ? listParams() : { verb: "ListRecords", resumptionToken: asked },
  );
  try {
    for (;;) {
      const response = await next;
      const code = response.errors[0]?.code;
      if (code === "noRecordsMatch") {
        await store.harvest.progress(
          run.id,
          { ...NO_COUNTS, refusals: [], pending: null, granularity },
          leaseUntil(lease),
        );
        return await finish("completed", null, listDate ?? response.responseDate ?? undefined);
      }
      if (code === "badResumptionToken" && asked !== null && !restarted) {
        // The token expired (an interrupted list's, or between two pages): the list is asked
        // again from its start, once (the pages already written change nothing the second time).
        restarted = true;
        listDate = null;
        asked = null;
        next = client.request(listParams());
        continue;
      }
      if (code !== undefined)
        return await finish("failed", `the provider answered ${oaiFailure(response)}`);
      listDate ??= response.responseDate ?? new Date().toISOString();
      const token = response.resumptionToken?.value ?? "";
      // A provider answering a token with the same token would be asked for ever.
      const repeated = token !== "" && token === asked;
      asked = token === "" ? null : token;
      // Fetched while this page is written; a failure is read when it is awaited.
      if (token !== "" && !repeated) {
        next = client.request({ verb: "ListRecords", resumptionToken: token });
        next.catch(() => undefined);
      }
      const progress = {
        pending: token === "" ? null : { token, from, responseDate: listDate },
        granularity,
      };
      const write = async () => {
        const page = await applyRecords(ctx, options.organisation, response.records, concurrency);
        await store.harvest.progress(run.id, { ...page, ...progress }, leaseUntil(lease));
        return page;
      };
      const page = batch === undefined ? await write() : await batch(write);
      for (const k of Object.keys(NO_COUNTS) as (keyof HarvestCounts)[]) counts[k] += page[k];
      for (const r of page.refusals) options.onRefusal?.(r);
      options.onPage?.({
        run: run.id,
        counts: { ...counts },
        listSize: response.resumptionToken?.completeListSize ?? null,
      });
      if (token === "") return await finish("completed", null, listDate);
      if (repeated)
        return await finish(
          "failed",
          `the provider answered resumption token ${token} with itself`,
        );
      if (options.signal?.aborted)
        return await finish("interrupted", "stopped; the next run goes on from here");
    }
  } catch (error) {
    if (error instanceof OaiRequestError || error instanceof OaiFormatError)
      return await finish("failed", error.message);
    await finish("failed", error instanceof Error ? error.message : String(error)).catch(
      () => undefined,
    );
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
