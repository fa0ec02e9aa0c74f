// API tokens and the web UI's sessions that act for them. Only hashes are stored: of a token, and
// of a session's id; revoking a token ends its sessions.

import type { Actor } from "./audit.js";

export type Role = "admin" | "registrar" | "reader";

export interface TokenInfo {
  id: number;
  role: Role;
  namespace: string | null;
  /** The organisation the token acts for; null for a namespace-scoped or server-wide token. */
  organisation: string | null;
  label: string | null;
  created: string;
}

/** A token as listed for an audit: its grant and when it was revoked (null while it is live). */
export interface TokenListing extends TokenInfo {
  revoked: string | null;
}

/**
 * A signed-in UI session as stored: the hash of its id (the id itself lives only in the browser's
 * cookie) and the token it acts for (the token itself is never stored).
 */
export interface SessionRow {
  idHash: string;
  tokenId: number;
  /** The synchronizer token every form of the session repeats. */
  csrf: string;
  /** A one-time message for the next page (e.g. "minted urn:…"). */
  flash: string | null;
  created: string;
  expires: string;
}

export interface SessionWithToken {
  session: SessionRow;
  token: TokenInfo;
}

export interface SessionChange {
  expires?: string;
  flash?: string | null;
}

/** A token to store: its SHA-256 (the token itself is never stored) and its grant. */
export interface NewToken {
  hash: string;
  role: Role;
  namespace: string | null;
  organisation?: string | null;
  label: string | null;
}

export interface TokenStore {
  create(token: NewToken, actor: Actor): Promise<TokenInfo>;
  /** A token that exists and is not revoked. */
  find(hash: string): Promise<TokenInfo | null>;
  /** Revokes a token and ends its sessions; null when there is no such live token. */
  revoke(id: number, actor: Actor): Promise<TokenInfo | null>;
  /** Every token ever created, live and revoked, by id (never its hash). */
  list(): Promise<TokenListing[]>;
  /** One token by its id, live or revoked (never its hash); null when there is none. */
  get(id: number): Promise<TokenListing | null>;

  createSession(session: SessionRow): Promise<void>;
  /** The session with its token, unless it expired by `now` or its token was revoked. */
  findSession(idHash: string, now: string): Promise<SessionWithToken | null>;
  updateSession(idHash: string, change: SessionChange): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Deletes the sessions expired by `now`; returns how many. */
  sweepSessions(now: string): Promise<number>;
}
