// Resolution statistics: each resolution counted in memory under its day, namespace, prefix,
// organisation, outcome and whether a crawler asked, and, for a URN registered here, under the
// URN; written in one transaction every few seconds, so resolving never waits on a write.
// Storage stays bounded whatever clients ask for: only namespaces served here are counted by
// name (every other NID shares one bucket), prefixes are the registered ones (from the
// namespace's cached routes), outcomes are six, and only registered URNs get a row of their
// own (one a day). A made-up URN or NID adds to an existing bucket, never a row.
// A URN's counts are held in memory for a minute (or until URN_HOLD_BOUND URNs are held), then
// appended to a log in chunks, and rolled up into its row of the day once the day has ended
// (storage/stats-log.ts); while the log is at its bound, they are added to that row at once.
// A write that fails (the database is away) keeps what it did not write (unwritten-counts.ts,
// bounded) and is tried again with backoff; the process goes on counting meanwhile.

import type { Lookup } from "../resolution/resolver.js";
import { Backoff } from "../runtime/backoff.js";
import { SILENT_LOG, type TaskLog } from "../runtime/task-log.js";
import { unavailableReason } from "../storage/database-unavailable.js";
import type { Namespace } from "../storage/namespaces.js";
import type { PrefixRoute } from "../storage/prefix-routes.js";
import {
  OUTCOMES,
  type Outcome,
  type ResolutionStat,
  type UrnResolutionStat,
} from "../storage/stats.js";
import type { Store } from "../storage/store.js";
import { CrawlerCheck } from "./crawlers.js";
import { HeldUrnCounts } from "./held-urn-counts.js";
import { type Dropped, UnwrittenCounts } from "./unwritten-counts.js";

const DAY_MS = 86400000;

/**
 * URNs written in one go: a write holds the event loop for as long as it takes (about 0.5 µs a
 * URN, most of it the chunks' JSON), so 2,000 keep a stall near 1 ms.
 */
const URNS_A_WRITE = 2000;

/**
 * URNs added straight to their rollup rows in one go, while the log is full. A URN new to the
 * day inserts a row somewhere in the day's part of the rollup: about 12 µs of CPU under load
 * when the writes go in record order and records sit in key order too (the sustained bench), 35
 * µs at random, so 250 stall 3 to 9 ms.
 */
const URNS_A_DIRECT_WRITE = 250;

/**
 * Log chunks rolled up in one go (storage/stats-log.ts, up to 250 URNs a chunk): rolling a URN up
 * costs about 20 µs (reading it from the log, adding to its row of the rollup, removing it), so a
 * slice stalls about 5 ms.
 */
const ROLL_UP_SLICE = 1;

/**
 * How many chunks the URN log may hold: at most 4M URN counts, about 250 MB in SQLite. Rolled up
 * once a day, after midnight, when the day's counts are all in. Past the bound, URN counts go
 * straight to their rollup rows until then, rather than the log being rolled up under load (the
 * same inserts, with the log's read and guarded removal on top).
 */
export const URN_LOG_BOUND = 16_000;

/**
 * How long a URN's counts are held in memory before they are appended to the log. Each append
 * costs a log entry for every URN resolved since the last, and every entry costs about 20 µs to
 * roll up: appended every 5 s, a busy resolver's counts (100,000 URNs a flush) would outrun the
 * roll-up; held a minute, the same traffic costs a twelfth of that. What a crash (not a stop,
 * which writes everything) can lose is the last minute of counts per URN; the counts by
 * namespace, prefix and organisation are written at every flush.
 */
export const URN_HOLD_MS = 60_000;

/** URNs held at most (about 20 bytes each): more are appended at the next flush. */
export const URN_HOLD_BOUND = 250_000;

/** How often the counts are written (the URNs' when they are due). */
const FLUSH_MS = 5000;

/** What tests and benchmarks change; the defaults are the constants above. */
export interface CounterOptions {
  flushMs?: number;
  logBound?: number;
  holdMs?: number;
  holdBound?: number;
  /** URN counts kept at most while writes fail (default URN_HOLD_BOUND); the oldest go past it. */
  unwrittenBound?: number;
  /** The longest wait between tries while writes fail (default 30 s); the first is 0.5 s. */
  retryMaxMs?: number;
  /** Where failed writes, losses and recovery are reported (the server's logger). */
  log?: TaskLog;
}

/** The longest wait before a failed write is tried again. */
const RETRY_MAX_MS = 30_000;

/** URN counts taken to be written, made into rows a slice at a time. */
interface TakenUrns {
  readonly length: number;
  slice(start: number, end: number): UrnResolutionStat[];
}

const NO_URNS: TakenUrns = { length: 0, slice: () => [] };

/** The bucket of resolutions in namespaces not served here (not a valid NID, so never one). */
export const ELSEWHERE = "(elsewhere)";

/** A lookup that found something to count: every kind but a malformed URN. */
export type Counted = Exclude<Lookup, { kind: "malformed" }>;

/** The UTC date of `ms`, as YYYY-MM-DD. */
function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Where an outcome's people and crawler counts sit in a tally: two slots an outcome. */
const SLOT = Object.fromEntries(OUTCOMES.map((o, i) => [o, 2 * i])) as Record<Outcome, number>;

/** What a count is counted under besides its day, outcome and whether a crawler asked. */
interface Dimensions {
  nid: string;
  prefix: string;
  organisation: string;
}

/** One bucket's counts of the day: per outcome, people then crawlers. */
interface Tally {
  counts: number[];
  /** Its dimensions' number in the counter's table (what a held URN refers to too). */
  dims: number;
}

/**
 * Resolutions buffered before they are added up: at most this many (7 MB), then added up at
 * once. A resolution is appended (its namespace and prefix, its outcome, its record's id), not
 * counted in a map: a busy resolver sees 100,000 URNs between flushes, and a map that size,
 * updated at random between two requests' network and database work, missed the processor's
 * caches on every resolution, where the buffer is written in order and added up in sorted
 * passes (held-urn-counts.ts). Its bucket's tally is found when the buffer is added up too: a
 * lookup among a thousand prefixes' tallies per resolution cost about half a microsecond in
 * cache misses, where a buffer's worth of them in a row find the tallies in the caches.
 */
export const URN_BUFFER = 1 << 18;

/** The tally of resolutions in namespaces not served here. */
const ELSEWHERE_AT = {};

/** One day's counts as they are written. */
interface Batch {
  resolutions: ResolutionStat[];
  urns: TakenUrns;
}

export class ResolutionCounter {
  readonly #store: Store;
  #flushTimer: NodeJS.Timeout | undefined;
  readonly #flushMs: number;
  readonly #log: TaskLog;
  /** The waits between tries while writes fail. */
  readonly #backoff: Backoff;
  /** The write under way, if any: writes go one at a time. */
  #writing: Promise<void> = Promise.resolve();
  /** Writes started or waiting for the one under way. */
  #writesInFlight = 0;
  /** Counts a write could not write (a day that ended, a failed write), to be written next. */
  readonly #unwritten: UnwrittenCounts;
  readonly #crawlers = new CrawlerCheck();
  #midnightTimer: NodeJS.Timeout | undefined;
  /** The day being counted, and its counts by bucket (the URNs' in the buffer below). */
  #day = dayOf(Date.now());
  // Keyed by the prefix route, the namespace (outside every prefix) or ELSEWHERE_AT, all objects
  // that resolution already holds: no key is built per resolution. A namespace read again after
  // a change is a new object and a new tally, with the same dimensions: rows add up on writing.
  #tallies = new Map<PrefixRoute | object, Tally>();
  /**
   * Buffered resolutions: the namespace and prefix route they were found under (null for none;
   * objects resolution holds anyway), their slot in a tally, and the record's id (negative when a
   * crawler asked, 0 for none: ids start at 1). Adding up gives each record its tally's dimensions
   * in `#bufferedDims`.
   */
  readonly #bufferedNs: (Namespace | null)[] = new Array(URN_BUFFER).fill(null);
  readonly #bufferedOwners: (PrefixRoute | null)[] = new Array(URN_BUFFER).fill(null);
  readonly #bufferedSlots = new Uint8Array(URN_BUFFER);
  readonly #buffered = new Float64Array(URN_BUFFER);
  readonly #bufferedDims = new Int32Array(URN_BUFFER);
  #bufferedCount = 0;
  /** The buffer added up, per URN, until the URNs are appended to the log. */
  readonly #held = new HeldUrnCounts();
  /**
   * The dimensions tallies and held URNs are counted under, by number; emptied with the URNs held.
   * A few entries: one per prefix or namespace resolved in.
   */
  #dims: Dimensions[] = [];
  #dimsByKey = new Map<string, number>();
  /** When the URN counts held were last appended to the log (or counting started). */
  #urnsWritten = Date.now();
  readonly #holdMs: number;
  readonly #holdBound: number;
  readonly #logBound: number;
  /** Whether the URN log was past its bound when last seen: URN counts then skip it. */
  #logFull = false;
  /** The roll-up under way, if any: one at a time. */
  #rolling: Promise<void> | undefined;
  #closed = false;

  constructor(store: Store, options: CounterOptions = {}) {
    this.#store = store;
    this.#logBound = options.logBound ?? URN_LOG_BOUND;
    this.#holdMs = options.holdMs ?? URN_HOLD_MS;
    this.#holdBound = options.holdBound ?? URN_HOLD_BOUND;
    this.#unwritten = new UnwrittenCounts(options.unwrittenBound ?? URN_HOLD_BOUND);
    this.#flushMs = options.flushMs ?? FLUSH_MS;
    this.#log = options.log ?? SILENT_LOG;
    this.#backoff = new Backoff({
      initialMs: Math.min(500, this.#flushMs),
      maxMs: options.retryMaxMs ?? RETRY_MAX_MS,
    });
    this.#nextFlush(this.#flushMs);
    this.#armMidnight();
    // Days that ended while no server counted (or before a restart) are rolled up now.
    this.#rollUp(this.#day);
  }

  /**
   * The flush after `ms`: every FLUSH_MS while writes succeed, sooner or later by the backoff
   * while they fail. Never rejects: a failure is logged and its counts kept.
   */
  #nextFlush(ms: number): void {
    if (this.#closed) return;
    this.#flushTimer = setTimeout(() => {
      this.#write(this.#urnsDue()).then(
        () => {
          if (this.#backoff.failures > 0)
            this.#log.info(
              { failedWrites: this.#backoff.failures },
              "resolution statistics: written again after the database came back",
            );
          this.#backoff.reset();
          this.#nextFlush(this.#flushMs);
        },
        (error: unknown) => {
          const retryMs = this.#backoff.next();
          this.#log.warn(
            { reason: unavailableReason(error), retryMs, unwritten: this.#unwritten.held() },
            "resolution statistics not written; kept and tried again",
          );
          this.#nextFlush(retryMs);
        },
      );
    }, ms);
    this.#flushTimer.unref();
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

  /** Whether the URN counts held are due for the log: held long enough, or too many. */
  #urnsDue(): boolean {
    return Date.now() - this.#urnsWritten >= this.#holdMs || this.#held.records >= this.#holdBound;
  }

  /** The buckets' counts, and the URNs' too when `withUrns` says so (else they stay held). */
  #take(withUrns: boolean): Batch {
    this.#addUp();
    // One row a bucket, also where tallies share their dimensions.
    const rows = new Map<string, ResolutionStat>();
    const day = this.#day;
    for (const t of this.#tallies.values()) {
      const { nid, prefix, organisation } = this.#dims[t.dims] as Dimensions;
      t.counts.forEach((count, slot) => {
        if (count === 0) return;
        const k = `${nid} ${prefix} ${slot}`;
        const row = rows.get(k);
        if (row !== undefined) row.count += count;
        else
          rows.set(k, {
            day,
            nid,
            prefix,
            organisation,
            outcome: OUTCOMES[slot >> 1] as Outcome,
            bot: (slot & 1) === 1,
            count,
          });
      });
    }
    this.#tallies = new Map();
    if (!withUrns) return { resolutions: [...rows.values()], urns: NO_URNS };
    const held = this.#held.take();
    // The taken URNs keep the table of their dimensions; the tallies are new, the buffer and the
    // held URNs empty, so the counter starts a new one.
    const table = this.#dims;
    this.#dims = [];
    this.#dimsByKey = new Map();
    const urns: TakenUrns = {
      length: held.length,
      slice: (start, end) =>
        held.slice(start, end).map(({ record, count, bots, dims }) => {
          const { nid, prefix, organisation } = table[dims] as Dimensions;
          return { day, record, nid, prefix, organisation, count, bots };
        }),
    };
    this.#urnsWritten = Date.now();
    return { resolutions: [...rows.values()], urns };
  }

  /**
   * Adds the buffered resolutions up into their tallies and the URNs held, and empties the
   * buffer (letting go of the namespaces and routes it refers to).
   */
  #addUp(): void {
    const n = this.#bufferedCount;
    const ids = this.#buffered;
    const dims = this.#bufferedDims;
    let urns = 0;
    for (let i = 0; i < n; i++) {
      const ns = this.#bufferedNs[i] as Namespace | null;
      const owner = this.#bufferedOwners[i] as PrefixRoute | null;
      const tally = this.#tallyOf(ns, owner);
      const slot = this.#bufferedSlots[i] as number;
      tally.counts[slot] = (tally.counts[slot] as number) + 1;
      const id = ids[i] as number;
      // The records' entries moved up over the others, in order: `urns` never passes `i`.
      if (id !== 0) {
        ids[urns] = id;
        dims[urns] = tally.dims;
        urns += 1;
      }
    }
    this.#bufferedNs.fill(null, 0, n);
    this.#bufferedOwners.fill(null, 0, n);
    this.#held.add(ids, dims, urns);
    this.#bufferedCount = 0;
  }

  /** The tally of resolutions found under `ns` and `owner`, started the first time. */
  #tallyOf(ns: Namespace | null, owner: PrefixRoute | null): Tally {
    const at = owner ?? ns ?? ELSEWHERE_AT;
    let tally = this.#tallies.get(at);
    if (tally === undefined) {
      tally = {
        counts: new Array<number>(2 * OUTCOMES.length).fill(0),
        dims: this.#dimsOf({
          nid: ns?.nid ?? ELSEWHERE,
          prefix: owner?.prefix ?? "",
          organisation: owner?.organisation ?? "",
        }),
      };
      this.#tallies.set(at, tally);
    }
    return tally;
  }

  /** The number of a tally's dimensions, given one the first time they are seen. */
  #dimsOf(d: Dimensions): number {
    const key = `${d.nid}\n${d.prefix}\n${d.organisation}`;
    let n = this.#dimsByKey.get(key);
    if (n === undefined) {
      n = this.#dims.push(d) - 1;
      this.#dimsByKey.set(key, n);
    }
    return n;
  }

  #endDay(): void {
    const batch = this.#take(true);
    this.#keep(batch.resolutions, batch.urns.slice(0, batch.urns.length));
    this.#day = dayOf(Date.now());
    const today = this.#day;
    this.flush().then(
      () => this.#rollUp(today),
      // Kept; the next flush writes them, and the next midnight or restart rolls them up.
      () => {},
    );
  }

  /** Keeps counts to be written by the next write, reporting what its bounds dropped. */
  #keep(resolutions: readonly ResolutionStat[], urns: readonly UrnResolutionStat[]): void {
    this.#reportDropped(this.#unwritten.add(resolutions, urns));
  }

  #reportDropped(dropped: Dropped): void {
    if (dropped.resolutions + dropped.urnCounts > 0)
      this.#log.error(
        { lost: dropped },
        "resolution statistics lost: the database has been away longer than the counts kept allow",
      );
  }

  /**
   * Rolls up the URN log's rows of the days before `until`, a slice at a time with the event
   * loop free in between; in the background, one roll-up at a time. A failure is left for the
   * next one: the counts stay in the log, where the reads find them too.
   */
  #rollUp(until: string): void {
    if (this.#rolling !== undefined || this.#closed) return;
    this.#rolling = (async () => {
      try {
        while (!this.#closed && (await this.#store.stats.rollUpUrnLog(until, ROLL_UP_SLICE)) > 0)
          await new Promise((resolve) => setImmediate(resolve));
        this.#logFull = (await this.#store.stats.urnLogSize()) > this.#logBound;
      } catch (error) {
        // Left in the log, where the reads find them too; tried again after the next midnight or
        // restart.
        this.#log.warn(
          { reason: unavailableReason(error) },
          "URN log not rolled up; left for later",
        );
      } finally {
        this.#rolling = undefined;
      }
    })();
  }

  /**
   * Counts one resolution: the one call both resolution paths make (through answer() in
   * routes/resolution/answer.ts).
   */
  add(found: Counted, outcome: Outcome, userAgent: string | undefined): void {
    const bot = this.#crawlers.isCrawler(userAgent);
    const n = this.#bufferedCount;
    this.#bufferedNs[n] = found.ns;
    this.#bufferedOwners[n] = found.owner;
    this.#bufferedSlots[n] = SLOT[outcome] + (bot ? 1 : 0);
    // Only a URN registered here is counted as a URN too.
    const id = found.kind === "found" ? found.view.id : 0;
    this.#buffered[n] = bot ? -id : id;
    this.#bufferedCount = n + 1;
    if (n + 1 === URN_BUFFER) this.#addUp();
  }

  /**
   * Writes every count, the URNs' held ones too: before a read of the statistics, and on close.
   * Rejects when the write fails; its counts are kept for the next.
   */
  flush(): Promise<void> {
    return this.#write(true);
  }

  /** The buckets' counts, and the URNs' held ones when `withUrns` says so: one write at a time. */
  #write(withUrns: boolean): Promise<void> {
    const start = () => this.#writeNow(withUrns);
    // Started at once when no write is under way, after the one under way otherwise.
    const write = this.#writesInFlight === 0 ? start() : this.#writing.then(start);
    this.#writesInFlight += 1;
    this.#writing = write
      .finally(() => {
        this.#writesInFlight -= 1;
      })
      .catch(() => {});
    return write;
  }

  /**
   * Writes what earlier writes left, then what is counted now, each statement's rows taken off
   * once it succeeded; on a failure, what the taken URNs did not write joins the unwritten.
   */
  async #writeNow(withUrns: boolean): Promise<void> {
    const batch = this.#take(withUrns);
    const unwritten = this.#unwritten;
    this.#reportDropped(unwritten.add(batch.resolutions, []));
    const taken = batch.urns;
    let takenWritten = 0;
    try {
      const namespaceCounts = unwritten.namespaceCounts.first();
      if (namespaceCounts.length > 0) {
        await this.#store.stats.addResolutionCounts(namespaceCounts);
        unwritten.namespaceCounts.written(namespaceCounts);
      }
      const resolutions = unwritten.resolutions.first();
      const urnCount = unwritten.urns.size + taken.length;
      if (resolutions.length === 0 && urnCount === 0) return;
      const logFull = this.#logFull;
      const size = logFull ? URNS_A_DIRECT_WRITE : URNS_A_WRITE;
      // The URNs left by earlier writes first, then the taken, `size` at a time.
      const nextSlice = (): { urns: UrnResolutionStat[]; written(): void } => {
        const left = unwritten.urns.first(size);
        if (left.length > 0) return { urns: left, written: () => unwritten.urns.written(left) };
        const urns = taken.slice(takenWritten, Math.min(takenWritten + size, taken.length));
        return {
          urns,
          written: () => {
            takenWritten += urns.length;
          },
        };
      };
      // In record order (as held): records registered together mostly sit together in the
      // rollup too, so consecutive writes land on the same pages rather than each on one of its
      // own. While the log is full the URNs go straight to their rollup rows.
      const first = logFull ? { urns: [], written: () => {} } : nextSlice();
      await this.#store.stats.add(resolutions, first.urns);
      unwritten.resolutions.written(resolutions);
      first.written();
      for (let slice = nextSlice(); slice.urns.length > 0; slice = nextSlice()) {
        // The event loop free before each slice (SQLite writes here).
        await new Promise((resolve) => setImmediate(resolve));
        if (logFull) await this.#store.stats.addUrns(slice.urns);
        else await this.#store.stats.add([], slice.urns);
        slice.written();
      }
      if (urnCount > 0) this.#logFull = (await this.#store.stats.urnLogSize()) > this.#logBound;
    } finally {
      if (takenWritten < taken.length) this.#keep([], taken.slice(takenWritten, taken.length));
    }
  }

  /**
   * Stops counting and writes what is held. Never rejects: with the database away, what could
   * not be written is logged as lost (a process that stops cannot keep it).
   */
  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#flushTimer);
    clearTimeout(this.#midnightTimer);
    await this.#rolling;
    try {
      await this.flush();
    } catch (error) {
      this.#log.error(
        { reason: unavailableReason(error), lost: this.#unwritten.held() },
        "resolution statistics lost: not written before the server stopped",
      );
    }
  }
}
