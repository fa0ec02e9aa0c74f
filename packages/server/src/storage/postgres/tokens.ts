// Tokens and UI sessions in PostgreSQL (storage/tokens.ts): a token's creation and revocation
// (which ends its sessions) each in one transaction with its audit row.

import type { Actor } from "../audit.js";
import {
  now,
  SESSION_SELECT,
  TOKEN_COLUMNS,
  TOKEN_LIVE,
  tokenTarget,
  toSessionWithToken,
} from "../rows.js";
import type {
  NewToken,
  SessionChange,
  SessionRow,
  SessionWithToken,
  TokenInfo,
  TokenListing,
  TokenStore,
} from "../tokens.js";
import type { PgAuditFn, Queryable, Tx } from "./organisations.js";

export class PostgresTokens implements TokenStore {
  readonly #db: () => Queryable;
  readonly #tx: Tx;
  readonly #audit: PgAuditFn;

  constructor(db: () => Queryable, tx: Tx, audit: PgAuditFn) {
    this.#db = db;
    this.#tx = tx;
    this.#audit = audit;
  }

  async create(token: NewToken, actor: Actor): Promise<TokenInfo> {
    return this.#tx(async (c) => {
      const t = now();
      const namespace = token.namespace?.toLowerCase() ?? null;
      const organisation = token.organisation ?? null;
      const { rows } = await c.query<{ id: number }>(
        "INSERT INTO tokens (hash, role, namespace, organisation, label, created) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        [token.hash, token.role, namespace, organisation, token.label, t],
      );
      const created: TokenInfo = {
        id: (rows[0] as { id: number }).id,
        role: token.role,
        namespace,
        organisation,
        label: token.label,
        created: t,
      };
      await this.#audit(c, actor, "token.create", tokenTarget(created.id), undefined, created);
      return created;
    });
  }

  async find(hash: string): Promise<TokenInfo | null> {
    const { rows } = await this.#db().query<TokenInfo>({
      name: "token",
      text: `SELECT ${TOKEN_COLUMNS} FROM tokens t WHERE t.hash = $1 AND ${TOKEN_LIVE}`,
      values: [hash],
    });
    return rows[0] ?? null;
  }

  async revoke(id: number, actor: Actor): Promise<TokenInfo | null> {
    return this.#tx(async (c) => {
      const { rows } = await c.query<TokenInfo>(
        `UPDATE tokens SET revoked = $1 WHERE id = $2 AND revoked IS NULL
         RETURNING id, role, namespace, organisation, label, created`,
        [now(), id],
      );
      const info = rows[0] ?? null;
      if (info === null) return null;
      await c.query("DELETE FROM sessions WHERE token_id = $1", [id]);
      await this.#audit(c, actor, "token.revoke", tokenTarget(id), info, undefined);
      return info;
    });
  }

  async list(): Promise<TokenListing[]> {
    const { rows } = await this.#db().query<TokenListing>(
      "SELECT id, role, namespace, organisation, label, created, revoked FROM tokens ORDER BY id",
    );
    return rows;
  }

  async get(id: number): Promise<TokenListing | null> {
    const { rows } = await this.#db().query<TokenListing>(
      "SELECT id, role, namespace, organisation, label, created, revoked FROM tokens WHERE id = $1",
      [id],
    );
    return rows[0] ?? null;
  }

  async createSession(s: SessionRow): Promise<void> {
    await this.#db().query(
      "INSERT INTO sessions (id_hash, token_id, csrf, flash, created, expires) VALUES ($1, $2, $3, $4, $5, $6)",
      [s.idHash, s.tokenId, s.csrf, s.flash, s.created, s.expires],
    );
  }

  async findSession(idHash: string, at: string): Promise<SessionWithToken | null> {
    const { rows } = await this.#db().query<Record<string, unknown>>({
      name: "session",
      text: `${SESSION_SELECT} WHERE s.id_hash = $1 AND s.expires > $2 AND ${TOKEN_LIVE}`,
      values: [idHash, at],
    });
    return rows[0] === undefined ? null : toSessionWithToken(rows[0]);
  }

  async updateSession(idHash: string, change: SessionChange): Promise<void> {
    await this.#db().query(
      `UPDATE sessions SET expires = coalesce($2, expires),
         flash = CASE WHEN $3 THEN $4 ELSE flash END WHERE id_hash = $1`,
      [idHash, change.expires ?? null, change.flash !== undefined, change.flash ?? null],
    );
  }

  async deleteSession(idHash: string): Promise<void> {
    await this.#db().query("DELETE FROM sessions WHERE id_hash = $1", [idHash]);
  }

  async sweepSessions(at: string): Promise<number> {
    return (await this.#db().query("DELETE FROM sessions WHERE expires <= $1", [at])).rowCount ?? 0;
  }
}
