// Link checking inside the server (`urnkit serve --check-links-every`): every locator is checked
// again once its last check is `everyMs` old. A round takes up to `batch` due locators, picked
// from the oldest WINDOW_ROUNDS × `batch` spread over their hosts (spread-over-hosts.ts); a full
// round is followed by the next at once, otherwise the next waits a while (a tenth of the
// interval, at most a minute). Rounds never overlap; stopping ends the round in flight (its
// checks not yet answered are not stored) and waits for it.
//
// With several server processes on one database only one checks: a round starts only while this
// process holds the database's link lease (storage/link-lease.ts), taken at the round's start and
// renewed every third of its length while the schedule runs, so a round longer than the lease
// keeps it. The others try again at each of their rounds and take over once the holder stops
// (it gives the lease up) or dies (the lease runs out after `leaseMs`).
//
// A round that fails (the database is away) is reported through `onRound` and the next one
// waits by a backoff, from a second up to the usual pause; a lease that could not be asked for
// is not taken as another process holding it.

import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { Backoff } from "../runtime/backoff.js";
import type { Store } from "../storage/store.js";
import { LinkChecker, type LinkCheckerOptions, type LinkRunSummary } from "./checker.js";

/**
 * How many rounds' worth of due locators a round picks its own from, spread over their hosts:
 * with a host's locators in a row, a round of the oldest 500 alone kept 10 of 40 hosts busy
 * (bench/links.ts, BENCH_LINKS_ORDER=by-host).
 */
const WINDOW_ROUNDS = 4;

export interface LinkScheduleOptions extends LinkCheckerOptions {
  everyMs: number;
  /** Locators a round takes at most (default 500). */
  batch?: number;
  /**
   * How long the lease lasts unless renewed (default 5 minutes): how long the checks wait when
   * the process holding it dies.
   */
  leaseMs?: number;
  /** Hears of each round's result, or of its failure. */
  onRound?: (summary: LinkRunSummary | null, error?: unknown) => void;
  /** Hears when this process takes the lease (true) or finds another holding it (false). */
  onLease?: (held: boolean) => void;
}

export interface LinkSchedule {
  stop(): Promise<void>;
}

export function scheduleLinkChecks(
  store: Pick<Store, "links" | "linkLease">,
  options: LinkScheduleOptions,
): LinkSchedule {
  const controller = new AbortController();
  const checker = new LinkChecker(store.links, { ...options, signal: controller.signal });
  const batch = options.batch ?? 500;
  const pause = Math.min(Math.max(options.everyMs / 10, 1000), 60_000);
  const leaseMs = options.leaseMs ?? 5 * 60_000;
  // Names the process for an operator reading the row, and is unique to this schedule.
  const holder = `${hostname()} pid ${process.pid} ${randomUUID()}`;
  let held: boolean | null = null;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let renewing: Promise<boolean> = Promise.resolve(false);

  const retry = new Backoff({ initialMs: Math.min(1000, pause), maxMs: pause });
  /** Whether the last round, or the lease it asked for, failed. */
  let failed = false;

  /** Takes or renews the lease; whether this process holds it now. */
  const lease = async (): Promise<boolean> => {
    const t = Date.now();
    let now: boolean;
    try {
      now = await store.linkLease.take(
        holder,
        new Date(t + leaseMs).toISOString(),
        new Date(t).toISOString(),
      );
    } catch (error) {
      // Unknown whether this process still holds it: not held for this round, nothing reported
      // as taken over, and asked again at the next.
      failed = true;
      options.onRound?.(null, error);
      return false;
    }
    if (now !== held) options.onLease?.(now);
    held = now;
    return now;
  };
  const renewal = setInterval(() => {
    if (held === true) renewing = lease();
  }, leaseMs / 3);
  renewal.unref();

  const round = async () => {
    let summary: LinkRunSummary | null = null;
    failed = false;
    if (await lease()) {
      try {
        summary = await checker.run({
          limit: batch,
          window: batch * WINDOW_ROUNDS,
          checkedBefore: new Date(Date.now() - options.everyMs).toISOString(),
        });
        options.onRound?.(summary);
      } catch (error) {
        failed = true;
        options.onRound?.(null, error);
      }
    }
    if (controller.signal.aborted) return;
    const full = summary !== null && summary.checked + summary.deferred >= batch;
    if (!failed) retry.reset();
    timer = setTimeout(
      () => {
        running = round();
      },
      failed ? retry.next() : full ? 0 : pause,
    );
    timer.unref();
  };
  timer = setTimeout(() => {
    running = round();
  }, 0);
  timer.unref();

  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      clearInterval(renewal);
      await running;
      await renewing;
      checker.close();
      // Given up at once, so another server takes over at its next round, not when it runs out.
      if (held === true) await store.linkLease.release(holder).catch(() => undefined);
    },
  };
}
