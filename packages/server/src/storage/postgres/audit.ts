// The audit log in PostgreSQL (storage/audit.ts): each write's row is added by the concern making
// the write, on the write's own connection, through write().

import type { AuditEntry, AuditQuery, AuditRow, AuditStore } from "../audit.js";
import { auditValues, toAuditEntry } from "../rows.js";
import type { Queryable } from "./organisations.js";

export class PostgresAudit implements AuditStore {
  readonly #read: () => Queryable;

  /**
   * `read()`: where a read made now goes (the enclosing write batch's connection, the primary,
   * or the replica while the primary is unreachable).
   */
  constructor(read: () => Queryable) {
    this.#read = read;
  }

  async write(q: Queryable, ...row: AuditRow): Promise<void> {
    await q.query(
      "INSERT INTO audit (token_id, channel, action, target, before, after, at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
      auditValues(row),
    );
  }

  async list(limit: number, query: AuditQuery = {}): Promise<AuditEntry[]> {
    const before = query.before ?? Number.MAX_SAFE_INTEGER;
    const { rows } =
      query.organisation !== undefined
        ? await this.#read().query<Record<string, unknown>>(
            `SELECT * FROM audit
             WHERE id < $1
               AND ($3::text[] IS NULL OR target = ANY($3::text[]))
               AND (token_id IN (SELECT id FROM tokens WHERE organisation = $4::text)
                 OR target = 'org:' || $4::text
                 OR target IN (SELECT 'prefix:' || prefix FROM prefixes WHERE organisation = $4::text)
                 OR target IN (SELECT 'token:' || id FROM tokens WHERE organisation = $4::text))
             ORDER BY id DESC LIMIT $2`,
            [before, limit, query.targets ?? null, query.organisation],
          )
        : query.targets === undefined
          ? await this.#read().query<Record<string, unknown>>(
              "SELECT * FROM audit WHERE id < $1 ORDER BY id DESC LIMIT $2",
              [before, limit],
            )
          : await this.#read().query<Record<string, unknown>>(
              "SELECT * FROM audit WHERE target = ANY($3::text[]) AND id < $1 ORDER BY id DESC LIMIT $2",
              [before, limit, query.targets],
            );
    return rows.map(toAuditEntry);
  }
}
