// The link checker: asks each due locator's URL (follow.ts: HEAD, a ranged GET where HEAD is
// refused or answered with an error, at most 5 redirects, the SSRF guard on every address
// connected to), classifies the answer and stores it (storage/links.ts). Politeness: at most
// `concurrency` checks at once and `perHost` per host (host-limiter.ts), a host being the URL's
// host name without its port; a User-Agent naming urnkit, its version and the operator's contact;
// a host that answers 429, or 503 with Retry-After, is left alone until then and its locators are
// checked again after that time, the answer not counting as a failure.

import { setMaxListeners } from "node:events";
import http from "node:http";
import https from "node:https";
import { VERSION } from "../runtime/version.js";
import {
  DEFAULT_DEMOTE_AFTER,
  type DueLocator,
  type LinkCheck,
  type LinkOutcome,
  type LinkStore,
} from "../storage/links.js";
import { type FollowResult, follow } from "./follow.js";
import { HostLimiter } from "./host-limiter.js";
import { retryAt } from "./retry-after.js";
import { spreadOverHosts } from "./spread-over-hosts.js";
import type { AddressPolicy } from "./ssrf-guard.js";

export interface LinkCheckerOptions extends AddressPolicy {
  /** Checks at once, over all hosts (default DEFAULT_LINK_CONCURRENCY). */
  concurrency?: number;
  /** Checks at once for one host (default 2). */
  perHost?: number;
  /** The operator's contact (an e-mail address or URL), sent in the User-Agent. */
  contact?: string | null;
  /** Failures in a row after which a locator ranks last (default 3). */
  demoteAfter?: number;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  /** A wait longer than this asked by Retry-After is cut to it (default one day). */
  maxRetryAfterMs?: number;
  /** See FollowOptions.connectTo. */
  connectTo?: ReadonlyMap<string, string>;
  /** Stops the checks in flight (not stored) and those not started. */
  signal?: AbortSignal;
}

/** Which due locators one run checks. */
export interface LinkRunSelection {
  limit: number;
  organisation?: string;
  prefix?: string;
  /** Only locators never checked or last checked before this time. */
  checkedBefore?: string;
  /**
   * How many of the due locators, oldest first, the `limit` are picked from, spread over their
   * hosts (spread-over-hosts.ts). Default `limit`: the oldest `limit`, in their order.
   */
  window?: number;
}

export interface LinkRunSummary {
  checked: number;
  /** Left for later: their host asked to wait (Retry-After). */
  deferred: number;
  byOutcome: Partial<Record<LinkOutcome, number>>;
}

/** A check as the checker reports it: what is stored, or the time the host asked to wait until. */
export type LinkCheckResult =
  | { kind: "checked"; check: LinkCheck }
  | { kind: "deferred"; until: number }
  | { kind: "stopped" };

/**
 * Checks at once over all hosts unless told otherwise: a bound on the sockets and memory of the
 * checks in flight, not politeness (that is the per-host limit). It was 16, fewer than the slots
 * of 40 hosts at 2 each: the total then held every host to one check at once, 16 answers of
 * 50 ms (320 checks/s) at most (bench/links.ts). The CLI's default (--concurrency) is the same.
 */
export const DEFAULT_LINK_CONCURRENCY = 64;

const DEFAULT_MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
/** How long a 429 without Retry-After leaves its host alone. */
const DEFAULT_429_WAIT_MS = 60_000;

/** The User-Agent of the checker: product, version, purpose and how to reach the operator. */
export function linkCheckerUserAgent(contact: string | null | undefined): string {
  const reach = contact === null || contact === undefined || contact === "" ? "" : `; ${contact}`;
  return `urnkit/${VERSION} (link checker${reach})`;
}

/** The host a locator's checks are limited per: its host name, any port left out. */
export function checkHost(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
}

/** What a chain's end says about the locator. */
export function classify(
  url: string,
  r: FollowResult,
): { outcome: LinkOutcome; message: string | null } {
  if (r.error !== null) {
    const outcome: Record<string, LinkOutcome> = {
      timeout: "timeout",
      "connect-timeout": "timeout",
      dns: "dns-error",
      tls: "tls-error",
      network: "connection-error",
      "blocked-address": "blocked",
      "redirect-loop": "redirect-error",
      "too-many-redirects": "redirect-error",
      "invalid-url": "redirect-error",
      "unsupported-scheme": "redirect-error",
    };
    return { outcome: outcome[r.error.code] ?? "connection-error", message: r.error.message };
  }
  const status = r.status ?? 0;
  const last = r.hops.at(-1);
  // A first-byte GET of an empty resource is answered 416: the resource is there.
  const there = (status >= 200 && status < 300) || (status === 416 && last?.method === "GET");
  if (there) return { outcome: r.url === url ? "ok" : "redirected", message: null };
  if (status >= 300 && status < 400) {
    return { outcome: "redirect-error", message: `HTTP ${status} without a usable Location` };
  }
  if (status >= 400 && status < 500) return { outcome: "client-error", message: `HTTP ${status}` };
  return { outcome: "server-error", message: `HTTP ${status}` };
}

export class LinkChecker {
  readonly #links: LinkStore;
  readonly #options: LinkCheckerOptions;
  readonly #limiter: HostLimiter;
  readonly #userAgent: string;
  /** Host → the time (ms) before which it is not asked again (Retry-After). */
  readonly #waitUntil = new Map<string, number>();
  /**
   * Connections kept between checks of one host: opening one per check cost more of the
   * checker's CPU than anything else (bench/links.ts). Idle ones do not keep the process alive.
   */
  readonly #agents = {
    http: new http.Agent({ keepAlive: true }),
    https: new https.Agent({ keepAlive: true }),
  };

  /**
   * Aborted with the caller's signal. Each check in flight listens to it: one signal of the
   * checker's own, allowed as many listeners as checks run at once, keeps Node from warning of a
   * leak past 10 without touching the caller's.
   */
  readonly #stop = new AbortController();

  constructor(store: LinkStore, options: LinkCheckerOptions = {}) {
    this.#links = store;
    this.#options = options;
    const total = options.concurrency ?? DEFAULT_LINK_CONCURRENCY;
    this.#limiter = new HostLimiter({ total, perHost: options.perHost ?? 2 });
    setMaxListeners(total + 1, this.#stop.signal);
    const signal = options.signal;
    if (signal?.aborted === true) this.#stop.abort(signal.reason);
    else signal?.addEventListener("abort", () => this.#stop.abort(signal.reason), { once: true });
    this.#userAgent = linkCheckerUserAgent(options.contact);
  }

  /** Closes the connections kept open. */
  close(): void {
    this.#agents.http.destroy();
    this.#agents.https.destroy();
  }

  /** Asks one URL and classifies the answer; nothing is stored. */
  async check(url: string): Promise<LinkCheckResult> {
    const host = checkHost(url);
    const wait = this.#waitUntil.get(host);
    if (wait !== undefined) {
      if (wait > Date.now()) return { kind: "deferred", until: wait };
      this.#waitUntil.delete(host);
    }
    if (this.#stop.signal.aborted) return { kind: "stopped" };
    const checked = new Date().toISOString();
    const started = performance.now();
    const r = await follow(url, {
      allowPrivate: this.#options.allowPrivate,
      allowAddresses: this.#options.allowAddresses,
      connectTimeoutMs: this.#options.connectTimeoutMs,
      totalTimeoutMs: this.#options.totalTimeoutMs,
      connectTo: this.#options.connectTo,
      signal: this.#stop.signal,
      userAgent: this.#userAgent,
      getOnHeadError: true,
      agents: this.#agents,
    });
    const latencyMs = performance.now() - started;
    if (r.error?.code === "aborted") return { kind: "stopped" };
    const last = r.hops.at(-1);
    if (r.error === null && last !== undefined) {
      const asksToWait = last.status === 429 || (last.status === 503 && last.retryAfter !== null);
      if (asksToWait) {
        const now = Date.now();
        const max = this.#options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
        const until =
          retryAt(last.retryAfter, now, max) ?? now + Math.min(DEFAULT_429_WAIT_MS, max);
        const waitHost = checkHost(last.url);
        this.#waitUntil.set(waitHost, Math.max(until, this.#waitUntil.get(waitHost) ?? 0));
        return { kind: "deferred", until };
      }
    }
    const { outcome, message } = classify(url, r);
    return {
      kind: "checked",
      check: {
        checked,
        outcome,
        status: r.status,
        finalUrl: r.url === url ? null : r.url,
        latencyMs,
        message,
      },
    };
  }

  /**
   * Checks the due locators `selection` picks, oldest check first, storing each result;
   * `onResult` hears of each once it is stored.
   */
  async run(
    selection: LinkRunSelection,
    onResult?: (locator: DueLocator, result: LinkCheckResult) => void,
  ): Promise<LinkRunSummary> {
    const due = await this.#links.due({
      now: new Date().toISOString(),
      checkedBefore: selection.checkedBefore,
      organisation: selection.organisation,
      prefix: selection.prefix,
      limit: Math.max(selection.limit, selection.window ?? 0),
    });
    const picked = spreadOverHosts(due, selection.limit, (locator) => checkHost(locator.url));
    const summary: LinkRunSummary = { checked: 0, deferred: 0, byOutcome: {} };
    await Promise.all(
      picked.map(async (locator) => {
        // The host's turn ends with its answer: storing it does not hold the next request up.
        const result = await this.#limiter.run(checkHost(locator.url), () =>
          this.check(locator.url),
        );
        await this.#store(locator, result, summary);
        onResult?.(locator, result);
      }),
    );
    return summary;
  }

  async #store(
    locator: DueLocator,
    result: LinkCheckResult,
    summary: LinkRunSummary,
  ): Promise<void> {
    if (result.kind === "stopped") return;
    if (result.kind === "deferred") {
      await this.#links.deferCheck(locator.id, new Date(result.until).toISOString());
      summary.deferred++;
      return;
    }
    await this.#links.recordCheck(
      locator.id,
      result.check,
      this.#options.demoteAfter ?? DEFAULT_DEMOTE_AFTER,
    );
    summary.checked++;
    const outcome = result.check.outcome;
    summary.byOutcome[outcome] = (summary.byOutcome[outcome] ?? 0) + 1;
  }
}
