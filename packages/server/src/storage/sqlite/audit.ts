// The audit log in SQLite (storage/audit.ts): each write's row is added by the concern making the
// write, in its transaction, through write().

import type Database from "better-sqlite3";
import type { AuditEntry, AuditQuery, AuditRow, AuditStore } from "../audit.js";
import { auditValues, toAuditEntry } from "../rows.js";
import { preparedOnFirstUse } from "./prepared.js";

/** How a concern adds its write's audit row (inside the write's transaction). */
export type AuditFn = (...row: AuditRow) => void;

/** The audit log's statements. */
function auditStatements(db: Database.Database) {
  return {
    // One statement for a batch's audit rows, one a created record (in line order).
    insertAudit: db.prepare(
      "INSERT INTO audit (token_id, channel, action, target, before, after, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
    ),
    audit: db.prepare<[number, number], Record<string, unknown>>(
      "SELECT * FROM audit WHERE id < ? ORDER BY id DESC LIMIT ?",
    ),
    // The targets travel as one JSON array, so one prepared statement takes any number.
    auditFor: db.prepare<[string, number, number], Record<string, unknown>>(
      `SELECT * FROM audit WHERE target IN (SELECT value FROM json_each(?)) AND id < ?
       ORDER BY id DESC LIMIT ?`,
    ),
    // One statement for an organisation's rows, with or without targets (null: any target).
    auditOfOrganisation: db.prepare<
      { organisation: string; targets: string | null; before: number; limit: number },
      Record<string, unknown>
    >(
      `SELECT * FROM audit
       WHERE id < @before
         AND (@targets IS NULL OR target IN (SELECT value FROM json_each(@targets)))
         AND (token_id IN (SELECT id FROM tokens WHERE organisation = @organisation)
           OR target = 'org:' || @organisation
           OR target IN (SELECT 'prefix:' || prefix FROM prefixes WHERE organisation = @organisation)
           OR target IN (SELECT 'token:' || id FROM tokens WHERE organisation = @organisation))
       ORDER BY id DESC LIMIT @limit`,
    ),
  };
}

export class SqliteAudit implements AuditStore {
  readonly #db: Database.Database;
  readonly #s = preparedOnFirstUse(() => auditStatements(this.#db));

  constructor(db: Database.Database) {
    this.#db = db;
  }

  write(...row: AuditRow): void {
    this.#s().insertAudit.run(auditValues(row));
  }

  async list(limit: number, query: AuditQuery = {}): Promise<AuditEntry[]> {
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const rows =
      query.organisation !== undefined
        ? this.#s().auditOfOrganisation.all({
            organisation: query.organisation,
            targets: query.targets === undefined ? null : JSON.stringify(query.targets),
            before,
            limit,
          })
        : query.targets === undefined
          ? this.#s().audit.all(before, limit)
          : this.#s().auditFor.all(JSON.stringify(query.targets), before, limit);
    return rows.map(toAuditEntry);
  }
}
