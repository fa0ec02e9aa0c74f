// The statistics reads in the SQL both engines share, with their bind values in order: a series
// by period (substr of the day: 10 characters by day, 7 by month) and a top list by count. Each
// engine names its binds ($n or ?) and its bot column; the query text and the order are one.

import {
  type ResolutionCount,
  type ResolutionCountQuery,
  type ResolutionSeriesQuery,
  type SeriesPoint,
  type SeriesQuery,
  type StatsFilter,
  type StatsStore,
  statParams,
  type TopEntry,
  type TopPrefixQuery,
  type TopQuery,
  type UrnSeriesPoint,
  type UrnSeriesQuery,
} from "./stats.js";

/** What a bind value is, for an engine that must be told (PostgreSQL): count is a bigint. */
export type BindType = "text" | "int" | "count";

/**
 * An engine's spelling of the n-th bind value (1-based), of the bot column as 0 or 1, and of the
 * URN log's chunks as rows (day, key, nid, prefix, organisation, count, bots), one an entry.
 */
export interface Dialect {
  bind(n: number, type: BindType): string;
  bot: string;
  logEntries: string;
  /** The days of a JSON array of days (a text bind) as a condition on `day`. */
  dayIn(list: string): string;
  /** A text column compared byte by byte, whatever the database's collation. */
  bytewise(column: string): string;
}

export interface Sql {
  text: string;
  values: (string | number | null)[];
}

/** The filters every read shares, as a WHERE clause from bind `first` on. */
function where(d: Dialect, first: number, withOutcome: boolean, withBot: boolean): string {
  const b = (i: number) => d.bind(first + i, i >= 6 ? "int" : "text");
  return [
    `day >= ${b(0)} AND day <= ${b(1)}`,
    `(${b(2)} IS NULL OR nid = ${b(2)})`,
    `(${b(3)} IS NULL OR prefix = ${b(3)})`,
    `(${b(4)} IS NULL OR organisation = ${b(4)})`,
    withOutcome ? `(${b(5)} IS NULL OR outcome = ${b(5)})` : "",
    withBot ? `${d.bot} BETWEEN ${b(6)} AND ${b(7)}` : "",
  ]
    .filter((c) => c !== "")
    .join(" AND ");
}

function filterValues(q: StatsFilter & Partial<Pick<ResolutionSeriesQuery, "bots" | "outcome">>) {
  const p = statParams(q);
  return [p.from, p.to, p.nid, p.prefix, p.organisation, p.outcome, p.botLow, p.botHigh];
}

function series(d: Dialect, table: string, kind: string, q: SeriesQuery, all: unknown[]): Sql {
  const resolutions = table === "stat_resolutions";
  const n = all.length;
  return {
    text: `SELECT period, kind, count FROM (
  SELECT substr(day, 1, ${d.bind(n + 1, "int")}) AS period, ${kind} AS kind,
    CAST(sum(count) AS bigint) AS count
  FROM ${table} WHERE ${where(d, 1, resolutions, resolutions)}
  GROUP BY 1, 2
) s WHERE (period > ${d.bind(n + 2, "text")} OR (period = ${d.bind(n + 2, "text")} AND kind > ${d.bind(n + 3, "text")}))
ORDER BY period, kind LIMIT ${d.bind(n + 4, "int")}`,
    values: [
      ...(all as (string | number | null)[]),
      q.granularity === "month" ? 7 : 10,
      q.after?.period ?? "",
      q.after?.kind ?? "",
      q.limit,
    ],
  };
}

export function resolutionSeriesSql(d: Dialect, q: ResolutionSeriesQuery): Sql {
  return series(d, "stat_resolutions", "outcome", q, filterValues(q));
}

export function assignmentSeriesSql(d: Dialect, q: SeriesQuery): Sql {
  return series(d, "stat_assignments", "event", q, filterValues(q).slice(0, 5));
}

/** The page of a top list after the one that ended at `after`. */
function topPage(
  d: Dialect,
  n: number,
  q: TopQuery,
): { text: string; values: (string | number)[] } {
  return {
    text: `WHERE count > 0 AND (count < ${d.bind(n + 1, "count")} OR (count = ${d.bind(n + 1, "count")} AND name > ${d.bind(n + 2, "text")}))
ORDER BY count DESC, name LIMIT ${d.bind(n + 3, "int")}`,
    values: [q.after?.count ?? Number.MAX_SAFE_INTEGER, q.after?.name ?? "", q.limit],
  };
}

/** The URNs resolved most: by people, by crawlers, or both (`bots`); rolled up or still logged. */
export function topUrnsSql(d: Dialect, q: TopQuery): Sql {
  const all = filterValues(q).slice(0, 5);
  const p = statParams(q);
  const n = all.length;
  const page = topPage(d, n + 2, q);
  return {
    text: `SELECT name, organisation, count FROM (
  SELECT key AS name, max(organisation) AS organisation,
    CAST(sum(count * ${d.bind(n + 1, "int")} + bots * ${d.bind(n + 2, "int")}) AS bigint) AS count
  FROM (
    SELECT day, key, nid, prefix, organisation, count, bots FROM stat_resolution_urns
    UNION ALL
    ${d.logEntries}
  ) u WHERE ${where(d, 1, false, false)}
  GROUP BY key
) s ${page.text}`,
    values: [...all, p.botLow === 0 ? 1 : 0, p.botHigh, ...page.values],
  };
}

/** The prefixes whose URNs are resolved most. */
export function topPrefixesSql(d: Dialect, q: TopPrefixQuery): Sql {
  const all = filterValues(q);
  const page = topPage(d, all.length, q);
  return {
    text: `SELECT name, organisation, count FROM (
  SELECT prefix AS name, organisation, CAST(sum(count) AS bigint) AS count
  FROM stat_resolutions WHERE prefix <> '' AND ${where(d, 1, true, true)}
  GROUP BY prefix, organisation
) s ${page.text}`,
    values: [...all, ...page.values],
  };
}

/** Every day from `from` to `to` (YYYY-MM-DD, both included). */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86400000)
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/**
 * One URN's resolutions per period: its daily rows and the log's entries not rolled up yet (as
 * topUrnsSql reads them), by people, by crawlers or both; periods without any left out. The
 * rollup is read by its key (day, key), one lookup a day of the range, rather than by a range of
 * days, which would read every URN resolved on each; the log only for the range's chunks.
 */
export function urnSeriesSql(d: Dialect, q: UrnSeriesQuery): Sql {
  const p = statParams(q);
  const key = d.bind(1, "text");
  return {
    text: `SELECT period, count FROM (
  SELECT substr(day, 1, ${d.bind(5, "int")}) AS period,
    CAST(sum(count * ${d.bind(6, "int")} + bots * ${d.bind(7, "int")}) AS bigint) AS count
  FROM (
    SELECT day, key, nid, prefix, organisation, count, bots FROM stat_resolution_urns
    WHERE key = ${key} AND ${d.dayIn(d.bind(2, "text"))}
    UNION ALL
    ${d.logEntries} WHERE r.key = ${key} AND l.day >= ${d.bind(3, "text")} AND l.day <= ${d.bind(4, "text")}
  ) u
  GROUP BY 1
) s WHERE count > 0 AND period > ${d.bind(8, "text")}
ORDER BY period LIMIT ${d.bind(9, "int")}`,
    values: [
      q.key,
      JSON.stringify(daysOf(p.from, p.to)),
      p.from,
      p.to,
      q.granularity === "month" ? 7 : 10,
      p.botLow === 0 ? 1 : 0,
      p.botHigh,
      q.after ?? "",
      q.limit,
    ],
  };
}

/**
 * A page of daily resolution counts: every bound filled in, so one statement serves every
 * combination of filters, ordered by (day, nid) byte by byte.
 */
export function resolutionCountsSql(d: Dialect, q: ResolutionCountQuery): Sql {
  const b = (n: number) => d.bind(n, n === 6 ? "int" : "text");
  const order = `${d.bytewise("day")}, ${d.bytewise("nid")}`;
  return {
    text: `SELECT nid, day, count FROM resolution_counts
WHERE (${b(1)} IS NULL OR nid = ${b(1)}) AND day >= ${b(2)} AND day <= ${b(3)}
  AND (${order}) > (${b(4)}, ${b(5)})
ORDER BY ${order} LIMIT ${b(6)}`,
    values: [
      q.nid?.toLowerCase() ?? null,
      q.from ?? "",
      q.to ?? "9999-12-31",
      q.after?.day ?? "",
      q.after?.nid ?? "",
      q.limit,
    ],
  };
}

/** The reads of StatsStore that are this SQL: what is left to an engine is how a statement runs. */
type StatsReadMethods =
  | "resolutionSeries"
  | "assignmentSeries"
  | "topUrns"
  | "topPrefixes"
  | "urnSeries"
  | "resolutionCounts";

/**
 * The statistics reads of both engines, each a statement of this file in the engine's dialect;
 * an engine's statistics extend it with their writes and say how a statement runs.
 */
export abstract class StatsReads implements Pick<StatsStore, StatsReadMethods> {
  protected abstract readonly dialect: Dialect;

  /** Every row of `sql`, its columns named as the statement names them. */
  protected abstract rows<T>(sql: Sql): Promise<T[]>;

  resolutionSeries(query: ResolutionSeriesQuery): Promise<SeriesPoint[]> {
    return this.rows(resolutionSeriesSql(this.dialect, query));
  }

  assignmentSeries(query: SeriesQuery): Promise<SeriesPoint[]> {
    return this.rows(assignmentSeriesSql(this.dialect, query));
  }

  topUrns(query: TopQuery): Promise<TopEntry[]> {
    return this.rows(topUrnsSql(this.dialect, query));
  }

  topPrefixes(query: TopPrefixQuery): Promise<TopEntry[]> {
    return this.rows(topPrefixesSql(this.dialect, query));
  }

  urnSeries(query: UrnSeriesQuery): Promise<UrnSeriesPoint[]> {
    return this.rows(urnSeriesSql(this.dialect, query));
  }

  resolutionCounts(query: ResolutionCountQuery): Promise<ResolutionCount[]> {
    return this.rows(resolutionCountsSql(this.dialect, query));
  }
}
