// The web UI: server-rendered pages for people (the JSON API and resolution serve programs).
// Public pages are plain GETs that work without JavaScript; the registrar pages sit behind a
// token sign-in with a server-side session and a CSRF token on every form (see session.ts).

import type { FastifyInstance } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { acceptFormBodies } from "../http/form-body.js";
import { statusOf } from "../http/problem.js";
import { HTML_HEADERS } from "../http/response-headers.js";
import { isDatabaseUnavailable } from "../storage/database-unavailable.js";
import { Refusal } from "../validation/refusal.js";
import { adminRoutes } from "./admin-routes.js";
import { assetRoutes } from "./assets.js";
import { sendProblem } from "./error-answer.js";
import { linkReportRoutes } from "./link-report-routes.js";
import { Pages } from "./pages.js";
import { prefixRegistrarRoutes } from "./prefix-registrar-routes.js";
import { publicRoutes } from "./public-routes.js";
import { registrarRoutes } from "./registrar-routes.js";
import { searchRoutes } from "./search-routes.js";
import { SessionStore } from "./session.js";
import { signInRoutes } from "./sign-in-routes.js";
import { statsRoutes } from "./stats-routes.js";

const FORM_BYTES = 256 * 1024;

export async function uiRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const pages = new Pages(new SessionStore(ctx.store));

  // HTML forms post application/x-www-form-urlencoded; only these routes accept it.
  acceptFormBodies(app, FORM_BYTES);

  app.addHook("onSend", async (_request, reply, payload) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
      reply.headers(HTML_HEADERS);
      // Pages can show a session's name and forms; none of them may sit in a shared cache.
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    }
    return payload;
  });

  // Errors on these routes (a too-long URN, a bad form body) get a page, not problem JSON. A
  // database that cannot be reached gets the 503 with Retry-After every other route answers, as
  // a page that needs no database (a form posted meanwhile: the registry is read-only for now).
  app.setErrorHandler((error, request, reply) => {
    if (isDatabaseUnavailable(error)) return sendProblem(reply, error);
    const e = error as { statusCode?: number; message?: string };
    const given = error instanceof Refusal ? statusOf(error) : e.statusCode;
    const status = typeof given === "number" && given < 500 ? given : 500;
    if (status >= 500) request.log.error({ err: error }, "UI request failed");
    const text = status >= 500 ? "The server failed; the log has the details." : (e.message ?? "");
    return pages.message(request, reply, status, text);
  });

  assetRoutes(app);
  publicRoutes(app, ctx, pages);
  searchRoutes(app, ctx, pages);
  linkReportRoutes(app, ctx, pages);
  statsRoutes(app, ctx, pages);
  signInRoutes(app, ctx, pages);
  registrarRoutes(app, ctx, pages);
  prefixRegistrarRoutes(app, ctx, pages);
  adminRoutes(app, ctx, pages);
}
