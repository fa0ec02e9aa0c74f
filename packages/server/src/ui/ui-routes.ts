// The web UI: server-rendered pages for people (the JSON API and resolution serve programs).
// Public pages are plain GETs that work without JavaScript; the registrar pages sit behind a
// token sign-in with a server-side session and a CSRF token on every form (see session.ts).

import { URN } from "@urnkit/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { urnFromPath } from "../http/raw-target.js";
import { namespaceKey } from "../namespace-keys.js";
import { lookup } from "../resolver.js";
import { hashToken } from "../tokens.js";
import { assetRoutes } from "./assets.js";
import { homeContent } from "./home-page.js";
import { type Html, html } from "./html.js";
import { inspectContent, type Registered } from "./inspect-page.js";
import { type PageOptions, page } from "./layout.js";
import { editHref, inspectHref, recordHref } from "./links.js";
import { namespaceContent, namespacesContent } from "./namespaces-page.js";
import { queryUrn } from "./query-urn.js";
import { recordHistory } from "./record-history.js";
import { recordContent } from "./record-page.js";
import { type ApiResult, callApi, problemText } from "./registrar-api.js";
import {
  EMPTY_REGISTER,
  manageContent,
  type RegisterValues,
  registrarContent,
} from "./registrar-pages.js";
import { type Session, SessionStore } from "./session.js";
import { signInContent } from "./sign-in-page.js";

/** Same-origin everything; no inline script or style, so injected markup cannot run. */
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const FORM_BYTES = 256 * 1024;

export async function uiRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store, limits } = ctx;
  const sessions = new SessionStore();

  // HTML forms post application/x-www-form-urlencoded; only these routes accept it.
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: FORM_BYTES },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  app.addHook("onSend", async (_request, reply, payload) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
      reply
        .header("content-security-policy", CSP)
        .header("x-content-type-options", "nosniff")
        .header("referrer-policy", "same-origin");
      // Pages can show a session's name and forms; none of them may sit in a shared cache.
      if (!reply.hasHeader("cache-control")) reply.header("cache-control", "no-store");
    }
    return payload;
  });

  function send(
    reply: FastifyReply,
    status: number,
    options: PageOptions,
    content: Html,
  ): FastifyReply {
    return reply.code(status).type("text/html; charset=utf-8").send(page(options, content).text);
  }

  function messagePage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    title: string,
    message: Html | string,
  ): FastifyReply {
    return send(
      reply,
      status,
      { title, session: sessions.get(request) },
      html`<h1>${title}</h1><p>${message}</p>`,
    );
  }

  // Errors on these routes (a too-long URN, a bad form body) get a page, not problem JSON.
  app.setErrorHandler((error, request, reply) => {
    const e = error as { statusCode?: number; message?: string };
    const status = typeof e.statusCode === "number" && e.statusCode < 500 ? e.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "UI request failed");
    const text = status >= 500 ? "The server failed; the log has the details." : (e.message ?? "");
    return messagePage(
      request,
      reply,
      status,
      status >= 500 ? "Server error" : "Bad request",
      text,
    );
  });

  assetRoutes(app);

  // --- Public pages -----------------------------------------------------------------------

  app.get("/", async (request, reply) => {
    const session = sessions.get(request);
    return send(
      reply,
      200,
      {
        title: "Resolve or inspect",
        session,
        current: "home",
        flash: SessionStore.takeFlash(session),
      },
      homeContent(await store.listNamespaces(), null),
    );
  });

  // The home box: resolve where resolution can answer, otherwise explain why on a page.
  app.get("/go", async (request, reply) => {
    const params = new URLSearchParams(request.raw.url?.split("?")[1] ?? "");
    const input = (params.get("urn") ?? "").trim();
    if (input === "") return reply.redirect("/", 303);
    if (params.get("do") === "inspect") return reply.redirect(inspectHref(input), 303);
    const found = await lookup(store, input);
    if (found.kind === "malformed") return reply.redirect(inspectHref(input), 303);
    if (found.kind === "unknown") {
      const session = sessions.get(request);
      return send(
        reply,
        404,
        { title: "Not registered here", session, current: "home" },
        homeContent(
          await store.listNamespaces(),
          `${found.urn.href} is not registered here. Inspect it to see what it is.`,
        ),
      );
    }
    if (found.kind === "found" && (found.view.status === "reserved" || found.view.best === null))
      return reply.redirect(recordHref(found.view.urn), 303);
    // Active with a locator, deactivated (301 or tombstone) or delegated: resolution answers.
    return reply.redirect(`/${input}`, 303);
  });

  app.get("/inspect", async (request, reply) => {
    const input = queryUrn(request, limits);
    let registered: Registered | null = null;
    if (input !== null && URN.canParse(input)) {
      const view = await store.resolve(namespaceKey(new URN(input)));
      if (view !== null) registered = { urn: view.urn, status: view.status };
    }
    return send(
      reply,
      200,
      {
        title: input ? `Inspect ${input}` : "Inspect a URN",
        session: sessions.get(request),
        current: "inspect",
      },
      inspectContent(input, registered),
    );
  });

  app.get("/record/*", async (request, reply) => {
    const input = urnFromPath(request, "/record/", limits);
    const session = sessions.get(request);
    const urn = URN.parse(input);
    if (urn === null) return reply.redirect(inspectHref(input), 303);
    const record = await store.getRecord(namespaceKey(urn));
    if (record === null)
      return messagePage(
        request,
        reply,
        404,
        "Not registered here",
        html`<code>${urn.href}</code> is not registered here. <a href="${inspectHref(urn.href)}">Inspect it</a>.`,
      );
    const signedIn = session?.token != null;
    return send(
      reply,
      200,
      { title: record.urn, session, flash: SessionStore.takeFlash(session) },
      recordContent(record, await recordHistory(store, record), signedIn),
    );
  });

  app.get("/namespaces", async (request, reply) => {
    const query = (request.query as { q?: unknown }).q;
    return send(
      reply,
      200,
      { title: "Namespaces", session: sessions.get(request), current: "namespaces" },
      namespacesContent(
        await store.listNamespaces(),
        typeof query === "string" ? query.trim() : "",
      ),
    );
  });

  app.get("/namespaces/:nid", async (request, reply) => {
    const nid = (request.params as { nid: string }).nid.toLowerCase();
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(nid))
      return messagePage(request, reply, 404, "No such namespace", `"${nid}" is not a NID.`);
    const served = await store.getNamespace(nid);
    const revisions = served === null ? [] : await store.templateRevisions(nid);
    return send(
      reply,
      200,
      { title: `urn:${nid}:`, session: sessions.get(request), current: "namespaces" },
      namespaceContent(nid, served, revisions),
    );
  });

  // --- Sign-in ----------------------------------------------------------------------------

  /** The form body, after the CSRF check every POST here passes first. */
  function checkedForm(request: FastifyRequest, session: Session | null): URLSearchParams {
    const body = request.body;
    if (!(body instanceof URLSearchParams))
      throw new HttpProblem(415, "form-expected", "this page takes an HTML form submission");
    if (!SessionStore.checkCsrf(session, body.get("csrf")))
      throw new HttpProblem(
        403,
        "csrf",
        "The form has expired or did not come from this site. Go back, reload the page and try again.",
      );
    return body;
  }

  app.get("/sign-in", async (request, reply) => {
    const session = sessions.ensure(request, reply);
    if (session.token !== null) return reply.redirect("/registrar", 303);
    return send(
      reply,
      200,
      { title: "Sign in", session, current: "registrar", noindex: true },
      signInContent(session, null),
    );
  });

  app.post("/sign-in", async (request, reply) => {
    const session = sessions.get(request);
    const form = checkedForm(request, session);
    const token = (form.get("token") ?? "").trim();
    const info = token === "" ? null : await store.findToken(hashToken(token));
    if (info === null || session === null)
      return send(
        reply,
        401,
        { title: "Sign in", session, current: "registrar", noindex: true },
        signInContent(session as Session, "That token is not valid here."),
      );
    sessions.signIn(request, reply, info, token);
    return reply.redirect("/registrar", 303);
  });

  app.post("/sign-out", async (request, reply) => {
    checkedForm(request, sessions.get(request));
    sessions.signOut(request, reply);
    return reply.redirect("/", 303);
  });

  // --- Registrar pages --------------------------------------------------------------------

  /** The signed-in session; GETs without one go to the sign-in page. */
  function registrar(request: FastifyRequest): Session {
    const session = sessions.get(request);
    if (session?.token == null)
      throw new HttpProblem(401, "sign-in", "Sign in first: this page is for registrars.");
    return session;
  }

  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" && request.url.startsWith("/registrar")) {
      if (sessions.get(request)?.token == null) return reply.redirect("/sign-in", 303);
    }
  });

  async function registrarPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    values: RegisterValues,
    errors: Parameters<typeof registrarContent>[3],
  ) {
    const session = registrar(request);
    return send(
      reply,
      status,
      {
        title: "Registrar",
        session,
        current: "registrar",
        noindex: true,
        flash: SessionStore.takeFlash(session),
      },
      registrarContent(session, await store.listNamespaces(), values, errors),
    );
  }

  app.get("/registrar", (request, reply) => registrarPage(request, reply, 200, EMPTY_REGISTER, {}));

  app.get("/registrar/find", async (request, reply) => {
    const input = queryUrn(request, limits) ?? "";
    const urn = URN.parse(input);
    const record = urn === null ? null : await store.getRecord(namespaceKey(urn));
    if (record === null)
      return registrarPage(request, reply, 404, EMPTY_REGISTER, {
        find: `${input} is ${urn === null ? "not a URN" : "not registered here"}.`,
      });
    return reply.redirect(editHref(record.urn), 303);
  });

  /** The metadata field: empty is none, otherwise a JSON object; a string error when not. */
  function parseMetadata(text: string): Record<string, unknown> | null | string {
    if (text.trim() === "") return null;
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === "object" && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    return 'Metadata must be a JSON object, such as {"title": "…"}.';
  }

  app.post("/registrar/register", async (request, reply) => {
    const session = registrar(request);
    const form = checkedForm(request, session);
    const values: RegisterValues = {
      urn: (form.get("urn") ?? "").trim(),
      status: form.get("status") === "reserved" ? "reserved" : "active",
      url: (form.get("url") ?? "").trim(),
      mediaType: (form.get("mediaType") ?? "").trim(),
      metadata: form.get("metadata") ?? "",
    };
    const metadata = parseMetadata(values.metadata);
    if (typeof metadata === "string")
      return registrarPage(request, reply, 422, values, { register: metadata });
    const result = await callApi(app, session, "POST", "/api/v1/urns", {
      urn: values.urn,
      status: values.status,
      ...(values.url === ""
        ? {}
        : { locators: [{ url: values.url, mediaType: values.mediaType || null }] }),
      ...(metadata === null ? {} : { metadata }),
    });
    if (result.status !== 201)
      return registrarPage(request, reply, result.status, values, {
        register: problemText(result),
      });
    return done(reply, session, result, "Registered");
  });

  app.post("/registrar/mint", async (request, reply) => {
    const session = registrar(request);
    const form = checkedForm(request, session);
    const nid = (form.get("nid") ?? "").toLowerCase();
    const url = (form.get("url") ?? "").trim();
    if (!/^[a-z0-9-]{1,32}$/.test(nid))
      return registrarPage(request, reply, 400, EMPTY_REGISTER, { mint: "Choose a namespace." });
    const result = await callApi(app, session, "POST", `/api/v1/namespaces/${nid}/mint`, {
      status: form.get("status") === "reserved" ? "reserved" : "active",
      ...(url === "" ? {} : { locators: [{ url }] }),
    });
    if (result.status !== 201)
      return registrarPage(request, reply, result.status, EMPTY_REGISTER, {
        mint: problemText(result),
      });
    return done(reply, session, result, "Minted");
  });

  /** After a successful write: the record's management page with a notice. */
  function done(reply: FastifyReply, session: Session, result: ApiResult, verb: string) {
    const urn = String(result.body.urn);
    session.flash = `${verb} ${urn}.`;
    return reply.redirect(editHref(urn), 303);
  }

  async function manageTarget(request: FastifyRequest) {
    const input = urnFromPath(request, "/registrar/record/", limits);
    const urn = URN.parse(input);
    const record = urn === null ? null : await store.getRecord(namespaceKey(urn));
    return record;
  }

  async function managePage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: string | null,
  ) {
    const session = registrar(request);
    const record = await manageTarget(request);
    if (record === null)
      return messagePage(
        request,
        reply,
        404,
        "Not registered here",
        "There is no such record to manage.",
      );
    return send(
      reply,
      status,
      {
        title: `Manage ${record.urn}`,
        session,
        current: "registrar",
        noindex: true,
        flash: SessionStore.takeFlash(session),
      },
      manageContent(session, record, error),
    );
  }

  app.get("/registrar/record/*", (request, reply) => managePage(request, reply, 200, null));

  app.post("/registrar/record/*", async (request, reply) => {
    const session = registrar(request);
    const form = checkedForm(request, session);
    const record = await manageTarget(request);
    if (record === null)
      return messagePage(
        request,
        reply,
        404,
        "Not registered here",
        "There is no such record to manage.",
      );
    const api = `/api/v1/urns/${record.urn}`;
    const action = form.get("action");
    let result: ApiResult;
    let verb: string;
    if (action === "locators") {
      const urls = form.getAll("url");
      const priorities = form.getAll("priority");
      const types = form.getAll("mediaType");
      const locators = urls.flatMap((u, i) => {
        const url = u.trim();
        if (url === "") return [];
        const priority = Number.parseInt(priorities[i] ?? "0", 10);
        const mediaType = (types[i] ?? "").trim();
        return [
          { url, priority: Number.isFinite(priority) ? priority : 0, mediaType: mediaType || null },
        ];
      });
      result = await callApi(app, session, "PATCH", api, { locators });
      verb = "Saved the locators of";
    } else if (action === "metadata") {
      const metadata = parseMetadata(form.get("metadata") ?? "");
      if (typeof metadata === "string") return managePage(request, reply, 422, metadata);
      result = await callApi(app, session, "PATCH", api, { metadata });
      verb = "Saved the metadata of";
    } else if (action === "activate") {
      result = await callApi(app, session, "POST", `${api}/activate`, null);
      verb = "Activated";
    } else if (action === "deactivate") {
      const reason = (form.get("reason") ?? "").trim();
      const successor = (form.get("successor") ?? "").trim();
      if (reason === "") return managePage(request, reply, 422, "Say why the URN is deactivated.");
      result = await callApi(app, session, "POST", `${api}/deactivate`, {
        reason,
        ...(successor === "" ? {} : { successor }),
      });
      verb = "Deactivated";
    } else {
      return managePage(request, reply, 400, "Unknown action.");
    }
    if (result.status !== 200)
      return managePage(request, reply, result.status, problemText(result));
    return done(reply, session, result, verb);
  });
}
