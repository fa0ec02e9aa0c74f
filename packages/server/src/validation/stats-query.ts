// The query of every statistics read (GET /api/v1/stats/… and the /stats pages): the days, the
// granularity and the filters, checked and bounded before any query. A range is at most a year
// by day and ten years by month (a top list: a month), so no request scans an unbounded stretch
// of the rollups. (Text
// the registry cannot look up, such as U+0000, is refused for every request: request-text.ts.)

import {
  type BotFilter,
  type Granularity,
  OUTCOMES,
  type Outcome,
  type StatsFilter,
} from "../storage/stats.js";
import { ORGANISATION_ID } from "./organisation.js";
import { checkDayOrder, dayParameter } from "./parameters/date.js";
import { Refusal } from "./refusal.js";

const DAY_MS = 86400000;

/** The longest range a read may cover, in days, by granularity. */
export const MAX_DAYS: Readonly<Record<Granularity, number>> = { day: 366, month: 3660 };

/**
 * The longest range a top list covers: it sums one row per URN and day, so its cost grows with
 * the days times the URNs resolved each day; a month keeps it to a few million rows at most.
 */
export const MAX_TOP_DAYS = 31;

/** The default range: the last 30 days by day, the last 12 months by month. */
const DEFAULT_DAYS: Readonly<Record<Granularity, number>> = { day: 30, month: 366 };

const DAY = "^\\d{4}-\\d{2}-\\d{2}$";

const GRANULARITIES: readonly Granularity[] = ["day", "month"];
const BOT_FILTERS: readonly BotFilter[] = ["exclude", "only", "include"];

/** The members every read's querystring takes, for the routes' schemas (types and shapes). */
export const statsQueryProperties = {
  from: { type: "string", pattern: DAY, description: "First day, YYYY-MM-DD (UTC)" },
  to: { type: "string", pattern: DAY, description: "Last day, YYYY-MM-DD (UTC); default today" },
  nid: { type: "string", minLength: 1, maxLength: 32, description: "Only this namespace" },
  prefix: { type: "string", minLength: 1, maxLength: 1024, description: "Only this prefix" },
  organisation: { type: "string", pattern: ORGANISATION_ID, description: "Only this organisation" },
  bots: {
    type: "string",
    enum: BOT_FILTERS,
    description: "Crawler traffic (by User-Agent): left out, alone, or counted in (default)",
  },
} as const;

/** The querystring's granularity, for the series (top lists have none). */
export const granularityProperty = {
  type: "string",
  enum: GRANULARITIES,
  description: `Counts per day (default; at most ${MAX_DAYS.day} days) or per month (at most ${MAX_DAYS.month} days)`,
} as const;

/** The URN of a per-URN series: any spelling of a URN registered here. */
export const urnProperty = {
  type: "string",
  minLength: 1,
  description: "A URN registered here, in any equivalent spelling (RFC 8141 §3)",
} as const;

export const outcomeProperty = {
  type: "string",
  enum: OUTCOMES,
  description: "Only this outcome",
} as const;

export interface StatsRequest extends StatsFilter {
  granularity: Granularity;
  bots: BotFilter;
  outcome?: Outcome;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new Refusal("bad-request", `bad-${name}`, `${name} is one of ${allowed.join(", ")}`);
  return value as T;
}

function dayOf(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The statistics request in a querystring the route's schema let through: the range filled in
 * (to: today, from: the default stretch before it) and checked against `MAX_DAYS`.
 */
export function statsRequest(
  q: Record<string, string | undefined>,
  now = Date.now(),
  maxDays?: number,
): StatsRequest {
  // Checked here as well as by the routes' schemas: the web UI's pages read the same querystring.
  const granularity = oneOf("granularity", q.granularity ?? "day", GRANULARITIES);
  const bots = oneOf("bots", q.bots ?? "include", BOT_FILTERS);
  const outcome = q.outcome === undefined ? undefined : oneOf("outcome", q.outcome, OUTCOMES);
  const to = q.to === undefined ? Math.floor(now / DAY_MS) * DAY_MS : dayParameter("to", q.to);
  const from =
    q.from === undefined
      ? to - (DEFAULT_DAYS[granularity] - 1) * DAY_MS
      : dayParameter("from", q.from);
  checkDayOrder(from, to);
  const limit = maxDays ?? MAX_DAYS[granularity];
  if ((to - from) / DAY_MS + 1 > limit)
    throw new Refusal(
      "bad-request",
      "range-too-long",
      `from … to covers at most ${limit} days${maxDays === undefined ? ` by ${granularity}` : ""}`,
    );
  return {
    from: dayOf(from),
    to: dayOf(to),
    granularity,
    bots,
    ...(q.nid === undefined ? {} : { nid: q.nid }),
    ...(q.prefix === undefined ? {} : { prefix: q.prefix }),
    ...(q.organisation === undefined ? {} : { organisation: q.organisation }),
    ...(outcome === undefined ? {} : { outcome }),
  };
}
