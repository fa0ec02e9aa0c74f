// Tokens, the audit log, resolution statistics and the namespace registry snapshot.

import type { FastifyInstance } from "fastify";
import { tokenOf } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { errors, listOf, namespaceSchema, problems, tokenInfoSchema } from "../http/schemas.js";
import { registryEntries } from "../registry/namespace-keys.js";
import { createToken, readAudit, revokeToken } from "../registry/token-actions.js";
import { ELSEWHERE } from "../stats/resolution-counts.js";
import { pageLimit } from "../validation/paging.js";
import { decodeCursor, encodeCursor } from "../validation/parameters/cursor.js";
import { checkDayOrder, dayParameter } from "../validation/parameters/date.js";
import { checkTokenBody, tokenBodySchema } from "../validation/token.js";

const STATS_PAGE_MAX = 1000;
/** The list the daily resolution counts' cursors belong to. */
const RESOLUTION_COUNTS = "resolution-counts";

function countAfter(cursor: string): { day: string; nid: string } {
  const [day, nid] = decodeCursor(cursor, RESOLUTION_COUNTS, 2) as [string, string];
  return { day, nid };
}

export async function adminRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/tokens",
    {
      schema: {
        operationId: "createToken",
        summary: "Create an API token (shown once)",
        tags: ["tokens"],
        security: [{ bearer: [] }],
        body: tokenBodySchema,
        response: {
          201: {
            ...tokenInfoSchema,
            properties: {
              ...tokenInfoSchema.properties,
              token: { type: "string", description: "The token itself, shown this once" },
            },
            required: [...tokenInfoSchema.required, "token"],
          },
          ...problems(400, 401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const { token, info } = await createToken(
        store,
        tokenOf(request),
        checkTokenBody(request.body),
      );
      return reply
        .code(201)
        .header("location", `/api/v1/tokens/${info.id}`)
        .send({ ...info, token });
    },
  );

  app.delete(
    "/api/v1/tokens/:id",
    {
      schema: {
        operationId: "revokeToken",
        summary: "Revoke a token; its web UI sessions end with it",
        tags: ["tokens"],
        security: [{ bearer: [] }],
        params: {
          type: "object",
          properties: { id: { type: "string", pattern: "^[1-9][0-9]{0,15}$" } },
          required: ["id"],
        },
        response: { 200: tokenInfoSchema, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return revokeToken(store, tokenOf(request), Number(id));
    },
  );

  app.get(
    "/api/v1/audit",
    {
      schema: {
        operationId: "listAudit",
        summary: "The audit log, newest first",
        tags: ["tokens"],
        security: [{ bearer: [] }],
        querystring: {
          type: "object",
          properties: {
            limit: {
              type: "string",
              pattern: "^[1-9][0-9]{0,2}$|^1000$",
              description: "1 to 1000, default 100",
            },
            before: { type: "string", pattern: "^[1-9][0-9]{0,15}$", description: "an audit id" },
            target: {
              type: "string",
              minLength: 1,
              maxLength: 8192,
              description:
                'only rows about this target: a URN as registered, a NID, or "token:" and a token id',
            },
          },
        },
        response: {
          200: listOf({
            id: { type: "integer" },
            tokenId: { type: ["integer", "null"] },
            action: { type: "string" },
            target: { type: "string" },
            before: {},
            after: {},
            at: { type: "string" },
          }),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request) => {
      const { limit, before, target } = request.query as {
        limit?: string;
        before?: string;
        target?: string;
      };
      if (before !== undefined && !/^\d{1,15}$/.test(before))
        throw new HttpProblem(400, "bad-before", "before is an audit row id");
      return readAudit(store, tokenOf(request), pageLimit(limit, 100, 1000), {
        ...(before === undefined ? {} : { before: Number(before) }),
        ...(target === undefined ? {} : { targets: [target] }),
      });
    },
  );

  app.get(
    "/api/v1/stats/resolutions",
    {
      schema: {
        operationId: "getResolutionStats",
        summary: "Daily resolution counts per namespace, a page at a time",
        description: `Ordered by day, then NID. Resolutions in namespaces not served here share the bucket "${ELSEWHERE}". Follow \`next\` (also in a Link header, rel="next") for the next page.`,
        tags: ["namespaces"],
        querystring: {
          type: "object",
          properties: {
            nid: { type: "string", maxLength: 32 },
            from: { type: "string", description: "First day, YYYY-MM-DD" },
            to: { type: "string", description: "Last day, YYYY-MM-DD" },
            limit: {
              type: "string",
              description: `Rows a page, 1–${STATS_PAGE_MAX} (default 100)`,
            },
            cursor: { type: "string", description: "The `next` of the page before" },
          },
        },
        response: {
          200: {
            type: "object",
            properties: {
              items: listOf({
                nid: { type: "string" },
                day: { type: "string" },
                count: { type: "integer" },
              }),
              next: { type: ["string", "null"] },
            },
            required: ["items", "next"],
          },
          ...problems(400),
        },
      },
    },
    async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const limit = pageLimit(q.limit, 100, STATS_PAGE_MAX);
      const after = q.cursor === undefined ? undefined : countAfter(q.cursor);
      const from = q.from === undefined ? undefined : dayParameter("from", q.from);
      const to = q.to === undefined ? undefined : dayParameter("to", q.to);
      if (from !== undefined && to !== undefined) checkDayOrder(from, to);
      await ctx.counter.flush();
      const items = await store.stats.resolutionCounts({
        limit,
        ...(q.nid === undefined ? {} : { nid: q.nid }),
        ...(q.from === undefined ? {} : { from: q.from }),
        ...(q.to === undefined ? {} : { to: q.to }),
        ...(after === undefined ? {} : { after }),
      });
      const last = items.at(-1);
      const next =
        items.length < limit || last === undefined
          ? null
          : encodeCursor(RESOLUTION_COUNTS, [last.day, last.nid]);
      if (next !== null) {
        const params = new URLSearchParams({ ...(q as Record<string, string>), cursor: next });
        reply.header("link", `</api/v1/stats/resolutions?${params}>; rel="next"`);
      }
      return { items, next };
    },
  );

  app.get(
    "/api/v1/registry/namespaces",
    {
      schema: {
        operationId: "listRegistryNamespaces",
        summary: "The IANA URN namespace registry snapshot and the namespaces served here",
        tags: ["namespaces"],
        querystring: { type: "object" },
        response: {
          200: {
            type: "object",
            properties: {
              iana: {
                type: "object",
                properties: {
                  snapshotDate: { type: "string" },
                  entries: { type: "array", items: { type: "object", additionalProperties: true } },
                },
                required: ["snapshotDate", "entries"],
              },
              local: { type: "array", items: namespaceSchema },
            },
            required: ["iana", "local"],
          },
          ...errors,
        },
      },
    },
    async () => ({ iana: registryEntries(), local: await store.namespaces.list() }),
  );
}
