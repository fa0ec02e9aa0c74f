// DNB organisations: urnkit's organisations, read only (created and changed through urnkit's own
// API and command line). An organisation's record needs credentials, as urnkit's own API asks a
// token for it; the list of its namespaces is public, as the DNB documents.

import type { FastifyInstance } from "fastify";
import { Refusal } from "../../validation/refusal.js";
import { dnbCallerOf } from "./auth.js";
import { collection, namespaceView, organisationUrl, organisationView } from "./representation.js";
import { DNB_SCHEMA, type DnbRouteOptions, linkBase, needsCaller } from "./route-context.js";

const idParams = {
  type: "object",
  properties: { id: { type: "string", minLength: 1, maxLength: 200 } },
  required: ["id"],
} as const;

function unknownOrganisation(id: string): Refusal {
  return new Refusal("not-found", "unknown-organisation", `there is no organisation "${id}"`);
}

export function organisationRoutes(app: FastifyInstance, { ctx, base }: DnbRouteOptions) {
  const { store } = ctx;
  const withCaller = needsCaller(ctx);

  app.get(
    "/organisations/id/:id",
    { schema: { ...DNB_SCHEMA, params: idParams }, ...withCaller },
    async (request) => {
      const caller = dnbCallerOf(request);
      const { id } = request.params as { id: string };
      const organisation = await store.organisations.get(id);
      if (organisation === null) throw unknownOrganisation(id);
      return organisationView(linkBase(request, base), organisation, caller.organisation);
    },
  );

  app.get(
    "/organisations/id/:id/namespaces",
    { schema: { ...DNB_SCHEMA, params: idParams } },
    async (request) => {
      const { id } = request.params as { id: string };
      if ((await store.organisations.get(id)) === null) throw unknownOrganisation(id);
      const at = linkBase(request, base);
      const items = (await store.prefixes.list())
        .filter((p) => p.organisation === id)
        .map((p) => namespaceView(at, p));
      return collection(`${organisationUrl(at, id)}/namespaces`, items.length, items);
    },
  );
}
