// Server-side sessions for the registrar pages. The browser holds only a random id in an HttpOnly,
// SameSite=Strict cookie (RFC 6265bis §4.1.2.7); the token stays on the server. Every session
// carries a synchronizer token that every form repeats and every POST must match (OWASP CSRF
// prevention), including the sign-in form's anonymous session, so a login cannot be forged.

import { randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { TokenInfo } from "../storage/store.js";

export const COOKIE = "urnkit_session";
/** A signed-in session ends after this much inactivity, or this long after sign-in at most. */
const IDLE_MS = 30 * 60 * 1000;
const LIFETIME_MS = 8 * 60 * 60 * 1000;
/** Anonymous sessions (a sign-in form not yet sent) are cheap to create, so they are capped. */
const MAX_SESSIONS = 10000;

export interface Session {
  id: string;
  csrf: string;
  /** The signed-in token; null before sign-in. */
  token: TokenInfo | null;
  /** The bearer credential writes are made with (see registrar-api.ts); never sent back out. */
  bearer: string | null;
  /** A one-time message for the next page (e.g. "minted urn:…"). */
  flash: string | null;
  created: number;
  seen: number;
}

const randomId = () => randomBytes(32).toString("base64url");

/** The cookie's value in a Cookie header (RFC 6265 §5.4: "; "-separated name=value pairs). */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

/** Secure when the request came over HTTPS (directly, or by a proxy fastify is told to trust). */
function cookie(request: FastifyRequest, value: string, maxAge: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

export class SessionStore {
  readonly #sessions = new Map<string, Session>();
  readonly #now: () => number;

  constructor(options: { now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  /** The request's live session, or null. Touching it extends the idle timeout. */
  get(request: FastifyRequest): Session | null {
    const id = cookieValue(request.headers.cookie, COOKIE);
    if (id === null) return null;
    const session = this.#sessions.get(id);
    if (session === undefined) return null;
    const now = this.#now();
    if (now - session.seen > IDLE_MS || now - session.created > LIFETIME_MS) {
      this.#sessions.delete(id);
      return null;
    }
    session.seen = now;
    return session;
  }

  /** The request's session, or a new anonymous one (with its cookie set on `reply`). */
  ensure(request: FastifyRequest, reply: FastifyReply): Session {
    return this.get(request) ?? this.#create(request, reply, null, null);
  }

  /** Signs in: a new session id (no fixation of an id chosen before sign-in), the old one ends. */
  signIn(request: FastifyRequest, reply: FastifyReply, token: TokenInfo, bearer: string): Session {
    this.#drop(request);
    return this.#create(request, reply, token, bearer);
  }

  signOut(request: FastifyRequest, reply: FastifyReply): void {
    this.#drop(request);
    reply.header("set-cookie", cookie(request, "", 0));
  }

  #drop(request: FastifyRequest): void {
    const id = cookieValue(request.headers.cookie, COOKIE);
    if (id !== null) this.#sessions.delete(id);
  }

  /** True when `sent` is the session's CSRF token (compared in constant time). */
  static checkCsrf(session: Session | null, sent: unknown): boolean {
    if (session === null || typeof sent !== "string") return false;
    const a = Buffer.from(session.csrf);
    const b = Buffer.from(sent);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Returns and clears the session's one-time message. */
  static takeFlash(session: Session | null): string | null {
    if (session === null) return null;
    const flash = session.flash;
    session.flash = null;
    return flash;
  }

  #create(
    request: FastifyRequest,
    reply: FastifyReply,
    token: TokenInfo | null,
    bearer: string | null,
  ): Session {
    this.#sweep();
    const now = this.#now();
    const session: Session = {
      id: randomId(),
      csrf: randomId(),
      token,
      bearer,
      flash: null,
      created: now,
      seen: now,
    };
    this.#sessions.set(session.id, session);
    reply.header("set-cookie", cookie(request, session.id, LIFETIME_MS / 1000));
    return session;
  }

  /** Drops expired sessions; at the cap, the oldest go first (Map keeps insertion order). */
  #sweep(): void {
    const now = this.#now();
    for (const [id, s] of this.#sessions)
      if (now - s.seen > IDLE_MS || now - s.created > LIFETIME_MS) this.#sessions.delete(id);
    for (const id of this.#sessions.keys()) {
      if (this.#sessions.size < MAX_SESSIONS) break;
      this.#sessions.delete(id);
    }
  }
}
