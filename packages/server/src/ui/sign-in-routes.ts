// Signing in and out (see session.ts): the token is POSTed once from a password field and
// exchanged for a stored session that names the token by id; it never appears in a URL.

import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../http/context.js";
import { hashToken } from "../registry/tokens.js";
import type { Pages } from "./pages.js";
import { signInContent } from "./sign-in-page.js";

export function signInRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store } = ctx;
  const page = { title: "Sign in", current: "registrar", noindex: true } as const;

  app.get("/sign-in", async (request, reply) => {
    const session = await pages.sessions.ensure(request, reply);
    if (session.token !== null) return reply.redirect("/registrar", 303);
    return pages.send(reply, 200, { ...page, session }, signInContent(session, null));
  });

  app.post("/sign-in", async (request, reply) => {
    const session = pages.sessions.signInForm(request);
    const form = pages.form(request, session);
    const token = (form.get("token") ?? "").trim();
    const info = token === "" ? null : await store.tokens.find(hashToken(token));
    if (info === null || session === null)
      return pages.send(
        reply,
        401,
        { ...page, session: null },
        signInContent(await pages.sessions.ensure(request, reply), "That token is not valid here."),
      );
    await pages.sessions.signIn(request, reply, info);
    return reply.redirect("/registrar", 303);
  });

  app.post("/sign-out", async (request, reply) => {
    pages.form(request, await pages.sessions.get(request));
    await pages.sessions.signOut(request, reply);
    return reply.redirect("/", 303);
  });
}
