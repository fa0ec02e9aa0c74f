// Statistics in SQLite: the rollups added in one transaction per batch, each row added to where it
// exists and inserted where it does not (an INSERT of an existing row would be ignored by the
// schema), so no write ever replaces a count. The reads are the shared SQL (stats-sql.ts) with named binds.

import type Database from "better-sqlite3";
import type {
  ResolutionSeriesQuery,
  ResolutionStat,
  SeriesPoint,
  SeriesQuery,
  StatsStore,
  TopEntry,
  TopPrefixQuery,
  TopQuery,
  UrnResolutionStat,
} from "../stats.js";
import {
  assignmentSeriesSql,
  type Dialect,
  resolutionSeriesSql,
  type Sql,
  topPrefixesSql,
  topUrnsSql,
} from "../stats-sql.js";

/** The URN log's size: each end read from the key apart (min() and max() in one SELECT scan). */
export const URN_LOG_SIZE_SQL = `SELECT (SELECT max(id) FROM stat_resolution_urn_log)
  - (SELECT min(id) FROM stat_resolution_urn_log) + 1 AS n`;

/** A URN's rollup row as the log's rows of a slice add up to it, columns in order. */
type RolledUp = [string, string, string, string, string, number, number];

/** SQLite has no booleans: the bot column holds 0 or 1. */
type SqliteResolutionRow = Omit<ResolutionStat, "bot"> & { bot: number };

const SQLITE: Dialect = { bind: (n) => `@p${n}`, bot: "bot" };

export class SqliteStats implements StatsStore {
  readonly #db: Database.Database;
  readonly #add: (resolutions: ResolutionStat[], urns: UrnResolutionStat[]) => void;
  readonly #rollUp: (until: string, limit: number) => number;
  readonly #logSize: () => number;

  constructor(db: Database.Database) {
    this.#db = db;
    const createResolution = db.prepare<[SqliteResolutionRow]>(
      `INSERT INTO stat_resolutions (day, nid, prefix, organisation, outcome, bot, count)
       VALUES (@day, @nid, @prefix, @organisation, @outcome, @bot, @count)`,
    );
    const addResolution = db.prepare<[SqliteResolutionRow]>(
      `UPDATE stat_resolutions SET count = count + @count
       WHERE day = @day AND nid = @nid AND prefix = @prefix AND organisation = @organisation
         AND outcome = @outcome AND bot = @bot`,
    );
    // Positional binds: a flush may write a row for every URN resolved, and binding by name
    // costs more than the row.
    const logUrn = db.prepare<[string, string, string, string, string, number, number]>(
      `INSERT INTO stat_resolution_urn_log (day, key, nid, prefix, organisation, count, bots)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#add = db.transaction((resolutions: ResolutionStat[], urns: UrnResolutionStat[]) => {
      // Look up first (the UPDATE), insert only a row that is not there: one statement a row.
      for (const r of resolutions) {
        const row = { ...r, bot: r.bot ? 1 : 0 };
        if (addResolution.run(row).changes === 0) createResolution.run(row);
      }
      for (const u of urns)
        logUrn.run(u.day, u.key, u.nid, u.prefix, u.organisation, u.count, u.bots);
    });
    const createUrn = db.prepare<[string, string, string, string, string, number, number]>(
      `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const addUrn = db.prepare<[number, number, string, string]>(
      "UPDATE stat_resolution_urns SET count = count + ?, bots = bots + ? WHERE day = ? AND key = ?",
    );
    const slice = db.prepare<[string, number], { id: number }>(
      `SELECT max(id) AS id FROM (SELECT id FROM stat_resolution_urn_log WHERE day < ?
       ORDER BY id LIMIT ?)`,
    );
    const grouped = db
      .prepare<[number, string]>(
        `SELECT day, key, max(nid), max(prefix), max(organisation), sum(count), sum(bots)
         FROM stat_resolution_urn_log WHERE id <= ? AND day < ? GROUP BY day, key`,
      )
      .raw(true);
    const removeLogged = db.prepare<[number, string]>(
      "DELETE FROM stat_resolution_urn_log WHERE id <= ? AND day < ?",
    );
    // The log's rows of a slice added to their rollup rows, then removed: one transaction, so a
    // read sees each count in one place or the other, never in both or neither. IMMEDIATE: a
    // second process rolling up waits for this one rather than both reading the same rows.
    this.#rollUp = db.transaction((until: string, limit: number): number => {
      const last = slice.get(until, limit)?.id ?? null;
      if (last === null) return 0;
      const rows = grouped.all(last, until) as RolledUp[];
      for (const [day, key, nid, prefix, organisation, count, bots] of rows)
        if (addUrn.run(count, bots, day, key).changes === 0)
          createUrn.run(day, key, nid, prefix, organisation, count, bots);
      return removeLogged.run(last, until).changes;
    }).immediate;
    const size = db.prepare<[], { n: number | null }>(URN_LOG_SIZE_SQL);
    this.#logSize = () => size.get()?.n ?? 0;
  }

  #all<T>(sql: Sql): T[] {
    const named = Object.fromEntries(sql.values.map((v, i) => [`p${i + 1}`, v]));
    return this.#db.prepare<[Record<string, unknown>], T>(sql.text).all(named);
  }

  async addStats(resolutions: ResolutionStat[], urns: UrnResolutionStat[]): Promise<void> {
    this.#add(resolutions, urns);
  }

  async rollUpUrnLog(until: string, limit: number): Promise<number> {
    return this.#rollUp(until, limit);
  }

  async urnLogSize(): Promise<number> {
    return this.#logSize();
  }

  async resolutionSeries(query: ResolutionSeriesQuery): Promise<SeriesPoint[]> {
    return this.#all(resolutionSeriesSql(SQLITE, query));
  }

  async assignmentSeries(query: SeriesQuery): Promise<SeriesPoint[]> {
    return this.#all(assignmentSeriesSql(SQLITE, query));
  }

  async topUrns(query: TopQuery): Promise<TopEntry[]> {
    return this.#all(topUrnsSql(SQLITE, query));
  }

  async topPrefixes(query: TopPrefixQuery): Promise<TopEntry[]> {
    return this.#all(topPrefixesSql(SQLITE, query));
  }
}
