// Link health as stored: per locator the last check's outcome and its consecutive failures, and a
// bounded history of the last checks (HISTORY_KEPT per locator, older ones dropped). A locator
// failing `demoteAfter` checks in a row is marked (locators.link_failing) so that resolution ranks
// it after healthy ones; it is never removed or made inactive for it.

/** What one check found. */
export type LinkOutcome =
  | "ok"
  | "redirected"
  | "client-error"
  | "server-error"
  | "timeout"
  | "dns-error"
  | "tls-error"
  | "connection-error"
  | "redirect-error"
  | "blocked";

export const LINK_OUTCOMES: readonly LinkOutcome[] = [
  "ok",
  "redirected",
  "client-error",
  "server-error",
  "timeout",
  "dns-error",
  "tls-error",
  "connection-error",
  "redirect-error",
  "blocked",
];

/** Whether an outcome is a failure: anything but a final 2xx, directly or after redirects. */
export function failed(outcome: LinkOutcome): boolean {
  return outcome !== "ok" && outcome !== "redirected";
}

/** Checks kept per locator; the schema guards (migration 11) refuse to drop any of these. */
export const HISTORY_KEPT = 10;

/** Consecutive failures after which a locator ranks after healthy ones, unless configured. */
export const DEFAULT_DEMOTE_AFTER = 3;

/** One check of one locator. */
export interface LinkCheck {
  checked: string;
  outcome: LinkOutcome;
  /** The last answer's status, or null when there was none. */
  status: number | null;
  /** Where the redirects ended (outcome "redirected"), or null. */
  finalUrl: string | null;
  latencyMs: number;
  /** What went wrong, in words, or null. */
  message: string | null;
}

/** A locator's health: its last check, failures in a row, and whether it ranks last for them. */
export interface LinkHealth extends LinkCheck {
  failures: number;
  demoted: boolean;
}

/** A locator due for a check. */
export interface DueLocator {
  id: number;
  url: string;
  urn: string;
}

export interface DueQuery {
  /** Locators deferred (Retry-After) until after this time are not due. */
  now: string;
  /** Only locators never checked or last checked before this time. */
  checkedBefore?: string;
  organisation?: string;
  prefix?: string;
  limit: number;
}

/**
 * The due locators' order from their parts: never checked first, by id (those without a health
 * row and those only deferred so far are read apart, each by its own index), at most `limit`.
 */
export function neverCheckedFirst(
  unchecked: readonly DueLocator[],
  deferred: readonly DueLocator[],
  limit: number,
): DueLocator[] {
  return [...unchecked, ...deferred].sort((a, b) => a.id - b.id).slice(0, limit);
}

/** A time after every check: the bound of "checked before" when a run asks for all. */
export const AFTER_EVERY_CHECK = "9999-12-31T23:59:59.999Z";

/** Which locators a report lists: by their last check. */
export type LinkStatusFilter = "all" | "ok" | "broken" | "demoted" | "unchecked";
export const LINK_STATUS_FILTERS: readonly LinkStatusFilter[] = [
  "all",
  "ok",
  "broken",
  "demoted",
  "unchecked",
];

/** An organisation's or a prefix's locators; neither: the whole registry's. */
export interface LinkScope {
  organisation?: string;
  prefix?: string;
}

export interface LinkReportQuery {
  status: LinkStatusFilter;
  organisation?: string;
  prefix?: string;
  /** The last locator id of the page before. */
  after?: number;
  limit: number;
}

/** A line of the link report: an active http(s) locator of an active record and its health. */
export interface LinkReportRow {
  id: number;
  urn: string;
  url: string;
  organisation: string | null;
  prefix: string | null;
  health: LinkHealth | null;
}

export interface LinkOutcomeCount {
  /** The last check's outcome; null for locators never checked (only counted with a scope). */
  outcome: LinkOutcome | null;
  demoted: boolean;
  count: number;
}

export interface LinkStore {
  /** Active http(s) locators of active records, never checked first, then the oldest check. */
  due(query: DueQuery): Promise<DueLocator[]>;
  /**
   * Stores a check: the locator's health, a history row (dropping those beyond HISTORY_KEPT), and
   * the ranking mark when the failures in a row reach `demoteAfter` (cleared by a success).
   */
  recordCheck(locatorId: number, check: LinkCheck, demoteAfter: number): Promise<void>;
  /** Leaves a locator unchecked until `notBefore` (the server asked so with Retry-After). */
  deferCheck(locatorId: number, notBefore: string): Promise<void>;
  /** A page of the report, in locator id order. */
  report(query: LinkReportQuery): Promise<LinkReportRow[]>;
  /** The health of a record's locators, by URL (those never checked are absent). */
  health(key: string): Promise<Map<string, LinkHealth>>;
  /** A locator's last checks, newest first. */
  history(locatorId: number): Promise<LinkCheck[]>;
  /**
   * Locators by last outcome and ranking mark. Without a scope: every checked locator in the
   * registry (the metrics' gauges). With one (`{}` for the whole registry): the report's locators
   * of that organisation or prefix (active http(s) locators of active records), and those never
   * checked with outcome null; never-checked first, then by outcome and mark.
   */
  outcomeCounts(scope?: LinkScope): Promise<LinkOutcomeCount[]>;
}

/** A link_health row as both engines return it (numbers and 0/1 or booleans). */
export interface LinkHealthRow {
  checked: string;
  outcome: LinkOutcome;
  status: number | null;
  final_url: string | null;
  latency_ms: number | string;
  message: string | null;
  failures: number | string;
  demoted: number | boolean;
}

export function toLinkHealth(row: LinkHealthRow): LinkHealth {
  return {
    checked: row.checked,
    outcome: row.outcome,
    status: row.status,
    finalUrl: row.final_url,
    latencyMs: Number(row.latency_ms),
    message: row.message,
    failures: Number(row.failures),
    demoted: row.demoted === true || row.demoted === 1,
  };
}

/** A report row as both engines return it. */
export type ReportRow = {
  id: number;
  urn: string;
  url: string;
  organisation: string | null;
  prefix: string | null;
} & Omit<LinkHealthRow, "checked"> & { checked: string | null };

export function toReportRow(row: ReportRow): LinkReportRow {
  return {
    id: Number(row.id),
    urn: row.urn,
    url: row.url,
    organisation: row.organisation,
    prefix: row.prefix,
    health: row.checked === null ? null : toLinkHealth(row as LinkHealthRow),
  };
}

/** The report's filter as a condition on link_health h (left-joined: h.checked null = unchecked). */
export function statusCondition(status: LinkStatusFilter): string {
  switch (status) {
    case "all":
      return "TRUE";
    case "ok":
      return "h.checked IS NOT NULL AND h.failures = 0";
    case "broken":
      return "h.failures > 0";
    case "demoted":
      return "h.failures > 0 AND h.demoted = TRUE";
    case "unchecked":
      return "h.checked IS NULL";
  }
}
