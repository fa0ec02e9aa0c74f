// Daily resolution counts per namespace: counted in memory and written in one transaction every
// few seconds, so resolving never waits on a write.

import type { ResolutionCount, Store } from "./storage/store.js";

export class ResolutionCounter {
  readonly #store: Store;
  readonly #pending = new Map<string, number>();
  readonly #timer: NodeJS.Timeout;

  constructor(store: Store, flushMs = 5000) {
    this.#store = store;
    this.#timer = setInterval(() => void this.flush(), flushMs);
    this.#timer.unref();
  }

  #dayNumber = -1;
  #day = "";

  /** Today's date (UTC), formatted once a day rather than once a resolution. */
  #today(): string {
    const n = Math.floor(Date.now() / 86400000);
    if (n !== this.#dayNumber) {
      this.#dayNumber = n;
      this.#day = new Date(n * 86400000).toISOString().slice(0, 10);
    }
    return this.#day;
  }

  add(nid: string): void {
    const key = `${nid.toLowerCase()} ${this.#today()}`;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const counts: ResolutionCount[] = [];
    for (const [key, count] of this.#pending) {
      const [nid, day] = key.split(" ") as [string, string];
      counts.push({ nid, day, count });
    }
    this.#pending.clear();
    await this.#store.addResolutionCounts(counts);
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
