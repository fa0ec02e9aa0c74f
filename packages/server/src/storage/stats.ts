// Statistics as stored: daily rollups of resolutions (by namespace, prefix, organisation, outcome
// and crawler or not; per registered URN one row a day, reached through a log) and of
// assignments (registered, activated, deactivated), and the reads the API and the web UI make of them. Both engines take
// the same SQL (stats-sql.ts) and answer in the same order, byte order throughout.

/** How a resolution was answered, as the statistics count it. */
export type Outcome = "redirect" | "uri-list" | "metadata" | "not-found" | "gone" | "delegated";
export const OUTCOMES: readonly Outcome[] = [
  "redirect",
  "uri-list",
  "metadata",
  "not-found",
  "gone",
  "delegated",
];

/** What happened to an assignment. */
export type AssignmentEvent = "registered" | "activated" | "deactivated";
export const ASSIGNMENT_EVENTS: readonly AssignmentEvent[] = [
  "registered",
  "activated",
  "deactivated",
];

/** Where a resolution or an assignment belongs; "" outside every prefix (and organisation). */
export interface StatDimensions {
  nid: string;
  prefix: string;
  organisation: string;
}

/** Resolutions of one day in one bucket. */
export interface ResolutionStat extends StatDimensions {
  day: string;
  outcome: Outcome;
  bot: boolean;
  count: number;
}

/**
 * Resolutions of one registered URN on one day: by people and by crawlers. The URN is named by
 * its record's id (records are never removed, nor their keys changed): counting by a number
 * costs the resolver less than keeping each URN's key until the flush.
 */
export interface UrnResolutionStat extends StatDimensions {
  day: string;
  record: number;
  count: number;
  bots: number;
}

/** Which crawler traffic a read counts: none (people only), only crawlers, or both. */
export type BotFilter = "exclude" | "only" | "include";

/** What every statistics read shares: the days (both included) and the filters. */
export interface StatsFilter {
  from: string;
  to: string;
  nid?: string;
  prefix?: string;
  organisation?: string;
}

export type Granularity = "day" | "month";

export interface SeriesQuery extends StatsFilter {
  granularity: Granularity;
  limit: number;
  /** The last (period, kind) of the page before. */
  after?: { period: string; kind: string };
}

export interface ResolutionSeriesQuery extends SeriesQuery {
  outcome?: Outcome;
  bots: BotFilter;
}

/** One period's count of one outcome (resolutions) or one event (assignments). */
export interface SeriesPoint {
  /** YYYY-MM-DD, or YYYY-MM by month. */
  period: string;
  kind: string;
  count: number;
}

export interface TopQuery extends StatsFilter {
  bots: BotFilter;
  limit: number;
  /** The last (count, name) of the page before: pages go by count down, then name up. */
  after?: { count: number; name: string };
}

export interface TopPrefixQuery extends TopQuery {
  outcome?: Outcome;
}

/** A URN (its equivalence key) or a prefix (with its organisation) and its resolutions. */
export interface TopEntry {
  name: string;
  organisation: string;
  count: number;
}

export interface ResolutionCount {
  nid: string;
  day: string;
  count: number;
}

/** Which daily counts to read: a page in (day, nid) order, after `after`. */
export interface ResolutionCountQuery {
  nid?: string;
  /** First and last day, YYYY-MM-DD, both included. */
  from?: string;
  to?: string;
  after?: { day: string; nid: string };
  limit: number;
}

/** One registered URN's resolutions per period (stats-sql.ts, urnSeriesSql). */
export interface UrnSeriesQuery {
  /** The URN's equivalence key, as its record holds it. */
  key: string;
  from: string;
  to: string;
  granularity: Granularity;
  bots: BotFilter;
  limit: number;
  /** The last period of the page before. */
  after?: string;
}

/** One period's resolutions of one URN; periods without any are left out. */
export interface UrnSeriesPoint {
  period: string;
  count: number;
}

export interface StatsStore {
  /**
   * Adds to the daily rollups (the server batches increments in memory); a URN's resolutions go
   * to the log (rollUpUrnLog moves them on).
   */
  add(resolutions: ResolutionStat[], urns: UrnResolutionStat[]): Promise<void>;
  /**
   * Moves the URN log's first chunks (at most `limit`, in the order written) into the URN
   * rollup, up to the first of a day not before `until` (YYYY-MM-DD, or later than any day for
   * all); answers how many chunks it moved, 0 when there are none (stats-log.ts).
   */
  rollUpUrnLog(until: string, limit: number): Promise<number>;
  /**
   * Adds URN counts straight to their rollup rows, past the log: while the log is at its bound,
   * which would otherwise be rolled up under load at about three times the cost.
   */
  addUrns(urns: UrnResolutionStat[]): Promise<void>;
  /** About how many chunks the URN log holds (its first to its last). */
  urnLogSize(): Promise<number>;
  resolutionSeries(query: ResolutionSeriesQuery): Promise<SeriesPoint[]>;
  assignmentSeries(query: SeriesQuery): Promise<SeriesPoint[]>;
  topUrns(query: TopQuery): Promise<TopEntry[]>;
  topPrefixes(query: TopPrefixQuery): Promise<TopEntry[]>;
  /** Adds to the daily resolution counts (the server batches increments in memory). */
  addResolutionCounts(counts: ResolutionCount[]): Promise<void>;
  resolutionCounts(query: ResolutionCountQuery): Promise<ResolutionCount[]>;
  /** One URN's resolutions per period, rolled up or still logged, oldest period first. */
  urnSeries(query: UrnSeriesQuery): Promise<UrnSeriesPoint[]>;
}

/** The bind values both engines' statistics queries take: every filter filled in. */
export function statParams(q: StatsFilter & { bots?: BotFilter; outcome?: Outcome }) {
  return {
    from: q.from,
    to: q.to,
    nid: q.nid?.toLowerCase() ?? null,
    prefix: q.prefix ?? null,
    organisation: q.organisation ?? null,
    outcome: q.outcome ?? null,
    // The queries take bot BETWEEN botLow AND botHigh: 0–0 people, 1–1 crawlers, 0–1 both.
    botLow: q.bots === "only" ? 1 : 0,
    botHigh: q.bots === "exclude" ? 0 : 1,
  };
}
