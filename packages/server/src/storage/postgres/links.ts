// Link health in PostgreSQL (storage/links.ts): a check, its history row, the pruning of older
// ones and the locator's ranking mark in one transaction, the health row locked while it changes.

import type pg from "pg";
import {
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
  type LinkStore,
  type ReportRow,
  statusCondition,
  toLinkHealth,
  toReportRow,
} from "../links.js";
import type { Tx } from "./organisations.js";

/** Active http(s) locators of active records ($1 organisation, $2 prefix, or null). */
const CHECKABLE = `l.active AND r.status = 'active'
  AND (l.url LIKE 'http://%' OR l.url LIKE 'https://%')
  AND ($1::text IS NULL OR r.organisation = $1)
  AND ($2::text IS NULL OR r.prefix = $2)`;

const HEALTH_COLUMNS =
  "h.checked, h.outcome, h.status, h.final_url, h.latency_ms, h.message, h.failures, h.demoted";

export class PostgresLinks implements LinkStore {
  readonly #pool: pg.Pool;
  readonly #tx: Tx;

  constructor(pool: pg.Pool, tx: Tx) {
    this.#pool = pool;
    this.#tx = tx;
  }

  async dueLocators(query: DueQuery): Promise<DueLocator[]> {
    const { rows } = await this.#pool.query<DueLocator>(
      `SELECT l.id, l.url, r.urn FROM locators l
       JOIN records r ON r.id = l.record_id
       LEFT JOIN link_health h ON h.locator_id = l.id
       WHERE ${CHECKABLE}
         AND (h.not_before IS NULL OR h.not_before <= $3)
         AND ($4::text IS NULL OR h.checked IS NULL OR h.checked < $4)
       ORDER BY h.checked IS NOT NULL, h.checked, l.id
       LIMIT $5`,
      [
        query.organisation ?? null,
        query.prefix ?? null,
        query.now,
        query.checkedBefore ?? null,
        query.limit,
      ],
    );
    return rows.map((row) => ({ ...row, id: Number(row.id) }));
  }

  async recordLinkCheck(locatorId: number, check: LinkCheck, demoteAfter: number): Promise<void> {
    await this.#tx(async (c) => {
      const before = await c.query<{ failures: number }>(
        "SELECT failures FROM link_health WHERE locator_id = $1 FOR UPDATE",
        [locatorId],
      );
      const failures = failed(check.outcome) ? (before.rows[0]?.failures ?? 0) + 1 : 0;
      const demoted = failures >= demoteAfter;
      const values = [
        locatorId,
        check.checked,
        check.outcome,
        check.status,
        check.finalUrl,
        Math.round(check.latencyMs),
        check.message,
      ];
      await c.query(
        `INSERT INTO link_health (locator_id, checked, outcome, status, final_url, latency_ms,
           message, failures, demoted, not_before)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL)
         ON CONFLICT (locator_id) DO UPDATE SET checked = $2, outcome = $3, status = $4,
           final_url = $5, latency_ms = $6, message = $7, failures = $8, demoted = $9,
           not_before = NULL`,
        [...values, failures, demoted],
      );
      await c.query(
        `INSERT INTO link_checks (locator_id, checked, outcome, status, final_url, latency_ms, message)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        values,
      );
      await c.query(
        `DELETE FROM link_checks WHERE locator_id = $1 AND id <= (SELECT id FROM link_checks
           WHERE locator_id = $1 ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT})`,
        [locatorId],
      );
      // A deactivated record keeps its locators as they were (and is not checked again).
      await c.query(
        `UPDATE locators l SET link_failing = $2
         FROM records r
         WHERE l.id = $1 AND r.id = l.record_id AND l.link_failing <> $2
           AND r.status <> 'deactivated'`,
        [locatorId, demoted],
      );
    });
  }

  async deferLinkCheck(locatorId: number, notBefore: string): Promise<void> {
    await this.#pool.query(
      `INSERT INTO link_health (locator_id, not_before) VALUES ($1, $2)
       ON CONFLICT (locator_id) DO UPDATE SET not_before = $2`,
      [locatorId, notBefore],
    );
  }

  async linkReport(query: LinkReportQuery): Promise<LinkReportRow[]> {
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

  async locatorHealth(key: string): Promise<Map<string, LinkHealth>> {
    const { rows } = await this.#pool.query<LinkHealthRow & { url: string }>(
      `SELECT l.url, ${HEALTH_COLUMNS} FROM records r
       JOIN locators l ON l.record_id = r.id
       JOIN link_health h ON h.locator_id = l.id
       WHERE r.key = $1 AND h.checked IS NOT NULL`,
      [key],
    );
    return new Map(rows.map((row) => [row.url, toLinkHealth(row)]));
  }

  async linkHistory(locatorId: number): Promise<LinkCheck[]> {
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

  async linkOutcomeCounts(): Promise<LinkOutcomeCount[]> {
    const { rows } = await this.#pool.query<{
      outcome: LinkOutcomeCount["outcome"];
      demoted: boolean;
      count: string;
    }>(
      `SELECT outcome, demoted, count(*) AS count FROM link_health
       WHERE outcome IS NOT NULL GROUP BY outcome, demoted ORDER BY outcome, demoted`,
    );
    return rows.map((row) => ({ ...row, count: Number(row.count) }));
  }
}
