// Operations endpoints: liveness, readiness (the database answers), Prometheus metrics and the
// OpenAPI document.

import type { FastifyInstance } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { DATABASE_RETRY_AFTER_SECONDS } from "../http/database-unavailable.js";
import { linkGauges } from "../http/metrics.js";
import type { OpenApiCollector } from "../http/openapi.js";
import { HttpProblem } from "../http/problem.js";
import { errors, text } from "../http/schemas.js";

const status = {
  type: "object",
  properties: { status: { type: "string" }, engine: { type: "string" } },
  required: ["status"],
} as const;

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
        summary: "Readiness: the database answers",
        tags: ["operations"],
        querystring: none,
        response: { 200: status, ...errors },
      },
    },
    async () => {
      let ready = false;
      try {
        ready = await ctx.store.ping();
      } catch {
        ready = false;
      }
      if (!ready)
        throw new HttpProblem(
          503,
          "not-ready",
          "the database does not answer",
          {},
          { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
        );
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
