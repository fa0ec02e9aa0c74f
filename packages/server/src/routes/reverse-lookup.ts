// GET /uri-res/L2Ns?{url}: RFC 2169's URL → URNs service. The URL is the whole query, unmodified
// (as the URN is for N2L); the answer is text/uri-list (RFC 2483 §5), its first line a comment
// holding the URL, then the URNs whose active locators are that URL (scheme, host and default
// port normalised: locator-url-key.ts), in registration order. 404 when no URN has it.

import type { FastifyInstance } from "fastify";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { rawTarget } from "../http/raw-target.js";
import { pageOrProblem, problems, text } from "../http/schemas.js";
import { LIST_MAX } from "../validation/record-query.js";
import { URI_LIST, uriList } from "./resolution/answer.js";

export async function reverseLookupRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  app.get(
    "/uri-res/L2Ns",
    {
      schema: {
        operationId: "urnsOfUrl",
        summary: "RFC 2169 L2Ns: the URNs whose locator is this URL",
        description: `The URL is the whole query, unmodified. At most ${LIST_MAX} URNs; GET /api/v1/urns?url= pages through any number.`,
        tags: ["search"],
        querystring: { type: "object", description: "The URL, the whole query, unmodified" },
        response: {
          200: {
            description: "The URNs, one a line after a comment holding the URL",
            content: { "text/uri-list": { schema: text("One URN a line") } },
          },
          ...problems(),
          400: pageOrProblem(400, "No URL given"),
          404: pageOrProblem(404, "No URN has this locator"),
        },
      },
    },
    async (request, reply) => {
      const target = rawTarget(request);
      const mark = target.indexOf("?");
      const url = mark < 0 ? "" : target.slice(mark + 1);
      if (url === "" || url.length > ctx.limits.urnBytes)
        throw new HttpProblem(
          400,
          "missing-url",
          `give the URL as the query: /uri-res/L2Ns?https://… (at most ${ctx.limits.urnBytes} characters)`,
        );
      const hits = await ctx.store.search.records({ url, order: "id", limit: LIST_MAX });
      if (hits.length === 0)
        throw new HttpProblem(
          404,
          "url-not-found",
          `no URN registered here has the locator ${url}`,
        );
      return reply
        .type(URI_LIST)
        .header("cache-control", "public, max-age=60")
        .send(
          uriList(
            url,
            hits.map((h) => h.record.urn),
          ),
        );
    },
  );
}
