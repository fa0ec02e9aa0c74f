// /api/v1/namespaces: the namespaces served here (RFC 8141 §6 registration template, §6.4.6
// resolution policy) and minting in them.

import type { FastifyInstance } from "fastify";
import { tokenOf } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import {
  errors,
  listOf,
  namespaceInputProperties,
  namespaceSchema,
  namespaceWriteSchema,
  problems,
  recordSchema,
} from "../http/schemas.js";
import { createNamespace, updateNamespace } from "../registry/namespace-actions.js";
import { mintUrn } from "../registry/record-actions.js";
import type { NamespaceInput } from "../storage/namespaces.js";
import { checkMintBody, mintBodySchema } from "../validation/record.js";

const nidParams = {
  type: "object",
  properties: { nid: { type: "string", minLength: 1, maxLength: 32 } },
  required: ["nid"],
} as const;

export async function namespaceRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/namespaces",
    {
      schema: {
        operationId: "createNamespace",
        summary: "Serve a namespace here",
        tags: ["namespaces"],
        security: [{ bearer: [] }],
        body: {
          type: "object",
          properties: {
            nid: { type: "string", minLength: 1, maxLength: 32 },
            ...namespaceInputProperties,
          },
          required: ["nid"],
          additionalProperties: false,
        },
        response: { 201: namespaceWriteSchema, ...problems(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const { namespace, warnings } = await createNamespace(
        ctx,
        token,
        request.body as NamespaceInput,
      );
      return reply
        .code(201)
        .header("location", `/api/v1/namespaces/${namespace.nid}`)
        .send({ ...namespace, warnings });
    },
  );

  app.get(
    "/api/v1/namespaces",
    {
      schema: {
        operationId: "listNamespaces",
        summary: "Namespaces served here",
        tags: ["namespaces"],
        querystring: { type: "object" },
        response: { 200: { type: "array", items: namespaceSchema }, ...errors },
      },
    },
    async () => store.namespaces.list(),
  );

  app.get(
    "/api/v1/namespaces/:nid",
    {
      schema: {
        operationId: "getNamespace",
        summary: "One namespace",
        tags: ["namespaces"],
        params: nidParams,
        response: { 200: namespaceSchema, ...problems(400, 404) },
      },
    },
    async (request) => {
      const { nid } = request.params as { nid: string };
      const ns = await store.namespaces.get(nid);
      if (ns === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${nid}" is not served here`);
      return ns;
    },
  );

  app.get(
    "/api/v1/namespaces/:nid/templates",
    {
      schema: {
        operationId: "listTemplateRevisions",
        summary: "Every revision of a namespace's registration template",
        tags: ["namespaces"],
        params: nidParams,
        response: {
          200: listOf({
            revision: { type: "integer" },
            template: { type: ["string", "null"] },
            created: { type: "string" },
          }),
          ...problems(400, 404),
        },
      },
    },
    async (request) => {
      const { nid } = request.params as { nid: string };
      if ((await store.namespaces.get(nid)) === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${nid}" is not served here`);
      return store.namespaces.templateRevisions(nid);
    },
  );

  app.put(
    "/api/v1/namespaces/:nid",
    {
      schema: {
        operationId: "updateNamespace",
        summary: "Change a namespace; a changed template is stored as a new revision",
        tags: ["namespaces"],
        security: [{ bearer: [] }],
        params: nidParams,
        body: { type: "object", properties: namespaceInputProperties, additionalProperties: false },
        response: { 200: namespaceWriteSchema, ...problems(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { nid } = request.params as { nid: string };
      const token = tokenOf(request);
      const { namespace, warnings } = await updateNamespace(
        ctx,
        token,
        nid,
        request.body as Omit<NamespaceInput, "nid">,
      );
      return { ...namespace, warnings };
    },
  );

  app.post(
    "/api/v1/namespaces/:nid/mint",
    {
      schema: {
        operationId: "mintUrn",
        summary: "Mint the next URN of the namespace by its policy, atomically",
        tags: ["namespaces"],
        security: [{ bearer: [] }],
        params: nidParams,
        body: mintBodySchema,
        response: { 201: recordSchema, ...problems(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const { nid } = request.params as { nid: string };
      const token = tokenOf(request);
      const record = await mintUrn(ctx, token, nid, checkMintBody(request.body));
      return reply.code(201).header("location", `/api/v1/urns/${record.urn}`).send(record);
    },
  );
}
