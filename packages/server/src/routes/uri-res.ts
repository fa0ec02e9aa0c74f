// GET /uri-res/{service}?{urn}: RFC 2169's trivial HTTP convention, with RFC 2483's I2x names. The
// URN is the whole query, unmodified; services not offered here give 501.

import type { FastifyInstance } from "fastify";
import { sendAnswer } from "../http/answer.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { rawTarget } from "../http/raw-target.js";
import { recordSchema, text } from "../http/schemas.js";
import { lookup } from "../resolution/resolver.js";
import { checkUrnLength } from "../validation/urn-length.js";
import { answer, askedBy, SERVICES } from "./resolution/answer.js";
import { answerResponses } from "./resolution/answer-responses.js";

export async function uriResRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  app.get(
    "/uri-res/:service",
    {
      schema: {
        operationId: "resolveService",
        summary: "RFC 2169 / RFC 2483 resolution service",
        description:
          "N2L/I2L and N2R/I2R redirect to the best locator; N2Ls/I2Ls list locators and N2Ns/I2Ns other names (text/uri-list); N2C/I2C give metadata (JSON or HTML). With --delegate-public, a URN whose namespace is not served here: N2L redirects to its best public resolver, N2Ls lists them. Other services: 501.",
        tags: ["resolution"],
        params: {
          type: "object",
          properties: { service: { type: "string", maxLength: 16 } },
          required: ["service"],
        },
        querystring: { type: "object", description: "The URN, the whole query, unmodified" },
        response: answerResponses(
          {
            description: "Locators, names or metadata",
            content: {
              "text/uri-list": {
                schema: text("One URI a line, first line a comment with the URN"),
              },
              "application/json": { schema: recordSchema },
              "text/html": { schema: text("Metadata page") },
            },
          },
          "Not a URN, or no URN given",
        ),
      },
    },
    async (request, reply) => {
      const name = (request.params as { service: string }).service;
      const service = Object.hasOwn(SERVICES, name) ? SERVICES[name] : undefined;
      if (service === undefined)
        throw new HttpProblem(
          501,
          "service-not-implemented",
          `the resolution service "${name}" is not offered here`,
          {
            services: Object.keys(SERVICES),
          },
        );
      const target = rawTarget(request);
      const q = target.indexOf("?");
      if (q < 0 || q === target.length - 1)
        throw new HttpProblem(
          400,
          "missing-urn",
          `give the URN as the query: /uri-res/${name}?urn:…`,
        );
      const input = target.slice(q + 1);
      checkUrnLength(input, ctx.limits);
      const found = await lookup(ctx.store, input);
      return sendAnswer(reply, await answer(ctx, askedBy(request.raw), found, service));
    },
  );
}
