// Statistics in SQLite: the rollups added in one transaction per batch, each row added to where it
// exists and inserted where it does not (an INSERT of an existing row would be ignored by the
// schema), so no write ever replaces a count. The reads are the shared SQL (stats-sql.ts) with named binds.

import type Database from "better-sqlite3";
import type { ResolutionCount, ResolutionStat, StatsStore, UrnResolutionStat } from "../stats.js";
import { lastBefore, logChunks, URN_LOG_SIZE_SQL } from "../stats-log.js";
import { type Dialect, type Sql, StatsReads } from "../stats-sql.js";
import { preparedOnFirstUse } from "./prepared.js";

/** The URN log's entries (l, e) with their records (r), each URN's key read from its record. */
const LOG_ENTRIES = `stat_resolution_urn_log l CROSS JOIN json_each(l.urns) e
  CROSS JOIN records r ON r.id = e.value ->> 0`;

/** A URN's rollup row as the log's chunks of a slice add up to it, columns in order. */
type RolledUp = [string, string, string, string, string, number, number];

/** SQLite has no booleans: the bot column holds 0 or 1. */
type SqliteResolutionRow = Omit<ResolutionStat, "bot"> & { bot: number };

const SQLITE: Dialect = {
  bind: (n) => `@p${n}`,
  bot: "bot",
  logEntries: `SELECT l.day, r.key, e.value ->> 1, e.value ->> 2, e.value ->> 3, e.value ->> 4,
      e.value ->> 5
    FROM ${LOG_ENTRIES}`,
  dayIn: (list) => `day IN (SELECT value FROM json_each(${list}))`,
  bytewise: (column) => column,
};

/** The statistics' writes, each one transaction of statements prepared once. */
interface StatsWriters {
  add: (resolutions: ResolutionStat[], urns: UrnResolutionStat[]) => void;
  rollUp: (until: string, limit: number) => number;
  addUrns: (urns: UrnResolutionStat[]) => void;
  logSize: () => number;
  addCounts: (counts: ResolutionCount[]) => void;
}

/** The statistics' writes, prepared. */
function statsWriters(db: Database.Database): StatsWriters {
  const createResolution = db.prepare<[SqliteResolutionRow]>(
    `INSERT INTO stat_resolutions (day, nid, prefix, organisation, outcome, bot, count)
     VALUES (@day, @nid, @prefix, @organisation, @outcome, @bot, @count)`,
  );
  const addResolution = db.prepare<[SqliteResolutionRow]>(
    `UPDATE stat_resolutions SET count = count + @count
     WHERE day = @day AND nid = @nid AND prefix = @prefix AND organisation = @organisation
       AND outcome = @outcome AND bot = @bot`,
  );
  const logChunk = db.prepare<[string, string]>(
    "INSERT INTO stat_resolution_urn_log (day, urns) VALUES (?, ?)",
  );
  const add = db.transaction((resolutions: ResolutionStat[], urns: UrnResolutionStat[]) => {
    // Look up first (the UPDATE), insert only a row that is not there: one statement a row.
    for (const r of resolutions) {
      const row = { ...r, bot: r.bot ? 1 : 0 };
      if (addResolution.run(row).changes === 0) createResolution.run(row);
    }
    for (const chunk of logChunks(urns)) logChunk.run(chunk.day, chunk.urns);
  });
  const createUrn = db.prepare<[string, string, string, string, string, number, number, number]>(
    `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots, logged_to)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const addUrn = db.prepare<[number, number, number, string, string]>(
    `UPDATE stat_resolution_urns SET count = count + ?, bots = bots + ?, logged_to = max(logged_to, ?)
     WHERE day = ? AND key = ?`,
  );
  const first = db.prepare<[number], [number, string]>(
    "SELECT id, day FROM stat_resolution_urn_log ORDER BY id LIMIT ?",
  );
  first.raw(true);
  const grouped = db
    .prepare<[number]>(
      `SELECT l.day, r.key, max(e.value ->> 1), max(e.value ->> 2), max(e.value ->> 3),
         sum(e.value ->> 4), sum(e.value ->> 5)
       FROM ${LOG_ENTRIES} WHERE l.id <= ? GROUP BY 1, 2`,
    )
    .raw(true);
  const removeLogged = db.prepare<[number]>("DELETE FROM stat_resolution_urn_log WHERE id <= ?");
  // The log's first chunks added to their URNs' rollup rows (each marked with the last chunk id
  // taken in, which lets the schema allow the chunks' removal), then removed: one transaction, so a read
  // sees each count in one place or the other, never in both or neither. IMMEDIATE: a second
  // process rolling up waits for this one rather than both reading the same rows.
  const rollUp = db.transaction((until: string, limit: number): number => {
    const last = lastBefore(first.all(limit), until);
    if (last === null) return 0;
    const rows = grouped.all(last) as RolledUp[];
    for (const [day, key, nid, prefix, organisation, count, bots] of rows)
      if (addUrn.run(count, bots, last, day, key).changes === 0)
        createUrn.run(day, key, nid, prefix, organisation, count, bots, last);
    return removeLogged.run(last).changes;
  }).immediate;
  // Past the log: each URN's row found by the key of its record, added to or inserted.
  const addUrnById = db.prepare<[number, number, string, number]>(
    `UPDATE stat_resolution_urns SET count = count + ?, bots = bots + ?
     WHERE day = ? AND key = (SELECT key FROM records WHERE id = ?)`,
  );
  const createUrnById = db.prepare<[string, string, string, string, number, number, number]>(
    `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots)
     SELECT ?, key, ?, ?, ?, ?, ? FROM records WHERE id = ?`,
  );
  const addUrns = db.transaction((urns: UrnResolutionStat[]) => {
    for (const u of urns)
      if (addUrnById.run(u.count, u.bots, u.day, u.record).changes === 0)
        createUrnById.run(u.day, u.nid, u.prefix, u.organisation, u.count, u.bots, u.record);
  });
  const size = db.prepare<[], { n: number | null }>(URN_LOG_SIZE_SQL);
  const logSize = () => size.get()?.n ?? 0;
  const addCount = db.prepare<[string, string, number]>(
    `INSERT INTO resolution_counts (nid, day, count) VALUES (?, ?, ?)
     ON CONFLICT (nid, day) DO UPDATE SET count = count + excluded.count`,
  );
  const addCounts = db.transaction((counts: ResolutionCount[]) => {
    for (const c of counts) addCount.run(c.nid, c.day, c.count);
  });
  return { add, rollUp, addUrns, logSize, addCounts };
}

export class SqliteStats extends StatsReads implements StatsStore {
  readonly #db: Database.Database;
  readonly #writers = preparedOnFirstUse(() => statsWriters(this.#db));
  protected readonly dialect = SQLITE;

  constructor(db: Database.Database) {
    super();
    this.#db = db;
  }

  protected async rows<T>(sql: Sql): Promise<T[]> {
    const named = Object.fromEntries(sql.values.map((v, i) => [`p${i + 1}`, v]));
    return this.#db.prepare<[Record<string, unknown>], T>(sql.text).all(named);
  }

  async add(resolutions: ResolutionStat[], urns: UrnResolutionStat[]): Promise<void> {
    this.#writers().add(resolutions, urns);
  }

  async rollUpUrnLog(until: string, limit: number): Promise<number> {
    return this.#writers().rollUp(until, limit);
  }

  async addUrns(urns: UrnResolutionStat[]): Promise<void> {
    this.#writers().addUrns(urns);
  }

  async urnLogSize(): Promise<number> {
    return this.#writers().logSize();
  }

  async addResolutionCounts(counts: ResolutionCount[]): Promise<void> {
    this.#writers().addCounts(counts);
  }
}
