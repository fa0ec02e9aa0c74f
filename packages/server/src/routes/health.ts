// Operations endpoints: liveness, readiness (the database answers), Prometheus metrics and the
// OpenAPI document. A registry with a read replica whose primary is away is still ready: it
// resolves from the replica, and /readyz says in its body that writes are refused meanwhile.

import type { FastifyInstance } from "fastify";
import type { PluginOptions, ServerContext } from "../http/context.js";
import { DATABASE_RETRY_AFTER_SECONDS } from "../http/database-unavailable.js";
import { linkGauges } from "../http/metrics.js";
import type { OpenApiCollector } from "../http/openapi.js";
import { HttpProblem } from "../http/problem.js";
import { errors, text } from "../http/schemas.js";
import type { Availability } from "../storage/store.js";

const status = {
  type: "object",
  properties: {
    status: { type: "string", enum: ["ok", "ready", "degraded"] },
    engine: { type: "string" },
    writes: { type: "boolean" },
    detail: { type: "string" },
  },
  required: ["status"],
} as const;

/** What the store can do now; a store that cannot tell reads from writes answers for both. */
async function availability(store: ServerContext["store"]): Promise<Availability> {
  try {
    if (store.availability !== undefined) return await store.availability();
    const answers = await store.ping();
    return { reads: answers, writes: answers };
  } catch {
    return { reads: false, writes: false };
  }
}

export async function healthRoutes(
  app: FastifyInstance,
  { ctx, openapi }: PluginOptions & { openapi: OpenApiCollector },
) {
  const none = { type: "object" } as const;
  app.get(
    "/healthz",
    {
      schema: {
        operationId: "getHealth",
        summary: "Liveness",
        tags: ["operations"],
        querystring: none,
        response: { 200: status, ...errors },
      },
    },
    async () => ({ status: "ok" }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        operationId: "getReadiness",
        summary: "Readiness: the database answers (degraded: resolution only, writes refused)",
        tags: ["operations"],
        querystring: none,
        response: { 200: status, ...errors },
      },
    },
    async () => {
      const { reads, writes } = await availability(ctx.store);
      if (!reads)
        throw new HttpProblem(
          503,
          "not-ready",
          "the database does not answer",
          {},
          { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
        );
      if (!writes)
        return {
          status: "degraded",
          engine: ctx.store.engine,
          writes: false,
          detail:
            "the primary database cannot be reached: resolution is answered from the replica, writes are refused (503) until it is back",
        };
      return { status: "ready", engine: ctx.store.engine };
    },
  );
  app.get(
    "/metrics",
    {
      schema: {
        operationId: "getMetrics",
        summary: "Prometheus metrics",
        tags: ["operations"],
        querystring: none,
        response: {
          200: {
            description: "Text exposition format",
            content: { "text/plain": { schema: text("metrics") } },
          },
          ...errors,
        },
      },
    },
    async (_request, reply) =>
      reply
        .type("text/plain; version=0.0.4; charset=utf-8")
        .send(ctx.metrics.render() + linkGauges(await ctx.store.links.outcomeCounts())),
  );
  app.get(
    "/openapi.json",
    {
      schema: {
        operationId: "getOpenApi",
        summary: "This OpenAPI document",
        tags: ["operations"],
        querystring: none,
        response: { 200: { type: "object", additionalProperties: true }, ...errors },
      },
    },
    async () => openapi.document("urnkit resolver and registry"),
  );
}
