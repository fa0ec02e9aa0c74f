// The link report (link checking, storage/links.ts): GET /api/v1/links lists the active
// locators of active URNs with their last check, by status (broken, demoted, ok, unchecked),
// organisation and prefix, a page at a time; /api/v1/links/export gives the whole selection as
// CSV (RFC 4180) or JSON. Public, as the record pages showing the same health are.

import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { linkHeader } from "../http/link-header.js";
import { HttpProblem } from "../http/problem.js";
import { listOf, problems, text } from "../http/schemas.js";
import {
  LINK_OUTCOMES,
  LINK_STATUS_FILTERS,
  type LinkReportQuery,
  type LinkReportRow,
  type LinkStatusFilter,
} from "../storage/links.js";
import type { Store } from "../storage/store.js";
import { pageLimit } from "../validation/paging.js";
import { decodeCursor, encodeCursor } from "../validation/parameters/cursor.js";
import { registeredPrefix } from "../validation/parameters/prefix.js";

const PAGE_MAX = 1000;
const EXPORT_CHUNK = 1000;

const nullable = (type: string, description: string) =>
  ({ type: [type, "null"], description }) as const;

/** A report line as the API shows it: the locator and its last check (nulls: never checked). */
export const linkRowProperties = {
  urn: { type: "string" },
  url: { type: "string" },
  organisation: nullable("string", "the record's organisation"),
  prefix: nullable("string", "the prefix the URN was registered under"),
  checked: nullable("string", "when it was last checked"),
  outcome: { type: ["string", "null"], enum: [...LINK_OUTCOMES, null] },
  status: nullable("integer", "the last answer's HTTP status"),
  finalUrl: nullable("string", "where redirects ended"),
  latencyMs: nullable("integer", "how long the check took"),
  failures: { type: "integer", description: "failed checks in a row" },
  demoted: { type: "boolean", description: "ranked after the record's healthy locators" },
  message: nullable("string", "what went wrong"),
} as const;

/** The flat form of a report row (the API's items, the CSV's columns in this order). */
export function flatRow(row: LinkReportRow) {
  const h = row.health;
  return {
    urn: row.urn,
    url: row.url,
    organisation: row.organisation,
    prefix: row.prefix,
    checked: h?.checked ?? null,
    outcome: h?.outcome ?? null,
    status: h?.status ?? null,
    finalUrl: h?.finalUrl ?? null,
    latencyMs: h === null ? null : Math.round(h.latencyMs),
    failures: h?.failures ?? 0,
    demoted: h?.demoted ?? false,
    message: h?.message ?? null,
  };
}

const filterProperties = {
  status: {
    type: "string",
    enum: [...LINK_STATUS_FILTERS],
    description:
      "broken: the last check failed; demoted: failed often enough in a row to rank last; ok: the last check answered; unchecked: never checked (default all)",
  },
  organisation: { type: "string", maxLength: 64 },
  prefix: { type: "string", maxLength: 256 },
} as const;

type Filters = Omit<LinkReportQuery, "after" | "limit">;

/** The filters in a querystring; the prefix one registered here, in any equivalent spelling. */
async function filters(
  store: Pick<Store, "prefixes">,
  q: Record<string, string | undefined>,
): Promise<Filters> {
  return {
    status: (q.status ?? "all") as LinkStatusFilter,
    ...(q.organisation === undefined ? {} : { organisation: q.organisation }),
    ...(q.prefix === undefined ? {} : { prefix: (await registeredPrefix(store, q.prefix)).prefix }),
  };
}

/** One CSV field (RFC 4180 §2): quoted when it holds a comma, quote or line break. */
function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Every row the filters select, a chunk at a time. */
async function* allRows(store: Pick<Store, "links">, f: Filters): AsyncGenerator<LinkReportRow[]> {
  let after = 0;
  for (;;) {
    const rows = await store.links.report({ ...f, after, limit: EXPORT_CHUNK });
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < EXPORT_CHUNK || last === undefined) return;
    after = last.id;
  }
}

async function* csvLines(store: Pick<Store, "links">, f: Filters): AsyncGenerator<string> {
  yield `${Object.keys(linkRowProperties).join(",")}\r\n`;
  for await (const rows of allRows(store, f))
    yield rows.map((row) => `${Object.values(flatRow(row)).map(csvField).join(",")}\r\n`).join("");
}

async function* jsonArray(store: Pick<Store, "links">, f: Filters): AsyncGenerator<string> {
  let first = true;
  yield "[";
  for await (const rows of allRows(store, f)) {
    for (const row of rows) {
      yield `${first ? "\n" : ",\n"}${JSON.stringify(flatRow(row))}`;
      first = false;
    }
  }
  yield "\n]\n";
}

export async function linkRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.get(
    "/api/v1/links",
    {
      schema: {
        operationId: "listLinks",
        summary: "Locators and their link checks, a page at a time",
        description:
          'Active locators of active URNs in locator order, with their last check. Follow `next` (also in a Link header, rel="next") for the next page.',
        tags: ["links"],
        querystring: {
          type: "object",
          properties: {
            ...filterProperties,
            limit: { type: "string", description: `Rows a page, 1–${PAGE_MAX} (default 100)` },
            cursor: { type: "string", description: "The `next` of the page before" },
          },
        },
        response: {
          200: {
            type: "object",
            properties: {
              items: listOf(linkRowProperties),
              next: { type: ["string", "null"] },
            },
            required: ["items", "next"],
          },
          ...problems(400, 404),
        },
      },
    },
    async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const limit = pageLimit(q.limit, 100, PAGE_MAX);
      let after = 0;
      if (q.cursor !== undefined) {
        const [id] = decodeCursor(q.cursor, "links", 1) as [string];
        if (!/^\d{1,15}$/.test(id))
          throw new HttpProblem(400, "bad-cursor", "the cursor is not one this server gave out");
        after = Number(id);
      }
      const rows = await store.links.report({ ...(await filters(store, q)), after, limit });
      const last = rows.at(-1);
      const next =
        rows.length < limit || last === undefined ? null : encodeCursor("links", [`${last.id}`]);
      if (next !== null) {
        const params = new URLSearchParams({ ...(q as Record<string, string>), cursor: next });
        reply.header(
          "link",
          linkHeader([{ href: `/api/v1/links?${params}`, params: [["rel", "next"]] }]),
        );
      }
      return { items: rows.map(flatRow), next };
    },
  );

  app.get(
    "/api/v1/links/export",
    {
      schema: {
        operationId: "exportLinks",
        summary: "Every locator the filters select, with its last check, as CSV or JSON",
        tags: ["links"],
        querystring: {
          type: "object",
          properties: {
            ...filterProperties,
            format: { type: "string", enum: ["csv", "json"], description: "default csv" },
          },
        },
        response: {
          200: {
            description: "The report: CSV with a header line, or a JSON array",
            content: {
              "text/csv": { schema: text("CSV, columns as the JSON's members") },
              "application/json": { schema: listOf(linkRowProperties) },
            },
          },
          ...problems(400, 404),
        },
      },
    },
    async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const f = await filters(store, q);
      if (q.format === "json") {
        return reply.type("application/json").send(Readable.from(jsonArray(store, f)));
      }
      return reply
        .type("text/csv; charset=utf-8; header=present")
        .header("content-disposition", 'attachment; filename="links.csv"')
        .send(Readable.from(csvLines(store, f)));
    },
  );
}
