// GET /api/v1/public-resolvers?urn=…: where a URN resolves publicly, best first, from the curated
// table of @urnkit/namespaces (one candidate a URL), and whether this server serves its namespace
// (then resolution here answers for it, and `serve --delegate-public` never sends it elsewhere).
// Public, and cached as resolution's own 200 answers are.

import type { FastifyInstance } from "fastify";
import { sendAnswer } from "../http/answer.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { urnFromQuery } from "../http/raw-target.js";
import { errors, noBody, urnQuerystring } from "../http/schemas.js";
import { notServedHere, publicCandidates } from "../resolution/public-delegation.js";
import { lookup } from "../resolution/resolver.js";
import { askedBy, ok, PUBLIC_MAX_AGE, syntaxProblem } from "./resolution/answer.js";

const candidateSchema = {
  type: "object",
  properties: {
    url: { type: "string", description: "Where to ask: the row's template filled in for this URN" },
    id: { type: "string", description: "The table row" },
    prefix: { type: "string", description: "The equivalence-key prefix the row serves" },
    name: { type: "string" },
    operator: { type: "string" },
    kind: { type: "string", enum: ["redirect", "landing-page", "uri-list"] },
    status: {
      type: "string",
      enum: ["live", "unverified"],
      description: "live: a dated source showed it working; unverified: none did",
    },
    confirmed: {
      type: ["string", "null"],
      description: "When a source last showed it working (YYYY, YYYY-MM or YYYY-MM-DD)",
    },
    source: { type: "string" },
  },
  required: ["url", "id", "prefix", "name", "operator", "kind", "status", "confirmed", "source"],
} as const;

export async function publicResolverRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  app.get(
    "/api/v1/public-resolvers",
    {
      schema: {
        operationId: "listPublicResolvers",
        summary: "Where a URN resolves publicly",
        description:
          "The public resolvers that may know the URN, best first (live before unverified, the longest matching prefix first), from urnkit's curated table. servedHere: this server serves the URN's namespace and answers for it itself. Cached like resolution's 200 answers (ETag, If-None-Match).",
        tags: ["resolution"],
        querystring: urnQuerystring,
        response: {
          200: {
            type: "object",
            properties: {
              urn: { type: "string" },
              servedHere: { type: "boolean" },
              candidates: { type: "array", items: candidateSchema },
            },
            required: ["urn", "servedHere", "candidates"],
          },
          304: { ...noBody, description: "Not modified" },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const input = urnFromQuery(request, "urn", ctx.limits);
      if (input === null) throw new HttpProblem(400, "missing-urn", "give ?urn=…");
      const found = await lookup(ctx.store, input);
      if (found.kind === "malformed") throw syntaxProblem(found.error);
      // The table's answer, served here or not: when not, the list the pages and redirects offer.
      const body = JSON.stringify({
        urn: found.urn.href,
        servedHere: !notServedHere(found),
        candidates: publicCandidates(found.urn),
      });
      const answer = ok(
        askedBy(request.raw),
        "application/json; charset=utf-8",
        body,
        Math.min(60, PUBLIC_MAX_AGE),
      );
      return sendAnswer(reply, answer);
    },
  );
}
