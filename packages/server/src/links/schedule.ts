// Link checking inside the server (`urnkit serve --check-links-every`): every locator is checked
// again once its last check is `everyMs` old. A round takes up to `batch` due locators; a full
// round is followed by the next at once, otherwise the next waits a while (a tenth of the
// interval, at most a minute). Rounds never overlap; stopping ends the round in flight (its
// checks not yet answered are not stored) and waits for it. With several server processes on one
// database, run it in one of them: each would otherwise check the same locators.

import type { LinkStore } from "../storage/links.js";
import { LinkChecker, type LinkCheckerOptions, type LinkRunSummary } from "./checker.js";

export interface LinkScheduleOptions extends LinkCheckerOptions {
  everyMs: number;
  /** Locators a round takes at most (default 500). */
  batch?: number;
  /** Hears of each round's result, or of its failure. */
  onRound?: (summary: LinkRunSummary | null, error?: unknown) => void;
}

export interface LinkSchedule {
  stop(): Promise<void>;
}

export function scheduleLinkChecks(store: LinkStore, options: LinkScheduleOptions): LinkSchedule {
  const controller = new AbortController();
  const checker = new LinkChecker(store, { ...options, signal: controller.signal });
  const batch = options.batch ?? 500;
  const pause = Math.min(Math.max(options.everyMs / 10, 1000), 60_000);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const round = async () => {
    let summary: LinkRunSummary | null = null;
    try {
      summary = await checker.run({
        limit: batch,
        checkedBefore: new Date(Date.now() - options.everyMs).toISOString(),
      });
      options.onRound?.(summary);
    } catch (error) {
      options.onRound?.(null, error);
    }
    if (controller.signal.aborted) return;
    const full = summary !== null && summary.checked + summary.deferred >= batch;
    timer = setTimeout(
      () => {
        running = round();
      },
      full ? 0 : pause,
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
      await running;
      checker.close();
    },
  };
}
