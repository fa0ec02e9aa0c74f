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

/** SQLite has no booleans: the bot column holds 0 or 1. */
type SqliteResolutionRow = Omit<ResolutionStat, "bot"> & { bot: number };

const SQLITE: Dialect = { bind: (n) => `@p${n}`, bot: "bot" };

export class SqliteStats implements StatsStore {
  readonly #db: Database.Database;
  readonly #add: (resolutions: ResolutionStat[], urns: UrnResolutionStat[]) => void;

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
    const createUrn = db.prepare<[string, string, string, string, string, number, number]>(
      `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const addUrn = db.prepare<[number, number, string, string]>(
      "UPDATE stat_resolution_urns SET count = count + ?, bots = bots + ? WHERE day = ? AND key = ?",
    );
    // Look up first (the UPDATE), insert only a row that is not there: one statement a row.
    this.#add = db.transaction((resolutions: ResolutionStat[], urns: UrnResolutionStat[]) => {
      for (const r of resolutions) {
        const row = { ...r, bot: r.bot ? 1 : 0 };
        if (addResolution.run(row).changes === 0) createResolution.run(row);
      }
      for (const u of urns)
        if (addUrn.run(u.count, u.bots, u.day, u.key).changes === 0)
          createUrn.run(u.day, u.key, u.nid, u.prefix, u.organisation, u.count, u.bots);
    });
  }

  #all<T>(sql: Sql): T[] {
    const named = Object.fromEntries(sql.values.map((v, i) => [`p${i + 1}`, v]));
    return this.#db.prepare<[Record<string, unknown>], T>(sql.text).all(named);
  }

  async addStats(resolutions: ResolutionStat[], urns: UrnResolutionStat[]): Promise<void> {
    this.#add(resolutions, urns);
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
