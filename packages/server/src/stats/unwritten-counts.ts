// Resolution counts a statistics flush could not write (the database stopped, restarts, fails
// over, or its file cannot be written), kept to be written by a later flush rather than lost.
// The three kinds a flush writes are kept apart, as each is its own statement: the per-namespace
// daily counts, the per-bucket rows and the per-URN rows. Each is added up by its key, so a long
// outage grows them only with new keys, not with every flush; each has a bound past which its
// oldest keys are dropped and their counts reported as lost, so memory stays bounded however
// long the database is away.
// A write takes a copy of what it sends and, once it succeeded, subtracts exactly that: counts
// added meanwhile (the midnight hand-over adds outside the flush) stay.

import type { ResolutionCount, ResolutionStat, UrnResolutionStat } from "../storage/stats.js";

/** Per-namespace and per-bucket keys kept at most (a key is a day and bucket: a few per prefix). */
export const UNWRITTEN_ROW_BOUND = 100_000;

/** What was dropped to stay within the bounds: resolutions (per-bucket rows) and URN counts. */
export interface Dropped {
  resolutions: number;
  urnCounts: number;
}

/** Counts added up by key, oldest key first; past `bound` keys the oldest are dropped. */
class Tallies<Row extends { count: number }> {
  readonly #rows = new Map<string, Row>();
  readonly #key: (row: Row) => string;
  readonly #bound: number;
  /** How much of a row counts as lost when it is dropped. */
  readonly #weight: (row: Row) => number;
  readonly #merge: (into: Row, row: Row, sign: 1 | -1) => void;

  constructor(
    key: (row: Row) => string,
    bound: number,
    weight: (row: Row) => number,
    merge: (into: Row, row: Row, sign: 1 | -1) => void,
  ) {
    this.#key = key;
    this.#bound = bound;
    this.#weight = weight;
    this.#merge = merge;
  }

  get size(): number {
    return this.#rows.size;
  }

  /** Adds `rows`; the weight of what had to be dropped. */
  add(rows: Iterable<Row>): number {
    for (const row of rows) {
      const k = this.#key(row);
      const held = this.#rows.get(k);
      if (held === undefined) this.#rows.set(k, { ...row });
      else this.#merge(held, row, 1);
    }
    let dropped = 0;
    for (const [k, row] of this.#rows) {
      if (this.#rows.size <= this.#bound) break;
      dropped += this.#weight(row);
      this.#rows.delete(k);
    }
    return dropped;
  }

  /** Copies of the first `limit` rows, oldest first. */
  first(limit = Number.POSITIVE_INFINITY): Row[] {
    const out: Row[] = [];
    for (const row of this.#rows.values()) {
      if (out.length >= limit) break;
      out.push({ ...row });
    }
    return out;
  }

  /** Takes `rows` (copies first() gave) off: they were written. */
  written(rows: readonly Row[]): void {
    for (const row of rows) {
      const k = this.#key(row);
      const held = this.#rows.get(k);
      if (held === undefined) continue;
      this.#merge(held, row, -1);
      if (this.#weight(held) <= 0) this.#rows.delete(k);
    }
  }

  /** The weight of everything held. */
  weight(): number {
    let sum = 0;
    for (const row of this.#rows.values()) sum += this.#weight(row);
    return sum;
  }
}

const addCount = <Row extends { count: number }>(into: Row, row: Row, sign: 1 | -1) => {
  into.count += sign * row.count;
};

export class UnwrittenCounts {
  readonly namespaceCounts: Tallies<ResolutionCount>;
  readonly resolutions: Tallies<ResolutionStat>;
  readonly urns: Tallies<UrnResolutionStat>;

  constructor(urnBound: number, rowBound = UNWRITTEN_ROW_BOUND) {
    this.namespaceCounts = new Tallies(
      (r) => `${r.day} ${r.nid}`,
      rowBound,
      (r) => r.count,
      addCount,
    );
    this.resolutions = new Tallies(
      (r) => `${r.day} ${r.nid} ${r.prefix} ${r.organisation} ${r.outcome} ${r.bot}`,
      rowBound,
      (r) => r.count,
      addCount,
    );
    this.urns = new Tallies(
      (r) => `${r.day} ${r.record}`,
      urnBound,
      (r) => r.count + r.bots,
      (into, row, sign) => {
        into.count += sign * row.count;
        into.bots += sign * row.bots;
      },
    );
  }

  get empty(): boolean {
    return this.namespaceCounts.size + this.resolutions.size + this.urns.size === 0;
  }

  /** Adds a flush's bucket rows (and their per-namespace sums) and URN rows; what was dropped. */
  add(resolutions: readonly ResolutionStat[], urns: readonly UrnResolutionStat[]): Dropped {
    this.namespaceCounts.add(resolutions.map(({ nid, day, count }) => ({ nid, day, count })));
    return { resolutions: this.resolutions.add(resolutions), urnCounts: this.urns.add(urns) };
  }

  /** What is held, for the log: resolutions and URN counts not written yet. */
  held(): Dropped {
    return { resolutions: this.resolutions.weight(), urnCounts: this.urns.weight() };
  }
}
