// GET /api/v1/urns: the records, filtered (namespace, prefix, organisation, status, last change,
// locator URL) and searched (words of the URN and its metadata), a keyset page at a time with an
// RFC 8288 Link to the next page. Public, like resolution: it shows what resolution shows.

import type { FastifyInstance } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { linkHeader } from "../http/link-header.js";
import { dateTime, listOf, problems } from "../http/schemas.js";
import { recordPage } from "../registry/record-search.js";
import { RECORD_STATUSES } from "../storage/records.js";
import { metadataSchema } from "../validation/record.js";
import { type RecordQueryParams, recordQuerySchema } from "../validation/record-query.js";

export const recordSummarySchema = listOf({
  urn: { type: "string" },
  key: { type: "string", description: "The namespace-aware equivalence key" },
  nid: { type: "string" },
  status: { type: "string", enum: RECORD_STATUSES },
  organisation: { type: ["string", "null"], description: "The organisation owning the record" },
  prefix: { type: ["string", "null"], description: "The prefix it was registered under" },
  metadata: metadataSchema,
  created: dateTime,
  updated: dateTime,
});

export async function urnSearchRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  app.get(
    "/api/v1/urns",
    {
      schema: {
        operationId: "listUrns",
        summary: "List and search URN records",
        description:
          "Filters combine (all must hold). Pages come in equivalence-key order when only nid and prefix are given, in order of last change (updated, then registration) when only updatedSince is given, in registration order otherwise; each order is stable while records are added (in change order a record changed meanwhile comes again at its new place). The next page is in `next` and in a Link header (rel=next).",
        tags: ["search"],
        querystring: recordQuerySchema,
        response: {
          200: {
            type: "object",
            properties: {
              items: recordSummarySchema,
              next: { type: ["string", "null"], description: "The cursor of the next page" },
            },
            required: ["items", "next"],
          },
          ...problems(400),
        },
      },
    },
    async (request, reply) => {
      const params = request.query as RecordQueryParams;
      const page = await recordPage(ctx.store, params);
      if (page.next !== null) {
        const query = new URLSearchParams({ ...(params as Record<string, string>) });
        query.set("cursor", page.next);
        reply.header(
          "link",
          linkHeader([{ href: `/api/v1/urns?${query}`, params: [["rel", "next"]] }]),
        );
      }
      return page;
    },
  );
}
