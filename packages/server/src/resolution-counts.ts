// Resolution statistics: each resolution counted in memory under its day, namespace, prefix,
// organisation, outcome and whether a crawler asked, and, for a URN registered here, under the
// URN; written in one transaction every few seconds, so resolving never waits on a write.
// Storage stays bounded whatever clients ask for: only namespaces served here are counted by
// name (every other NID shares one bucket), prefixes are the registered ones (from the
// namespace's cached routes), outcomes are six, and only registered URNs get a row of their
// own (one a day). A made-up URN or NID adds to an existing bucket, never a row.

import { CrawlerCheck } from "./crawlers.js";
import type { Lookup } from "./resolver.js";
import type { Outcome, ResolutionStat, UrnResolutionStat } from "./storage/stats.js";
import type { ResolutionCount, Store } from "./storage/store.js";

const DAY_MS = 86400000;

/** URN rows written in one go. */
const URNS_A_WRITE = 2000;

/** The bucket of resolutions in namespaces not served here (not a valid NID, so never one). */
export const ELSEWHERE = "(elsewhere)";

/** A lookup that found something to count: every kind but a malformed URN. */
export type Counted = Exclude<Lookup, { kind: "malformed" }>;

/** The UTC date of `ms`, as YYYY-MM-DD. */
function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** One day's counts as they are written. */
interface Batch {
  resolutions: ResolutionStat[];
  urns: UrnResolutionStat[];
}

/** Per NID and day, for the per-namespace counts (GET /api/v1/stats/resolutions). */
function perNamespace(resolutions: readonly ResolutionStat[]): ResolutionCount[] {
  const sums = new Map<string, ResolutionCount>();
  for (const r of resolutions) {
    const k = `${r.day} ${r.nid}`;
    const sum = sums.get(k);
    if (sum === undefined) sums.set(k, { nid: r.nid, day: r.day, count: r.count });
    else sum.count += r.count;
  }
  return [...sums.values()];
}

export class ResolutionCounter {
  readonly #store: Store;
  readonly #flushTimer: NodeJS.Timeout;
  readonly #crawlers = new CrawlerCheck();
  #midnightTimer: NodeJS.Timeout | undefined;
  /** The day being counted, and its counts by bucket and by URN key. */
  #day = dayOf(Date.now());
  #buckets = new Map<string, ResolutionStat>();
  #urns = new Map<string, UrnResolutionStat>();
  /** Counts of days that ended before they were written. */
  readonly #ended: Batch = { resolutions: [], urns: [] };

  constructor(store: Store, flushMs = 5000) {
    this.#store = store;
    this.#flushTimer = setInterval(() => void this.flush(), flushMs);
    this.#flushTimer.unref();
    this.#armMidnight();
  }

  // The day changes on a timer at midnight (UTC) rather than being read on every resolution.
  #armMidnight(): void {
    const now = Date.now();
    this.#midnightTimer = setTimeout(
      () => {
        this.#endDay();
        this.#armMidnight();
      },
      DAY_MS - (now % DAY_MS),
    );
    this.#midnightTimer.unref();
  }

  #take(): Batch {
    const batch = { resolutions: [...this.#buckets.values()], urns: [...this.#urns.values()] };
    this.#buckets = new Map();
    this.#urns = new Map();
    return batch;
  }

  #endDay(): void {
    const batch = this.#take();
    this.#ended.resolutions.push(...batch.resolutions);
    this.#ended.urns.push(...batch.urns);
    this.#day = dayOf(Date.now());
  }

  /**
   * Counts one resolution: the one call both resolution paths make (through answer() in
   * http/resolution-reply.ts).
   */
  add(found: Counted, outcome: Outcome, userAgent: string | undefined): void {
    const ns = found.ns;
    const nid = ns?.nid ?? ELSEWHERE;
    const owner = ns === null ? null : ns.routes.owner(found.key);
    const prefix = owner?.prefix ?? "";
    const bot = this.#crawlers.isCrawler(userAgent);
    const k = `${nid} ${prefix} ${outcome} ${bot ? 1 : 0}`;
    const bucket = this.#buckets.get(k);
    if (bucket !== undefined) bucket.count++;
    else
      this.#buckets.set(k, {
        day: this.#day,
        nid,
        prefix,
        organisation: owner?.organisation ?? "",
        outcome,
        bot,
        count: 1,
      });
    if (found.kind !== "found") return;
    const urn = this.#urns.get(found.key);
    if (urn === undefined)
      this.#urns.set(found.key, {
        day: this.#day,
        key: found.key,
        nid,
        prefix,
        organisation: owner?.organisation ?? "",
        count: bot ? 0 : 1,
        bots: bot ? 1 : 0,
      });
    else if (bot) urn.bots++;
    else urn.count++;
  }

  async flush(): Promise<void> {
    const batch = this.#take();
    const resolutions = [...this.#ended.resolutions.splice(0), ...batch.resolutions];
    const urns = [...this.#ended.urns.splice(0), ...batch.urns];
    if (resolutions.length === 0) return;
    await this.#store.addResolutionCounts(perNamespace(resolutions));
    await this.#store.addStats(resolutions, urns.slice(0, URNS_A_WRITE));
    // A busy resolver sees many URNs between flushes: written a slice at a time, with the event
    // loop free in between, so that requests are not held up behind one long write (SQLite writes
    // in this process).
    for (let i = URNS_A_WRITE; i < urns.length; i += URNS_A_WRITE) {
      await new Promise((resolve) => setImmediate(resolve));
      await this.#store.addStats([], urns.slice(i, i + URNS_A_WRITE));
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#flushTimer);
    clearTimeout(this.#midnightTimer);
    await this.flush();
  }
}
