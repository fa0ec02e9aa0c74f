// Sessions for the registrar pages, kept in the database so that any urnkit process behind a load
// balancer knows them. The browser holds a random id in an HttpOnly, SameSite=Strict cookie
// (RFC 6265bis §4.1.2.7); the database holds only its SHA-256 and the id of the token it acts
// for, never the id or the token. Every session carries a synchronizer token that each form
// repeats and each POST must match (OWASP CSRF prevention). Before sign-in there is no row: the
// sign-in form's token is a double-submit cookie, so a login cannot be forged either and a
// visitor who only looks at the form writes nothing.

import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";

export const COOKIE = "urnkit_session";
/** The sign-in form's double-submit CSRF cookie. */
export const SIGN_IN_COOKIE = "urnkit_sign_in";
/** A signed-in session ends after this much inactivity, or this long after sign-in at most. */
const IDLE_MS = 30 * 60 * 1000;
const LIFETIME_MS = 8 * 60 * 60 * 1000;
/** The stored expiry moves only when it would move by more than this (a write per page is waste). */
const TOUCH_MS = 60 * 1000;

export interface Session {
  csrf: string;
  /** The signed-in token; null on the sign-in form. */
  token: TokenInfo | null;
  /** A one-time message for the next page (e.g. "minted urn:…"). */
  flash: string | null;
  /** The stored row's key; null before sign-in. */
  idHash: string | null;
}

const randomId = () => randomBytes(32).toString("base64url");
const hashId = (id: string) => createHash("sha256").update(id).digest("hex");

/** The cookie's value in a Cookie header (RFC 6265 §5.4: "; "-separated name=value pairs). */
function cookieValue(header: string | undefined, name: string): string | null {
  for (const pair of (header ?? "").split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return null;
}

/** Secure when the request came over HTTPS (directly, or by a proxy fastify is told to trust). */
function cookie(request: FastifyRequest, name: string, value: string, maxAge: number): string {
  const secure = request.protocol === "https" ? "; Secure" : "";
  return `${name}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`;
}

export class SessionStore {
  readonly #store: Store;
  readonly #now: () => number;
  /** Each request's session, read once however many hooks and handlers ask for it. */
  readonly #read = new WeakMap<FastifyRequest, Promise<Session | null>>();

  constructor(store: Store, options: { now?: () => number } = {}) {
    this.#store = store;
    this.#now = options.now ?? Date.now;
  }

  /** The request's signed-in session, or null. Using it extends the idle timeout. */
  get(request: FastifyRequest): Promise<Session | null> {
    let read = this.#read.get(request);
    if (read === undefined) {
      read = this.#find(request);
      this.#read.set(request, read);
    }
    return read;
  }

  async #find(request: FastifyRequest): Promise<Session | null> {
    const id = cookieValue(request.headers.cookie, COOKIE);
    if (id === null) return null;
    const idHash = hashId(id);
    const now = this.#now();
    const found = await this.#store.tokens.findSession(idHash, new Date(now).toISOString());
    if (found === null) return null;
    const { session, token } = found;
    const expires = Math.min(Date.parse(session.created) + LIFETIME_MS, now + IDLE_MS);
    if (expires - Date.parse(session.expires) > TOUCH_MS)
      await this.#store.tokens.updateSession(idHash, { expires: new Date(expires).toISOString() });
    return { csrf: session.csrf, token, flash: session.flash, idHash };
  }

  /** The signed-in session, or the sign-in form's anonymous one (setting its cookie). */
  async ensure(request: FastifyRequest, reply: FastifyReply): Promise<Session> {
    const session = await this.get(request);
    if (session !== null) return session;
    let csrf = cookieValue(request.headers.cookie, SIGN_IN_COOKIE);
    if (csrf === null || !/^[A-Za-z0-9_-]{43}$/.test(csrf)) {
      csrf = randomId();
      reply.header("set-cookie", cookie(request, SIGN_IN_COOKIE, csrf, IDLE_MS / 1000));
    }
    return { csrf, token: null, flash: null, idHash: null };
  }

  /** The sign-in form's session as its POST brings it back (its CSRF token from the cookie). */
  signInForm(request: FastifyRequest): Session | null {
    const csrf = cookieValue(request.headers.cookie, SIGN_IN_COOKIE);
    return csrf === null ? null : { csrf, token: null, flash: null, idHash: null };
  }

  /** Signs in: a new session id (no fixation of an id chosen before), any old session ends. */
  async signIn(request: FastifyRequest, reply: FastifyReply, token: TokenInfo): Promise<void> {
    await this.#drop(request);
    const now = this.#now();
    await this.#store.tokens.sweepSessions(new Date(now).toISOString());
    const id = randomId();
    await this.#store.tokens.createSession({
      idHash: hashId(id),
      tokenId: token.id,
      csrf: randomId(),
      flash: null,
      created: new Date(now).toISOString(),
      expires: new Date(now + IDLE_MS).toISOString(),
    });
    reply.header("set-cookie", [
      cookie(request, COOKIE, id, LIFETIME_MS / 1000),
      cookie(request, SIGN_IN_COOKIE, "", 0),
    ]);
  }

  /** Signs out: the stored session is deleted, not only the cookie. */
  async signOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.#drop(request);
    reply.header("set-cookie", cookie(request, COOKIE, "", 0));
  }

  async #drop(request: FastifyRequest): Promise<void> {
    const id = cookieValue(request.headers.cookie, COOKIE);
    if (id !== null) await this.#store.tokens.deleteSession(hashId(id));
  }

  /** True when `sent` is the session's CSRF token (compared in constant time). */
  static checkCsrf(session: Session | null, sent: unknown): boolean {
    if (session === null || typeof sent !== "string") return false;
    const a = Buffer.from(session.csrf);
    const b = Buffer.from(sent);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  /** Leaves a one-time message for the session's next page. */
  async setFlash(session: Session, text: string): Promise<void> {
    if (session.idHash !== null)
      await this.#store.tokens.updateSession(session.idHash, { flash: text });
  }

  /** Returns and clears the session's one-time message. */
  async takeFlash(session: Session | null): Promise<string | null> {
    if (session?.idHash == null || session.flash === null) return null;
    const flash = session.flash;
    session.flash = null;
    await this.#store.tokens.updateSession(session.idHash, { flash: null });
    return flash;
  }
}
