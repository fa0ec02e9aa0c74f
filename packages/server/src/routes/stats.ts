// GET /api/v1/stats/…: resolution and assignment statistics over a range of days, by day or by
// month, filtered by namespace, prefix, organisation, outcome and crawler traffic, the URNs
// and prefixes resolved most, and one URN's resolutions over time. Public, like the per-namespace counts; every list is paged (keyset
// cursors) and bounded (limit ≤ 1000, a range of at most a year by day, a month for top lists).

import type { FastifyInstance, FastifyReply } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { linkHeader } from "../http/link-header.js";
import { HttpProblem } from "../http/problem.js";
import { listOf, type ProblemStatus, problems } from "../http/schemas.js";
import { namespaceKey } from "../registry/namespace-keys.js";
import {
  ASSIGNMENT_EVENTS,
  OUTCOMES,
  type SeriesPoint,
  type SeriesQuery,
  type TopEntry,
  type TopQuery,
  type UrnSeriesPoint,
} from "../storage/stats.js";
import type { Store } from "../storage/store.js";
import { pageLimit } from "../validation/paging.js";
import { decodeCursor, encodeCursor } from "../validation/parameters/cursor.js";
import { registeredPrefix } from "../validation/parameters/prefix.js";
import {
  granularityProperty,
  MAX_DAYS,
  MAX_TOP_DAYS,
  outcomeProperty,
  type StatsRequest,
  statsQueryProperties,
  statsRequest,
  urnProperty,
} from "../validation/stats-query.js";
import { requestUrn } from "../validation/urn.js";

const PAGE_MAX = 1000;

const paging = {
  limit: { type: "string", description: `Rows a page, 1–${PAGE_MAX} (default 100)` },
  cursor: { type: "string", description: "The `next` of the page before" },
} as const;

function querystring(properties: Record<string, object>) {
  return { type: "object", properties, additionalProperties: false } as const;
}

function pageOf(items: Record<string, object>, ...statuses: ProblemStatus[]) {
  return {
    200: {
      type: "object",
      properties: { items: listOf(items), next: { type: ["string", "null"] } },
      required: ["items", "next"],
    },
    // 404: a prefix filter naming no prefix here.
    ...problems(400, 404, ...statuses),
  };
}

type Query = Record<string, string | undefined>;

/** Sends the next page's address in a Link header (RFC 8288) as well as in `next`. */
function linkNext(reply: FastifyReply, path: string, q: Query, next: string | null): void {
  if (next === null) return;
  const params = new URLSearchParams({ ...(q as Record<string, string>), cursor: next });
  reply.header("link", linkHeader([{ href: `${path}?${params}`, params: [["rel", "next"]] }]));
}

/** How one kind of list pages: its default page size, its cursor and its items. */
interface PageKind<Row, Position> {
  size: number;
  /** How many parts its cursor holds. */
  parts: number;
  /** The position after the page before, from its cursor's parts. */
  after(parts: string[]): Position;
  cursor(row: Row): string[];
  item(row: Row): Record<string, unknown>;
}

/**
 * One keyset page as `{items, next}`, `next` also in a Link header. `read` gets the page size and
 * the position after the page before; a full page's last row gives the next cursor.
 */
async function keysetPage<Row, Position>(
  q: Query,
  reply: FastifyReply,
  path: string,
  kind: PageKind<Row, Position>,
  read: (page: { limit: number; after?: Position }) => Promise<Row[]>,
) {
  const limit = pageLimit(q.limit, kind.size, PAGE_MAX);
  const rows = await read({
    limit,
    // A list's cursors are marked with its path: one of another list is refused.
    ...(q.cursor === undefined
      ? {}
      : { after: kind.after(decodeCursor(q.cursor, path, kind.parts)) }),
  });
  const last = rows.at(-1);
  const next =
    rows.length < limit || last === undefined ? null : encodeCursor(path, kind.cursor(last));
  linkNext(reply, path, q, next);
  return { items: rows.map(kind.item), next };
}

/** A series by period, each point's kind answered as `field`. */
function seriesPages(field: "outcome" | "event"): PageKind<SeriesPoint, SeriesPosition> {
  return {
    size: 100,
    parts: 2,
    after([period, kind]) {
      return { period: period as string, kind: kind as string };
    },
    cursor: (p) => [p.period, p.kind],
    item: (p) => ({ period: p.period, [field]: p.kind, count: p.count }),
  };
}

/** A top list, most first, each row's name answered as `field`. */
function topPages(field: "urn" | "prefix"): PageKind<TopEntry, TopPosition> {
  return {
    size: 10,
    parts: 2,
    after: topAfter,
    cursor: (r) => [String(r.count), r.name],
    item: (r) => ({ [field]: r.name, organisation: r.organisation, count: r.count }),
  };
}

/** One URN's series by period. */
const URN_SERIES_PAGES: PageKind<UrnSeriesPoint, string> = {
  size: 100,
  parts: 1,
  after: ([period]) => period as string,
  cursor: (p) => [p.period],
  item: (p) => ({ period: p.period, count: p.count }),
};

type SeriesPosition = NonNullable<SeriesQuery["after"]>;
type TopPosition = NonNullable<TopQuery["after"]>;

/** The position after the last row of a top list's page before. */
function topAfter([count, name]: string[]): { count: number; name: string } {
  if (!/^\d{1,15}$/.test(count ?? ""))
    throw new HttpProblem(400, "bad-cursor", "the cursor is not one this server gave out");
  return { count: Number(count), name: name as string };
}

/**
 * The statistics request of a querystring, its prefix the registered one it names in any
 * equivalent spelling (404 unknown-prefix for one not here).
 */
async function scopedRequest(
  store: Pick<Store, "prefixes">,
  q: Query,
  maxDays?: number,
): Promise<StatsRequest> {
  const r = statsRequest(q, Date.now(), maxDays);
  if (r.prefix === undefined) return r;
  return { ...r, prefix: (await registeredPrefix(store, r.prefix)).prefix };
}

const RANGE = `By day the range covers at most ${MAX_DAYS.day} days, by month ${MAX_DAYS.month}; without from and to, the last 30 days (12 months by month).`;

export async function statsRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store, counter } = ctx;

  app.get(
    "/api/v1/stats/resolutions/series",
    {
      schema: {
        operationId: "getResolutionSeries",
        summary: "Resolutions per day or month, by outcome",
        description: `Counts of resolutions (GET /{urn} and the RFC 2169 services) per period and outcome, ordered by period then outcome. ${RANGE} Follow \`next\` (also in a Link header, rel="next") for the next page.`,
        tags: ["statistics"],
        querystring: querystring({
          ...statsQueryProperties,
          granularity: granularityProperty,
          outcome: outcomeProperty,
          ...paging,
        }),
        response: pageOf({
          period: { type: "string", description: "YYYY-MM-DD, or YYYY-MM by month" },
          outcome: { type: "string", enum: OUTCOMES },
          count: { type: "integer" },
        }),
      },
    },
    async (request, reply) => {
      const q = request.query as Query;
      await counter.flush();
      return keysetPage(
        q,
        reply,
        "/api/v1/stats/resolutions/series",
        seriesPages("outcome"),
        async (page) =>
          store.stats.resolutionSeries({ ...(await scopedRequest(store, q)), ...page }),
      );
    },
  );

  app.get(
    "/api/v1/stats/urn-resolutions",
    {
      schema: {
        operationId: "getUrnResolutionSeries",
        summary: "One URN's resolutions per day or month",
        description: `Counts of the resolutions of one URN registered here (any equivalent spelling finds it), per period, ordered by period; periods without any are left out. \`bots\` counts people, crawlers or both, as for the other series. ${RANGE} 404 \`unknown-urn\` for a URN not registered here (only registered URNs are counted one by one).`,
        tags: ["statistics"],
        querystring: {
          ...querystring({
            urn: urnProperty,
            from: statsQueryProperties.from,
            to: statsQueryProperties.to,
            bots: statsQueryProperties.bots,
            granularity: granularityProperty,
            ...paging,
          }),
          required: ["urn"],
        },
        response: pageOf(
          {
            period: { type: "string", description: "YYYY-MM-DD, or YYYY-MM by month" },
            count: { type: "integer" },
          },
          404,
        ),
      },
    },
    async (request, reply) => {
      const q = request.query as Query;
      const range = await scopedRequest(store, q);
      const urn = requestUrn(q.urn as string, ctx.limits);
      const record = await store.records.get(namespaceKey(urn));
      if (record === null)
        throw new HttpProblem(404, "unknown-urn", `${urn.href} is not registered here`);
      await counter.flush();
      return keysetPage(q, reply, "/api/v1/stats/urn-resolutions", URN_SERIES_PAGES, (page) =>
        store.stats.urnSeries({
          key: record.key,
          from: range.from,
          to: range.to,
          granularity: range.granularity,
          bots: range.bots,
          ...page,
        }),
      );
    },
  );

  app.get(
    "/api/v1/stats/assignments",
    {
      schema: {
        operationId: "getAssignmentSeries",
        summary: "URNs registered, activated and deactivated per day or month",
        description: `Counted on the day of the write, whatever wrote it (API, web UI, import, minting, reservations). registered: a new record (reserved or active); activated: a reserved URN taken into use; deactivated: a URN deactivated (or imported deactivated). Ordered by period then event. ${RANGE}`,
        tags: ["statistics"],
        querystring: querystring({
          ...statsQueryProperties,
          granularity: granularityProperty,
          ...paging,
        }),
        response: pageOf({
          period: { type: "string", description: "YYYY-MM-DD, or YYYY-MM by month" },
          event: { type: "string", enum: ASSIGNMENT_EVENTS },
          count: { type: "integer" },
        }),
      },
    },
    async (request, reply) => {
      const q = request.query as Query;
      return keysetPage(q, reply, "/api/v1/stats/assignments", seriesPages("event"), async (page) =>
        store.stats.assignmentSeries({ ...(await scopedRequest(store, q)), ...page }),
      );
    },
  );

  app.get(
    "/api/v1/stats/top-urns",
    {
      schema: {
        operationId: "getTopUrns",
        summary: "The URNs registered here that were resolved most",
        description: `By resolutions over the range, most first (then by URN); the URN is its equivalence key (RFC 8141 §3). Only URNs registered here are counted one by one. The range covers at most ${MAX_TOP_DAYS} days (default: the last 30). limit is the N of the top N; \`next\` pages on.`,
        tags: ["statistics"],
        querystring: querystring({ ...statsQueryProperties, ...paging }),
        response: pageOf({
          urn: { type: "string" },
          organisation: { type: "string", description: '"" for a URN outside every prefix' },
          count: { type: "integer" },
        }),
      },
    },
    async (request, reply) => {
      await counter.flush();
      const q = request.query as Query;
      return keysetPage(q, reply, "/api/v1/stats/top-urns", topPages("urn"), async (page) =>
        store.stats.topUrns({ ...(await scopedRequest(store, q, MAX_TOP_DAYS)), ...page }),
      );
    },
  );

  app.get(
    "/api/v1/stats/top-prefixes",
    {
      schema: {
        operationId: "getTopPrefixes",
        summary: "The prefixes whose URNs were resolved most",
        description: `By resolutions over the range (of registered URNs and of unknown ones under the prefix), most first (then by prefix). The range covers at most ${MAX_TOP_DAYS} days (default: the last 30). limit is the N of the top N; \`next\` pages on.`,
        tags: ["statistics"],
        querystring: querystring({ ...statsQueryProperties, outcome: outcomeProperty, ...paging }),
        response: pageOf({
          prefix: { type: "string" },
          organisation: { type: "string" },
          count: { type: "integer" },
        }),
      },
    },
    async (request, reply) => {
      await counter.flush();
      const q = request.query as Query;
      return keysetPage(q, reply, "/api/v1/stats/top-prefixes", topPages("prefix"), async (page) =>
        store.stats.topPrefixes({ ...(await scopedRequest(store, q, MAX_TOP_DAYS)), ...page }),
      );
    },
  );
}
