// GET /stats: the statistics pages, public like the API's statistics. The querystring is the
// API's (from, to, granularity, organisation or prefix), checked by the same function; a range
// it refuses is shown on the page (400), with the form as typed and the reason in its error box,
// as the search page shows a refused search.

import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../http/context.js";
import { statusOf } from "../http/problem.js";
import type { Prefix } from "../storage/prefixes.js";
import { OUTCOMES } from "../storage/stats.js";
import { registeredPrefix } from "../validation/parameters/prefix.js";
import { Refusal } from "../validation/refusal.js";
import {
  MAX_DAYS,
  MAX_TOP_DAYS,
  type StatsRequest,
  statsRequest,
} from "../validation/stats-query.js";
import { brokenLinksSection } from "./broken-links-section.js";
import type { Pages } from "./pages.js";
import {
  type RangeFields,
  type StatsData,
  statsContent,
  statsRangeErrorContent,
  statsTitle,
} from "./stats-page.js";

/** The top URNs and prefixes a page lists. */
const TOP = 10;

/** A refused range in the words of the form's labels. */
function rangeMessage(error: Refusal): string {
  if (error.code === "bad-range")
    return "From is after To: choose a first day on or before the last.";
  const text = error.message.replace(/^from … to/, "The range");
  return `${text[0]?.toUpperCase() ?? ""}${text.slice(1)}.`;
}

/** The querystring's single values (a repeated parameter is not one the page reads). */
function single(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (typeof v === "string" && v !== "") out[k] = v;
  return out;
}

export function statsRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store, counter } = ctx;

  app.get("/stats", async (request, reply) => {
    const q = single(request.query);
    let r: StatsRequest;
    try {
      r = statsRequest(q);
    } catch (error) {
      if (!(error instanceof Refusal) || statusOf(error) !== 400) throw error;
      const fields: RangeFields = {
        from: q.from ?? "",
        to: q.to ?? "",
        granularity: q.granularity ?? "day",
        ...(q.organisation === undefined ? {} : { organisation: q.organisation }),
        ...(q.prefix === undefined ? {} : { prefix: q.prefix }),
      };
      return pages.send(
        reply,
        400,
        { title: "Statistics", session: await pages.sessions.get(request), current: "stats" },
        statsRangeErrorContent(fields, rangeMessage(error)),
      );
    }
    let scope: StatsData["scope"] = { kind: "all" };
    if (r.prefix !== undefined) {
      let prefix: Prefix;
      try {
        // Any equivalent spelling, as the API reads it.
        prefix = await registeredPrefix(store, r.prefix);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return pages.message(
          request,
          reply,
          statusOf(error),
          `"${r.prefix}" is not a prefix here.`,
          "No such prefix",
        );
      }
      r = { ...r, prefix: prefix.prefix };
      scope = { kind: "prefix", prefix: prefix.prefix, organisation: prefix.organisation };
    } else if (r.organisation !== undefined) {
      const organisation = await store.organisations.get(r.organisation);
      if (organisation === null)
        return pages.message(
          request,
          reply,
          404,
          `"${r.organisation}" is not an organisation here.`,
          "No such organisation",
        );
      scope = { kind: "organisation", id: organisation.id, name: organisation.name };
    }
    await counter.flush();
    // Every period's every outcome fits: a page is bounded by the range, not by paging.
    const limit = (MAX_DAYS.day + 1) * OUTCOMES.length;
    const topFrom = latest(r.from, monthBefore(r.to));
    const topRange = { ...r, from: topFrom, limit: TOP };
    const linkScope =
      scope.kind === "prefix"
        ? { prefix: scope.prefix }
        : scope.kind === "organisation"
          ? { organisation: scope.id }
          : {};
    const [people, crawlers, assignments, topUrns, topPrefixes, links] = await Promise.all([
      store.stats.resolutionSeries({ ...r, bots: "exclude", limit }),
      store.stats.resolutionSeries({ ...r, bots: "only", limit }),
      store.stats.assignmentSeries({ ...r, limit }),
      store.stats.topUrns({ ...topRange, bots: "include" }),
      store.stats.topPrefixes({ ...topRange, bots: "include" }),
      store.links.outcomeCounts(linkScope),
    ]);
    const data: StatsData = {
      request: r,
      scope,
      people,
      crawlers,
      assignments,
      topFrom,
      topUrns,
      topPrefixes,
      brokenLinks: brokenLinksSection(links, linkScope),
    };
    return pages.send(
      reply,
      200,
      { title: statsTitle(data), session: await pages.sessions.get(request), current: "stats" },
      statsContent(data),
    );
  });
}

/** The first day of the longest range a top list covers (MAX_TOP_DAYS) ending on `to`. */
function monthBefore(to: string): string {
  const t = Date.parse(`${to}T00:00:00Z`) - (MAX_TOP_DAYS - 1) * 86400000;
  return new Date(t).toISOString().slice(0, 10);
}

function latest(a: string, b: string): string {
  return a > b ? a : b;
}
