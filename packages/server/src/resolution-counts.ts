// Daily resolution counts per namespace: counted in memory and written in one transaction every
// few seconds, so resolving never waits on a write. Only namespaces served here are counted by
// name; every other NID shares one bucket, so made-up namespaces cannot grow the table.

import type { ResolutionCount, Store } from "./storage/store.js";

const DAY_MS = 86400000;

/** The bucket of resolutions in namespaces not served here (not a valid NID, so never one). */
export const ELSEWHERE = "(elsewhere)";

/** The UTC date of `ms`, as YYYY-MM-DD. */
function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export class ResolutionCounter {
  readonly #store: Store;
  readonly #flushTimer: NodeJS.Timeout;
  #midnightTimer: NodeJS.Timeout | undefined;
  /** The day being counted, and its counts by NID. */
  #day = dayOf(Date.now());
  #counts = new Map<string, number>();
  /** Counts of days that ended before they were written. */
  readonly #ended: ResolutionCount[] = [];

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

  #endDay(): void {
    for (const [nid, count] of this.#counts) this.#ended.push({ nid, day: this.#day, count });
    this.#counts = new Map();
    this.#day = dayOf(Date.now());
  }

  add(nid: string): void {
    const key = nid.toLowerCase();
    this.#counts.set(key, (this.#counts.get(key) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    const counts = this.#ended.splice(0);
    for (const [nid, count] of this.#counts) counts.push({ nid, day: this.#day, count });
    this.#counts.clear();
    if (counts.length > 0) await this.#store.addResolutionCounts(counts);
  }

  async close(): Promise<void> {
    clearInterval(this.#flushTimer);
    clearTimeout(this.#midnightTimer);
    await this.flush();
  }
}
