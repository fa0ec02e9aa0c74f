// Signing in and out (see session.ts): the token is POSTed once from a password field and
// exchanged for a server-side session; it never appears in a URL.

import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../http/context.js";
import { hashToken } from "../tokens.js";
import type { Pages } from "./pages.js";
import type { Session } from "./session.js";
import { signInContent } from "./sign-in-page.js";

export function signInRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store } = ctx;

  app.get("/sign-in", async (request, reply) => {
    const session = pages.sessions.ensure(request, reply);
    if (session.token !== null) return reply.redirect("/registrar", 303);
    return pages.send(
      reply,
      200,
      { title: "Sign in", session, current: "registrar", noindex: true },
      signInContent(session, null),
    );
  });

  app.post("/sign-in", async (request, reply) => {
    const session = pages.sessions.get(request);
    const form = pages.form(request, session);
    const token = (form.get("token") ?? "").trim();
    const info = token === "" ? null : await store.findToken(hashToken(token));
    if (info === null || session === null)
      return pages.send(
        reply,
        401,
        { title: "Sign in", session, current: "registrar", noindex: true },
        signInContent(session as Session, "That token is not valid here."),
      );
    pages.sessions.signIn(request, reply, info, token);
    return reply.redirect("/registrar", 303);
  });

  app.post("/sign-out", async (request, reply) => {
    pages.form(request, pages.sessions.get(request));
    pages.sessions.signOut(request, reply);
    return reply.redirect("/", 303);
  });
}
