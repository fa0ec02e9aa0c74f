// Link health in SQLite (storage/links.ts): a check, its history row, the pruning of older ones
// and the locator's ranking mark in one transaction.

import type Database from "better-sqlite3";
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
import { preparedOnFirstUse } from "./prepared.js";

/** Active http(s) locators of active records: the ones worth checking and reporting. */
const CHECKABLE = `l.active = 1 AND r.status = 'active'
  AND (l.url LIKE 'http://%' OR l.url LIKE 'https://%')
  AND (@organisation IS NULL OR r.organisation = @organisation)
  AND (@prefix IS NULL OR r.prefix = @prefix)`;

// The due locators in three index ranges (migration 15): never checked (locators_unchecked),
// only deferred so far and checked before a time (link_health_by_checked, NULLs first). The
// index and the join order are spelled out (INDEXED BY, CROSS JOIN): without statistics SQLite
// starts from the active records (records_by_status) and sorts all their locators.
export const DUE_UNCHECKED = `SELECT l.id, l.url, r.urn FROM locators l INDEXED BY locators_unchecked
  CROSS JOIN records r ON r.id = l.record_id
  WHERE l.link_checked = 0 AND ${CHECKABLE}
  ORDER BY l.id LIMIT @limit`;
export const DUE_DEFERRED = `SELECT l.id, l.url, r.urn FROM link_health h
  INDEXED BY link_health_by_checked
  CROSS JOIN locators l ON l.id = h.locator_id CROSS JOIN records r ON r.id = l.record_id
  WHERE h.checked IS NULL AND (h.not_before IS NULL OR h.not_before <= @now) AND ${CHECKABLE}
  ORDER BY h.checked, h.locator_id LIMIT @limit`;
export const DUE_CHECKED = `SELECT l.id, l.url, r.urn FROM link_health h
  INDEXED BY link_health_by_checked
  CROSS JOIN locators l ON l.id = h.locator_id CROSS JOIN records r ON r.id = l.record_id
  WHERE h.checked < @checkedBefore AND (h.not_before IS NULL OR h.not_before <= @now)
    AND ${CHECKABLE}
  ORDER BY h.checked, h.locator_id LIMIT @limit`;

const HEALTH_COLUMNS =
  "h.checked, h.outcome, h.status, h.final_url, h.latency_ms, h.message, h.failures, h.demoted";

/** The statements of a check, prepared once: a checker stores hundreds a second. */
function linkStatements(db: Database.Database) {
  return {
    dueUnchecked: db.prepare<Record<string, unknown>, DueLocator>(DUE_UNCHECKED),
    dueDeferred: db.prepare<Record<string, unknown>, DueLocator>(DUE_DEFERRED),
    dueChecked: db.prepare<Record<string, unknown>, DueLocator>(DUE_CHECKED),
    // Out of locators_unchecked with its first check or deferral (not on a tombstone's).
    checkedOnce: db.prepare<{ id: number }>(
      `UPDATE locators SET link_checked = 1
       WHERE id = @id AND link_checked = 0
         AND (SELECT status FROM records WHERE id = locators.record_id) <> 'deactivated'`,
    ),
    failures: db.prepare<[number], { failures: number }>(
      "SELECT failures FROM link_health WHERE locator_id = ?",
    ),
    // Looked up first, then inserted or updated: no UPSERT (see the migration's guards).
    insertHealth: db.prepare(
      `INSERT INTO link_health (locator_id, checked, outcome, status, final_url, latency_ms,
         message, failures, demoted, not_before)
       VALUES (@id, @checked, @outcome, @status, @finalUrl, @latency, @message, @failures,
         @demoted, NULL)`,
    ),
    updateHealth: db.prepare(
      `UPDATE link_health SET checked = @checked, outcome = @outcome, status = @status,
         final_url = @finalUrl, latency_ms = @latency, message = @message,
         failures = @failures, demoted = @demoted, not_before = NULL
       WHERE locator_id = @id`,
    ),
    insertCheck: db.prepare(
      `INSERT INTO link_checks (locator_id, checked, outcome, status, final_url, latency_ms, message)
       VALUES (@id, @checked, @outcome, @status, @finalUrl, @latency, @message)`,
    ),
    prune: db.prepare(
      `DELETE FROM link_checks WHERE locator_id = @id AND id <= (SELECT id FROM link_checks
         WHERE locator_id = @id ORDER BY id DESC LIMIT 1 OFFSET ${HISTORY_KEPT})`,
    ),
    // A deactivated record keeps its locators as they were (and is not checked again).
    mark: db.prepare(
      `UPDATE locators SET link_failing = @demoted
       WHERE id = @id AND link_failing <> @demoted
         AND (SELECT status FROM records WHERE id = locators.record_id) <> 'deactivated'`,
    ),
  };
}

export class SqliteLinks implements LinkStore {
  readonly #db: Database.Database;
  readonly #s = preparedOnFirstUse(() => linkStatements(this.#db));

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async due(query: DueQuery): Promise<DueLocator[]> {
    const s = this.#s();
    const values = {
      now: query.now,
      checkedBefore: query.checkedBefore ?? AFTER_EVERY_CHECK,
      organisation: query.organisation ?? null,
      prefix: query.prefix ?? null,
      limit: query.limit,
    };
    const never = neverCheckedFirst(
      s.dueUnchecked.all(values),
      s.dueDeferred.all(values),
      query.limit,
    );
    if (never.length >= query.limit) return never;
    return never.concat(s.dueChecked.all({ ...values, limit: query.limit - never.length }));
  }

  async recordCheck(locatorId: number, check: LinkCheck, demoteAfter: number): Promise<void> {
    const s = this.#s();
    this.#db.transaction(() => {
      const before = s.failures.get(locatorId);
      const failures = failed(check.outcome) ? (before?.failures ?? 0) + 1 : 0;
      const demoted = failures >= demoteAfter ? 1 : 0;
      const values = {
        id: locatorId,
        checked: check.checked,
        outcome: check.outcome,
        status: check.status,
        finalUrl: check.finalUrl,
        latency: Math.round(check.latencyMs),
        message: check.message,
        failures,
        demoted,
      };
      (before === undefined ? s.insertHealth : s.updateHealth).run(values);
      s.insertCheck.run(values);
      s.prune.run({ id: locatorId });
      s.mark.run({ id: locatorId, demoted });
      s.checkedOnce.run({ id: locatorId });
    })();
  }

  async deferCheck(locatorId: number, notBefore: string): Promise<void> {
    const db = this.#db;
    db.transaction(() => {
      const updated = db
        .prepare("UPDATE link_health SET not_before = ? WHERE locator_id = ?")
        .run(notBefore, locatorId);
      if (updated.changes === 0)
        db.prepare("INSERT INTO link_health (locator_id, not_before) VALUES (?, ?)").run(
          locatorId,
          notBefore,
        );
      this.#s().checkedOnce.run({ id: locatorId });
    })();
  }

  async report(query: LinkReportQuery): Promise<LinkReportRow[]> {
    return this.#db
      .prepare<Record<string, unknown>, ReportRow>(
        `SELECT l.id, r.urn, l.url, r.organisation, r.prefix, ${HEALTH_COLUMNS}
         FROM locators l
         JOIN records r ON r.id = l.record_id
         LEFT JOIN link_health h ON h.locator_id = l.id
         WHERE ${CHECKABLE} AND l.id > @after AND ${statusCondition(query.status)}
         ORDER BY l.id LIMIT @limit`,
      )
      .all({
        organisation: query.organisation ?? null,
        prefix: query.prefix ?? null,
        after: query.after ?? 0,
        limit: query.limit,
      })
      .map(toReportRow);
  }

  async health(key: string): Promise<Map<string, LinkHealth>> {
    const rows = this.#db
      .prepare<[string], LinkHealthRow & { url: string }>(
        `SELECT l.url, ${HEALTH_COLUMNS} FROM records r
         JOIN locators l ON l.record_id = r.id
         JOIN link_health h ON h.locator_id = l.id
         WHERE r.key = ? AND h.checked IS NOT NULL`,
      )
      .all(key);
    return new Map(rows.map((row) => [row.url, toLinkHealth(row)]));
  }

  async history(locatorId: number): Promise<LinkCheck[]> {
    return this.#db
      .prepare<[number], LinkHealthRow>(
        `SELECT checked, outcome, status, final_url, latency_ms, message, 0 AS failures,
           0 AS demoted
         FROM link_checks WHERE locator_id = ? ORDER BY id DESC`,
      )
      .all(locatorId)
      .map((row) => {
        const { failures: _f, demoted: _d, ...check } = toLinkHealth(row);
        return check;
      });
  }

  async outcomeCounts(scope?: LinkScope): Promise<LinkOutcomeCount[]> {
    type Row = { outcome: LinkOutcomeCount["outcome"]; demoted: number; count: number };
    const rows =
      scope === undefined
        ? this.#db
            .prepare<[], Row>(
              `SELECT outcome, demoted, count(*) AS count FROM link_health
               WHERE outcome IS NOT NULL GROUP BY outcome, demoted ORDER BY outcome, demoted`,
            )
            .all()
        : this.#db
            .prepare<Record<string, unknown>, Row>(
              `SELECT h.outcome AS outcome, coalesce(h.demoted, 0) AS demoted, count(*) AS count
               FROM locators l
               JOIN records r ON r.id = l.record_id
               LEFT JOIN link_health h ON h.locator_id = l.id
               WHERE ${CHECKABLE}
               GROUP BY h.outcome, coalesce(h.demoted, 0)
               ORDER BY h.outcome IS NOT NULL, h.outcome, 2`,
            )
            .all({ organisation: scope.organisation ?? null, prefix: scope.prefix ?? null });
    return rows.map((row) => ({
      outcome: row.outcome,
      demoted: row.demoted === 1,
      count: row.count,
    }));
  }
}
