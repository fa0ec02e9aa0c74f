// How the UI's routes answer: a whole HTML page, a short message page, and the two checks every
// registrar request passes (a signed-in session; on a POST, the form's CSRF token).

import { STATUS_CODES } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpProblem, statusOf } from "../http/problem.js";
import type { Prefix, PrefixStore } from "../storage/prefixes.js";
import { registeredPrefix } from "../validation/parameters/prefix.js";
import { Refusal } from "../validation/refusal.js";
import { type Html, html } from "./html.js";
import { type PageOptions, page } from "./layout.js";
import { type Session, SessionStore } from "./session.js";

export class Pages {
  readonly sessions: SessionStore;

  constructor(sessions: SessionStore) {
    this.sessions = sessions;
  }

  send(reply: FastifyReply, status: number, options: PageOptions, content: Html): FastifyReply {
    return reply.code(status).type("text/html; charset=utf-8").send(page(options, content).text);
  }

  /** A page with a heading and one paragraph; the heading is the status phrase unless given. */
  async message(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    text: Html | string,
    title = STATUS_CODES[status] ?? "Error",
  ): Promise<FastifyReply> {
    return this.send(
      reply,
      status,
      { title, session: await this.sessions.get(request) },
      html`<h1>${title}</h1><p>${text}</p>`,
    );
  }

  /**
   * The registered prefix `asked` names, in any equivalent spelling as the API reads it; where
   * there is none, the "No such prefix" page, sent.
   */
  async prefix(
    store: { readonly prefixes: Pick<PrefixStore, "get"> },
    request: FastifyRequest,
    reply: FastifyReply,
    asked: string,
  ): Promise<{ prefix: Prefix } | { sent: FastifyReply }> {
    try {
      return { prefix: await registeredPrefix(store, asked) };
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const text = `"${asked}" is not a prefix here.`;
      return { sent: await this.message(request, reply, statusOf(error), text, "No such prefix") };
    }
  }

  /** The signed-in session, or 401 (GETs are sent to the sign-in page before they get here). */
  async registrar(request: FastifyRequest): Promise<Session> {
    const session = await this.sessions.get(request);
    if (session?.token == null)
      throw new HttpProblem(401, "sign-in", "Sign in first: this page is for registrars.");
    return session;
  }

  /** The form body, after the CSRF check every POST of the UI passes first. */
  form(request: FastifyRequest, session: Session | null): URLSearchParams {
    const body = request.body;
    if (!(body instanceof URLSearchParams))
      throw new HttpProblem(415, "form-expected", "This page takes an HTML form submission.");
    if (!SessionStore.checkCsrf(session, body.get("csrf")))
      throw new HttpProblem(
        403,
        "csrf",
        "The form has expired or did not come from this site. Go back, reload the page and try again.",
      );
    return body;
  }
}
