// GET /links: the link report page (link-report-page.ts). Public, as the record pages are.

import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../http/context.js";
import { statusOf } from "../http/problem.js";
import { LINK_STATUS_FILTERS, type LinkStatusFilter } from "../storage/links.js";
import { registeredPrefix } from "../validation/parameters/prefix.js";
import { Refusal } from "../validation/refusal.js";
import { linkReportContent, reportQuery } from "./link-report-page.js";
import type { Pages } from "./pages.js";

const PAGE = 100;

export function linkReportRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store } = ctx;
  app.get("/links", async (request, reply) => {
    const q = request.query as Record<string, unknown>;
    const text = (v: unknown, max: number) => (typeof v === "string" ? v.trim().slice(0, max) : "");
    const asked = text(q.status, 16);
    const status = (LINK_STATUS_FILTERS as readonly string[]).includes(asked)
      ? (asked as LinkStatusFilter)
      : "broken";
    const organisation = text(q.organisation, 64);
    const askedPrefix = text(q.prefix, 256);
    const after = /^\d{1,15}$/.test(text(q.after, 16)) ? Number(q.after) : 0;
    const organisations = await store.organisations.list();
    // A report of an organisation or a prefix that is not here says so, as /stats does, rather
    // than "no locators match" under a form that cannot show the one asked for.
    if (organisation !== "" && !organisations.some((o) => o.id === organisation))
      return pages.message(
        request,
        reply,
        404,
        `"${organisation}" is not an organisation here.`,
        "No such organisation",
      );
    let prefix = "";
    if (askedPrefix !== "")
      try {
        // Any equivalent spelling, as the API reads it; the form then shows the registered one.
        prefix = (await registeredPrefix(store, askedPrefix)).prefix;
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return pages.message(
          request,
          reply,
          statusOf(error),
          `"${askedPrefix}" is not a prefix here.`,
          "No such prefix",
        );
      }
    const rows = await store.links.report({
      status,
      ...(organisation === "" ? {} : { organisation }),
      ...(prefix === "" ? {} : { prefix }),
      after,
      limit: PAGE,
    });
    const last = rows.at(-1);
    const nextQuery = reportQuery({ status, organisation, prefix });
    if (last !== undefined) nextQuery.set("after", String(last.id));
    const view = {
      status,
      organisation,
      prefix,
      rows,
      next: rows.length < PAGE || last === undefined ? null : nextQuery.toString(),
    };
    return pages.send(
      reply,
      200,
      { title: "Link report", session: await pages.sessions.get(request) },
      linkReportContent(view, organisations),
    );
  });
}
