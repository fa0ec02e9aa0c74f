// /api/v1/organisations: the organisations that own prefixes, records, locators and tokens, and
// the lookup of a record by an organisation's own identifier (CZIDLO's registrar-scope
// identifiers). Organisations are never deleted (405); deactivating one stops its tokens.

import type { FastifyInstance } from "fastify";
import { tokenOf } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { errors, organisationSchema, recordSchema } from "../http/schemas.js";
import {
  createOrganisation,
  unknownOrganisation,
  updateOrganisation,
} from "../registry/organisation-actions.js";
import {
  checkOrganisationBody,
  checkOrganisationPatch,
  organisationBodySchema,
  organisationId,
  organisationPatchSchema,
} from "../validation/organisation.js";
import { identifierSchema } from "../validation/record.js";

const idParams = {
  type: "object",
  properties: { id: organisationId },
  required: ["id"],
} as const;

export async function organisationRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/organisations",
    {
      schema: {
        operationId: "createOrganisation",
        summary: "Create an organisation",
        tags: ["organisations"],
        security: [{ bearer: [] }],
        body: organisationBodySchema,
        response: { 201: organisationSchema, ...errors },
      },
    },
    async (request, reply) => {
      const org = await createOrganisation(
        store,
        tokenOf(request),
        checkOrganisationBody(request.body),
      );
      return reply.code(201).header("location", `/api/v1/organisations/${org.id}`).send(org);
    },
  );

  app.get(
    "/api/v1/organisations",
    {
      schema: {
        operationId: "listOrganisations",
        summary: "Every organisation (any token)",
        tags: ["organisations"],
        security: [{ bearer: [] }],
        querystring: { type: "object" },
        response: { 200: { type: "array", items: organisationSchema }, ...errors },
      },
    },
    // Any valid token: its bearer hook has authenticated it.
    async () => store.organisations.list(),
  );

  app.get(
    "/api/v1/organisations/:id",
    {
      schema: {
        operationId: "getOrganisation",
        summary: "One organisation (any token)",
        tags: ["organisations"],
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: organisationSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const org = await store.organisations.get(id);
      if (org === null) throw unknownOrganisation(id);
      return org;
    },
  );

  app.patch(
    "/api/v1/organisations/:id",
    {
      schema: {
        operationId: "updateOrganisation",
        summary: "Change an organisation's name, contact or active flag",
        tags: ["organisations"],
        security: [{ bearer: [] }],
        params: idParams,
        body: organisationPatchSchema,
        response: { 200: organisationSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return updateOrganisation(store, tokenOf(request), id, checkOrganisationPatch(request.body));
    },
  );

  app.delete(
    "/api/v1/organisations/:id",
    { schema: { hide: true, params: idParams } },
    async (_request, reply) => {
      reply.header("allow", "GET, PATCH");
      throw new HttpProblem(
        405,
        "never-deleted",
        'an organisation is never deleted; deactivate it with PATCH {"active": false}',
      );
    },
  );

  app.get(
    "/api/v1/organisations/:id/identifiers/:type/:value",
    {
      schema: {
        operationId: "getRecordByIdentifier",
        summary: "The record an organisation's own identifier names",
        tags: ["organisations"],
        params: {
          type: "object",
          properties: {
            id: organisationId,
            type: identifierSchema.properties.type,
            value: identifierSchema.properties.value,
          },
          required: ["id", "type", "value"],
        },
        response: { 200: recordSchema, ...errors },
      },
    },
    async (request) => {
      const { id, type, value } = request.params as { id: string; type: string; value: string };
      const record = await store.records.findByIdentifier(id, { type, value });
      if (record === null)
        throw new HttpProblem(
          404,
          "unknown-identifier",
          `organisation "${id}" has no record with ${type} "${value}"`,
        );
      return record;
    },
  );
}
