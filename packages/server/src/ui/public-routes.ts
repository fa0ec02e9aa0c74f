// The public pages: home, the inspector, record pages and the namespace browser (the search page
// is search-routes.ts). Plain GETs that need neither a session nor JavaScript.

import { URN } from "@urnkit/core";
import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../http/context.js";
import { rawTarget, urnFromPath } from "../http/raw-target.js";
import { namespaceKey } from "../registry/namespace-keys.js";
import { recordPage } from "../registry/record-search.js";
import { elsewhere } from "../resolution/public-delegation.js";
import { lookup } from "../resolution/resolver.js";
import { homeContent } from "./home-page.js";
import { html } from "./html.js";
import { inspectContent, type Registered } from "./inspect-page.js";
import { inspectHref, recordHref } from "./links.js";
import { namespaceContent, namespacesContent } from "./namespaces-page.js";
import type { Pages } from "./pages.js";
import { queryUrn } from "./query-urn.js";
import { recordHistory } from "./record-history.js";
import { recordContent } from "./record-page.js";
import { recordResolutions, recordResolutionsSection } from "./record-resolutions-section.js";

const WEB_ADDRESS = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** An active URN registered here, for the home page's hint; null when there is none. */
async function exampleUrn(store: ServerContext["store"]): Promise<string | null> {
  const found = await recordPage(store, { status: "active", limit: "1" });
  return found.items[0]?.urn ?? null;
}

export function publicRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store, limits } = ctx;

  app.get("/", async (request, reply) => {
    const session = await pages.sessions.get(request);
    return pages.send(
      reply,
      200,
      {
        title: "Resolve or inspect",
        session,
        current: "home",
        flash: await pages.sessions.takeFlash(session),
      },
      homeContent(await store.namespaces.list(), await exampleUrn(store), null),
    );
  });

  // The home box: resolve where resolution can answer, otherwise explain why on a page.
  app.get("/go", async (request, reply) => {
    const target = rawTarget(request);
    const params = new URLSearchParams(target.slice(target.indexOf("?") + 1));
    const input = (params.get("urn") ?? "").trim();
    if (input === "") return reply.redirect("/", 303);
    // A web address: the URNs that point to it (a URN has no "//" after its scheme).
    if (WEB_ADDRESS.test(input))
      return reply.redirect(`/search?url=${encodeURIComponent(input)}`, 303);
    if (params.get("do") === "inspect") return reply.redirect(inspectHref(input), 303);
    const found = await lookup(store, input);
    if (found.kind === "malformed") return reply.redirect(inspectHref(input), 303);
    // A URN public resolvers know: resolution's answer, the redirect of --delegate-public or the
    // 404 page that offers them.
    if (elsewhere(found).length > 0) return reply.redirect(`/${input}`, 303);
    if (found.kind === "unknown") {
      const session = await pages.sessions.get(request);
      return pages.send(
        reply,
        404,
        { title: "Not registered here", session, current: "home" },
        homeContent(
          await store.namespaces.list(),
          await exampleUrn(store),
          html`<code>${found.urn.href}</code> is not registered here. <a href="${inspectHref(input)}">Inspect it</a> to see what it is.`,
          input,
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
    let candidates: ReturnType<typeof elsewhere> = [];
    if (input !== null && URN.canParse(input)) {
      const view = await store.records.resolve(namespaceKey(new URN(input)));
      if (view !== null) registered = { urn: view.urn, status: view.status };
      else candidates = elsewhere(await lookup(store, input));
    }
    return pages.send(
      reply,
      200,
      {
        title: input ? `Inspect ${input}` : "Inspect a URN",
        session: await pages.sessions.get(request),
        current: "inspect",
      },
      inspectContent(input, registered, candidates),
    );
  });

  app.get("/record/*", async (request, reply) => {
    const input = urnFromPath(request, "/record/", limits);
    const session = await pages.sessions.get(request);
    const urn = URN.parse(input);
    if (urn === null) return reply.redirect(inspectHref(input), 303);
    const record = await store.records.get(namespaceKey(urn));
    if (record === null)
      return pages.message(
        request,
        reply,
        404,
        html`<code>${urn.href}</code> is not registered here. <a href="${inspectHref(urn.href)}">Inspect it</a>.`,
      );
    const signedIn = session?.token != null;
    return pages.send(
      reply,
      200,
      { title: record.urn, session, flash: await pages.sessions.takeFlash(session) },
      recordContent(
        record,
        await recordHistory(store, record),
        signedIn,
        await store.links.health(record.key),
        recordResolutionsSection(await recordResolutions(store, record)),
      ),
    );
  });

  app.get("/namespaces", async (request, reply) => {
    const query = (request.query as { q?: unknown }).q;
    return pages.send(
      reply,
      200,
      { title: "Namespaces", session: await pages.sessions.get(request), current: "namespaces" },
      namespacesContent(
        await store.namespaces.list(),
        typeof query === "string" ? query.trim() : "",
      ),
    );
  });

  app.get("/namespaces/:nid", async (request, reply) => {
    const nid = (request.params as { nid: string }).nid.toLowerCase();
    if (!/^[a-z0-9][a-z0-9-]{0,31}$/.test(nid))
      return pages.message(request, reply, 404, `"${nid}" is not a NID.`, "No such namespace");
    const served = await store.namespaces.get(nid);
    const revisions = served === null ? [] : await store.namespaces.templateRevisions(nid);
    return pages.send(
      reply,
      200,
      { title: `urn:${nid}:`, session: await pages.sessions.get(request), current: "namespaces" },
      namespaceContent(nid, served, revisions),
    );
  });
}
