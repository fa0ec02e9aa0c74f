// Statistics in PostgreSQL: a flush is one statement per table, the resolution rows grouped and
// upserted in key order (concurrent servers take the row locks in the same order), the URN rows
// appended to their log. The reads are the shared
// SQL (stats-sql.ts) with typed binds.

import type pg from "pg";
import type { ResolutionCount, ResolutionStat, StatsStore, UrnResolutionStat } from "../stats.js";
import { lastBefore, logChunks, URN_LOG_SIZE_SQL } from "../stats-log.js";
import { type Dialect, type Sql, StatsReads } from "../stats-sql.js";
import type { Queryable } from "./organisations.js";

/** The URN log's entries (l, e) with their records (r), each URN's key read from its record. */
const LOG_ENTRIES = `stat_resolution_urn_log l CROSS JOIN LATERAL jsonb_array_elements(l.urns) e
  JOIN records r ON r.id = (e ->> 0)::bigint`;

const POSTGRES: Dialect = {
  bind: (n, type) => `$${n}::${type === "count" ? "bigint" : type === "int" ? "integer" : "text"}`,
  bot: "bot::int",
  // COLLATE "C" as the rollup's columns: the two are read as one.
  logEntries: `SELECT l.day, r.key, (e ->> 1) COLLATE "C", (e ->> 2) COLLATE "C",
      (e ->> 3) COLLATE "C", (e ->> 4)::bigint, (e ->> 5)::bigint
    FROM ${LOG_ENTRIES}`,
  dayIn: (list) => `day = ANY (ARRAY(SELECT jsonb_array_elements_text(${list}::jsonb)))`,
  bytewise: (column) => `${column} COLLATE "C"`,
};

/** One column of `rows`, as an array parameter for unnest. */
function column<T, K extends keyof T>(rows: readonly T[], k: K): T[K][] {
  return rows.map((r) => r[k]);
}

export class PostgresStats extends StatsReads implements StatsStore {
  readonly #pool: pg.Pool;
  /** Where the statistics are read: the primary, or the replica while it is unreachable. */
  readonly #read: () => Queryable;
  protected readonly dialect = POSTGRES;

  constructor(pool: pg.Pool, read: () => Queryable) {
    super();
    this.#pool = pool;
    this.#read = read;
  }

  protected async rows<T>(sql: Sql): Promise<T[]> {
    return (await this.#read().query(sql.text, sql.values)).rows as T[];
  }

  async add(resolutions: ResolutionStat[], urns: UrnResolutionStat[]): Promise<void> {
    if (resolutions.length > 0)
      await this.#pool.query(
        `INSERT INTO stat_resolutions AS s (day, nid, prefix, organisation, outcome, bot, count)
         SELECT day, nid, prefix, organisation, outcome, bot, sum(count)
         FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[],
           $7::bigint[]) AS c(day, nid, prefix, organisation, outcome, bot, count)
         GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
         ON CONFLICT (day, nid, prefix, organisation, outcome, bot)
         DO UPDATE SET count = s.count + excluded.count`,
        [
          column(resolutions, "day"),
          column(resolutions, "nid"),
          column(resolutions, "prefix"),
          column(resolutions, "organisation"),
          column(resolutions, "outcome"),
          column(resolutions, "bot"),
          column(resolutions, "count"),
        ],
      );
    const chunks = logChunks(urns);
    if (chunks.length > 0)
      await this.#pool.query(
        `INSERT INTO stat_resolution_urn_log (day, urns)
         SELECT * FROM unnest($1::text[], $2::jsonb[])`,
        [column(chunks, "day"), column(chunks, "urns")],
      );
  }

  async rollUpUrnLog(until: string, limit: number): Promise<number> {
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN");
      // The log's first rows locked: a second process rolling up at once waits, then finds them
      // gone, rather than adding them twice.
      const first = await client.query<{ id: string; day: string }>(
        "SELECT id, day FROM stat_resolution_urn_log ORDER BY id LIMIT $1::integer FOR UPDATE",
        [limit],
      );
      const last = lastBefore(
        first.rows.map((r) => [r.id, r.day]),
        until,
      );
      let moved = 0;
      if (last !== null) {
        await client.query(
          `INSERT INTO stat_resolution_urns AS s
             (day, key, nid, prefix, organisation, count, bots, logged_to)
           SELECT l.day, r.key, max(e ->> 1), max(e ->> 2), max(e ->> 3),
             sum((e ->> 4)::bigint), sum((e ->> 5)::bigint), $1::bigint
           FROM ${LOG_ENTRIES}
           WHERE l.id <= $1::bigint
           GROUP BY 1, 2 ORDER BY 1, 2
           ON CONFLICT (day, key)
           DO UPDATE SET count = s.count + excluded.count, bots = s.bots + excluded.bots,
             logged_to = greatest(s.logged_to, excluded.logged_to)`,
          [last],
        );
        moved = (
          await client.query("DELETE FROM stat_resolution_urn_log WHERE id <= $1::bigint", [last])
        ).rowCount as number;
      }
      await client.query("COMMIT");
      return moved;
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    } finally {
      client.release();
    }
  }

  async addUrns(urns: UrnResolutionStat[]): Promise<void> {
    if (urns.length === 0) return;
    // Grouped, as a row may be added to once a statement; in key order, as the log's roll-up.
    await this.#pool.query(
      `INSERT INTO stat_resolution_urns AS s (day, key, nid, prefix, organisation, count, bots)
       SELECT c.day, r.key, max(c.nid), max(c.prefix), max(c.organisation), sum(c.count),
         sum(c.bots)
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::bigint[],
         $7::bigint[]) AS c(day, record, nid, prefix, organisation, count, bots)
       JOIN records r ON r.id = c.record
       GROUP BY 1, 2 ORDER BY 1, 2
       ON CONFLICT (day, key)
       DO UPDATE SET count = s.count + excluded.count, bots = s.bots + excluded.bots`,
      [
        column(urns, "day"),
        column(urns, "record"),
        column(urns, "nid"),
        column(urns, "prefix"),
        column(urns, "organisation"),
        column(urns, "count"),
        column(urns, "bots"),
      ],
    );
  }

  async urnLogSize(): Promise<number> {
    const { rows } = await this.#pool.query<{ n: string | null }>(URN_LOG_SIZE_SQL);
    return Number(rows[0]?.n ?? 0);
  }

  async addResolutionCounts(counts: ResolutionCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.#pool.query(
      `INSERT INTO resolution_counts (nid, day, count)
       SELECT nid, day, sum(count) FROM unnest($1::text[], $2::text[], $3::bigint[]) AS c(nid, day, count)
       GROUP BY nid, day
       ON CONFLICT (nid, day) DO UPDATE SET count = resolution_counts.count + excluded.count`,
      [counts.map((c) => c.nid), counts.map((c) => c.day), counts.map((c) => c.count)],
    );
  }
}
