// GET /api/v1/tokens: every API token, live and revoked, for an administrator's audit (who may
// act, since when, and which tokens were ended). The tokens themselves and their hashes are never
// stored in a form that could be listed; the grant and dates are.

import type { FastifyInstance } from "fastify";
import { permit, tokenOf } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { listOf, problems, tokenInfoSchema } from "../http/schemas.js";

export async function tokenListRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;
  app.get(
    "/api/v1/tokens",
    {
      schema: {
        operationId: "listTokens",
        summary: "List API tokens, live and revoked (admin)",
        tags: ["tokens"],
        security: [{ bearer: [] }],
        querystring: { type: "object" },
        response: {
          200: listOf({
            ...tokenInfoSchema.properties,
            revoked: { type: ["string", "null"], description: "when it was revoked; null: live" },
          }),
          ...problems(401, 403),
        },
      },
    },
    async (request) => {
      permit(tokenOf(request), "admin", null);
      return store.tokens.list();
    },
  );
}
