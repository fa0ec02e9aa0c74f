// Tokens and UI sessions in SQLite (storage/tokens.ts): a token's creation and revocation (which
// ends its sessions) each in one transaction with its audit row.

import type Database from "better-sqlite3";
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
import type { AuditFn } from "./audit.js";
import { preparedOnFirstUse } from "./prepared.js";

/** A token's stored grant: what TOKEN_COLUMNS reads (a channel is never stored). */
type TokenRow = Omit<TokenInfo, "channel">;

/** The statements of tokens and sessions. */
function tokenStatements(db: Database.Database) {
  return {
    insertToken: db.prepare(
      "INSERT INTO tokens (hash, role, namespace, organisation, label, created) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    token: db.prepare<[string], TokenRow>(
      `SELECT ${TOKEN_COLUMNS} FROM tokens t WHERE t.hash = ? AND ${TOKEN_LIVE}`,
    ),
    tokenById: db.prepare<[number], TokenListing>(
      "SELECT id, role, namespace, organisation, label, created, revoked FROM tokens WHERE id = ?",
    ),
    revokeToken: db.prepare<[string, number], TokenRow>(
      `UPDATE tokens SET revoked = ? WHERE id = ? AND revoked IS NULL
       RETURNING id, role, namespace, organisation, label, created`,
    ),
    endTokenSessions: db.prepare("DELETE FROM sessions WHERE token_id = ?"),
    insertSession: db.prepare(
      "INSERT INTO sessions (id_hash, token_id, csrf, flash, created, expires) VALUES (?, ?, ?, ?, ?, ?)",
    ),
    session: db.prepare<[string, string], Record<string, unknown>>(
      `${SESSION_SELECT} WHERE s.id_hash = ? AND s.expires > ? AND ${TOKEN_LIVE}`,
    ),
    sessionExpires: db.prepare("UPDATE sessions SET expires = ? WHERE id_hash = ?"),
    sessionFlash: db.prepare("UPDATE sessions SET flash = ? WHERE id_hash = ?"),
    deleteSession: db.prepare("DELETE FROM sessions WHERE id_hash = ?"),
    sweepSessions: db.prepare("DELETE FROM sessions WHERE expires <= ?"),
  };
}

export class SqliteTokens implements TokenStore {
  readonly #db: Database.Database;
  readonly #s = preparedOnFirstUse(() => tokenStatements(this.#db));
  readonly #audit: AuditFn;

  constructor(db: Database.Database, audit: AuditFn) {
    this.#db = db;
    this.#audit = audit;
  }

  async create(token: NewToken, actor: Actor): Promise<TokenInfo> {
    return this.#db
      .transaction(() => {
        const t = now();
        const info = this.#s().insertToken.run(
          token.hash,
          token.role,
          token.namespace?.toLowerCase() ?? null,
          token.organisation ?? null,
          token.label,
          t,
        );
        const created: TokenInfo = {
          id: Number(info.lastInsertRowid),
          role: token.role,
          namespace: token.namespace?.toLowerCase() ?? null,
          organisation: token.organisation ?? null,
          label: token.label,
          created: t,
        };
        this.#audit(actor, "token.create", tokenTarget(created.id), undefined, created);
        return created;
      })
      .immediate();
  }

  async find(hash: string): Promise<TokenInfo | null> {
    return this.#s().token.get(hash) ?? null;
  }

  async revoke(id: number, actor: Actor): Promise<TokenInfo | null> {
    return this.#db
      .transaction(() => {
        const info = this.#s().revokeToken.get(now(), id) ?? null;
        if (info === null) return null;
        this.#s().endTokenSessions.run(id);
        this.#audit(actor, "token.revoke", tokenTarget(id), info, undefined);
        return info;
      })
      .immediate();
  }

  async list(): Promise<TokenListing[]> {
    // Prepared here, not with the hot statements: an audit reads it rarely.
    return this.#db
      .prepare<[], TokenListing>(
        "SELECT id, role, namespace, organisation, label, created, revoked FROM tokens ORDER BY id",
      )
      .all();
  }

  async get(id: number): Promise<TokenListing | null> {
    return this.#s().tokenById.get(id) ?? null;
  }

  async createSession(s: SessionRow): Promise<void> {
    this.#s().insertSession.run(s.idHash, s.tokenId, s.csrf, s.flash, s.created, s.expires);
  }

  async findSession(idHash: string, at: string): Promise<SessionWithToken | null> {
    const row = this.#s().session.get(idHash, at);
    return row === undefined ? null : toSessionWithToken(row);
  }

  async updateSession(idHash: string, change: SessionChange): Promise<void> {
    if (change.expires !== undefined) this.#s().sessionExpires.run(change.expires, idHash);
    if (change.flash !== undefined) this.#s().sessionFlash.run(change.flash, idHash);
  }

  async deleteSession(idHash: string): Promise<void> {
    this.#s().deleteSession.run(idHash);
  }

  async sweepSessions(at: string): Promise<number> {
    return this.#s().sweepSessions.run(at).changes;
  }
}
