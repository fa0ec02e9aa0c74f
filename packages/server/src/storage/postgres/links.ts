// Link health in PostgreSQL (storage/links.ts): a check stored in two round trips (see
// links.recordCheck), the reports and the due list.

import type pg from "pg";
import {
  AFTER_EVERY_CHECK,
  type DueLocator,
  type DueQuery,
  failed,
  HISTORY_KEPT,
  type LinkCheck,
  type LinkHealth,
  type LinkHealthRow,
  type LinkOutcomeCount,
  type LinkReportQuery,
  type LinkReportRow,
  type LinkScope,
  type LinkStore,
  neverCheckedFirst,
  type ReportRow,
  statusCondition,
  toLinkHealth,
  toReportRow,
} from "../links.js";
import type { Queryable } from "./organisations.js";

/**
 * Active http(s) locators of active records ($1 organisation, $2 prefix, or null). A scheme is
 * case-insensitive (RFC 3986 section 3.1), hence ILIKE, as SQLite's LIKE is for ASCII.
 */
const CHECKABLE = `l.active AND r.status = 'active'
  AND (l.url ILIKE 'http://%' OR l.url ILIKE 'https://%')
  AND ($1::text IS NULL OR r.organisation = $1)
  AND ($2::text IS NULL OR r.prefix = $2)`;

// The due locators in three index ranges (migration 15): never checked (locators_unchecked), only
// deferred so far and checked before a time (link_health_by_checked). $1 and $2 are the scope.
export const DUE_UNCHECKED = `SELECT l.id, l.url, r.urn FROM locators l JOIN records r ON r.id = l.record_id
  WHERE NOT l.link_checked AND ${CHECKABLE}
  ORDER BY l.id LIMIT $3`;
export const DUE_DEFERRED = `SELECT l.id, l.url, r.urn FROM link_health h
  JOIN locators l ON l.id = h.locator_id JOIN records r ON r.id = l.record_id
  WHERE h.checked IS NULL AND (h.not_before IS NULL OR h.not_before <= $3) AND ${CHECKABLE}
  ORDER BY h.checked, h.locator_id LIMIT $4`;
export const DUE_CHECKED = `SELECT l.id, l.url, r.urn FROM link_health h
  JOIN locators l ON l.id = h.locator_id JOIN records r ON r.id = l.record_id
  WHERE h.checked < $4 AND (h.not_before IS NULL OR h.not_before <= $3) AND ${CHECKABLE}
  ORDER BY h.checked, h.locator_id LIMIT $5`;

const HEALTH_COLUMNS =
  "h.checked, h.outcome, h.status, h.final_url, h.latency_ms, h.message, h.failures, h.demoted";

export class PostgresLinks implements LinkStore {
  readonly #pool: pg.Pool;
  /** The primary, or the replica while the primary is unreachable (read-routing.ts). */
  readonly #read: () => Queryable;

  constructor(pool: pg.Pool, read: () => Queryable) {
    this.#pool = pool;
    this.#read = read;
  }

  async due(query: DueQuery): Promise<DueLocator[]> {
    const scope = [query.organisation ?? null, query.prefix ?? null];
    const read = async (sql: string, values: unknown[]) => {
      const { rows } = await this.#pool.query<DueLocator>(sql, [...scope, ...values]);
      return rows.map((row) => ({ ...row, id: Number(row.id) }));
    };
    const [unchecked, deferred] = await Promise.all([
      read(DUE_UNCHECKED, [query.limit]),
      read(DUE_DEFERRED, [query.now, query.limit]),
    ]);
    const never = neverCheckedFirst(unchecked, deferred, query.limit);
    if (never.length >= query.limit) return never;
    const checkedBefore = query.checkedBefore ?? AFTER_EVERY_CHECK;
    return never.concat(
      await read(DUE_CHECKED, [query.now, checkedBefore, query.limit - never.length]),
    );
  }

  async recordCheck(locatorId: number, check: LinkCheck, demoteAfter: number): Promise<void> {
    // Two statements, no transaction around them: the first counts the failure in the health
    // row (its ON CONFLICT locks the row, so checks of one locator at once count one after the
    // other), adds the history row and sets the ranking mark, all at once; the second drops the
    // checks beyond the last HISTORY_KEPT, which the next check does if this one is lost.
    await this.#pool.query(
      `WITH h AS (
         INSERT INTO link_health (locator_id, checked, outcome, status, final_url, latency_ms,
           message, failures, demoted, not_before)
         VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8 THEN 1 ELSE 0 END, $8 AND 1 >= $9, NULL)
         ON CONFLICT (locator_id) DO UPDATE SET checked = $2, outcome = $3, status = $4,
           final_url = $5, latency_ms = $6, message = $7,
           failures = CASE WHEN $8 THEN link_health.failures + 1 ELSE 0 END,
           demoted = $8 AND link_health.failures + 1 >= $9, not_before = NULL
         RETURNING demoted
       ), c AS (
         INSERT INTO link_checks (locator_id, checked, outcome, status, final_url, latency_ms,
           message)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
       )
       -- A deactivated record keeps its locators as they were (and is not checked again).
       -- With its first check it leaves locators_unchecked (link_checked).
       UPDATE locators l SET link_failing = h.demoted, link_checked = true FROM h, records r
       WHERE l.id = $1 AND r.id = l.record_id
         AND (l.link_failing <> h.demoted OR NOT l.link_checked)
         AND r.status <> 'deactivated'`,
      [
        locatorId,
        check.checked,
        check.outcome,
        check.status,
        check.finalUrl,
        Math.round(check.latencyMs),
        check.message,
        failed(check.outcome),
        demoteAfter,
      ],
    );
    await this.#pool.query(
      `DELETE FROM link_checks WHERE locator_id = $1 AND id <= (SELECT id FROM link_checks
         WHERE locator_id = $1 ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT})`,
      [locatorId],
    );
  }

  async deferCheck(locatorId: number, notBefore: string): Promise<void> {
    // Deferred, it leaves locators_unchecked (link_checked) for the deferred range.
    await this.#pool.query(
      `WITH h AS (
         INSERT INTO link_health (locator_id, not_before) VALUES ($1, $2)
         ON CONFLICT (locator_id) DO UPDATE SET not_before = $2
       )
       UPDATE locators l SET link_checked = true FROM records r
       WHERE l.id = $1 AND r.id = l.record_id AND NOT l.link_checked
         AND r.status <> 'deactivated'`,
      [locatorId, notBefore],
    );
  }

  async report(query: LinkReportQuery): Promise<LinkReportRow[]> {
    const { rows } = await this.#pool.query<ReportRow>(
      `SELECT l.id, r.urn, l.url, r.organisation, r.prefix, ${HEALTH_COLUMNS}
       FROM locators l
       JOIN records r ON r.id = l.record_id
       LEFT JOIN link_health h ON h.locator_id = l.id
       WHERE ${CHECKABLE} AND l.id > $3 AND ${statusCondition(query.status)}
       ORDER BY l.id LIMIT $4`,
      [query.organisation ?? null, query.prefix ?? null, query.after ?? 0, query.limit],
    );
    return rows.map(toReportRow);
  }

  async health(key: string): Promise<Map<string, LinkHealth>> {
    const { rows } = await this.#read().query<LinkHealthRow & { url: string }>(
      `SELECT l.url, ${HEALTH_COLUMNS} FROM records r
       JOIN locators l ON l.record_id = r.id
       JOIN link_health h ON h.locator_id = l.id
       WHERE r.key = $1 AND h.checked IS NOT NULL`,
      [key],
    );
    return new Map(rows.map((row) => [row.url, toLinkHealth(row)]));
  }

  async history(locatorId: number): Promise<LinkCheck[]> {
    const { rows } = await this.#pool.query<LinkHealthRow>(
      `SELECT checked, outcome, status, final_url, latency_ms, message, 0 AS failures,
         false AS demoted
       FROM link_checks WHERE locator_id = $1 ORDER BY id DESC`,
      [locatorId],
    );
    return rows.map((row) => {
      const { failures: _f, demoted: _d, ...check } = toLinkHealth(row);
      return check;
    });
  }

  async outcomeCounts(scope?: LinkScope): Promise<LinkOutcomeCount[]> {
    type Row = { outcome: LinkOutcomeCount["outcome"]; demoted: boolean; count: string };
    const { rows } =
      scope === undefined
        ? await this.#pool.query<Row>(
            `SELECT outcome, demoted, count(*) AS count FROM link_health
             WHERE outcome IS NOT NULL GROUP BY outcome, demoted ORDER BY outcome, demoted`,
          )
        : // Outcomes ordered byte-wise, as SQLite does, whatever the database's collation.
          await this.#pool.query<Row>(
            `SELECT h.outcome AS outcome, coalesce(h.demoted, false) AS demoted, count(*) AS count
             FROM locators l
             JOIN records r ON r.id = l.record_id
             LEFT JOIN link_health h ON h.locator_id = l.id
             WHERE ${CHECKABLE}
             GROUP BY h.outcome, coalesce(h.demoted, false)
             ORDER BY h.outcome IS NOT NULL, h.outcome COLLATE "C", 2`,
            [scope.organisation ?? null, scope.prefix ?? null],
          );
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }
}
