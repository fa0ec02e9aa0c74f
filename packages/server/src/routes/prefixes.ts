// /api/v1/namespaces/{nid}/prefixes: the sub-namespaces of a served namespace (the prefix
// percent-encoded in the path as one segment), and minting, reserving and suggesting in them.

import type { FastifyInstance } from "fastify";
import { tokenOf } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { errors, prefixSchema, recordSchema } from "../http/schemas.js";
import {
  createPrefix,
  mintInPrefix,
  prefixOf,
  reserveInPrefix,
  suggestInPrefix,
  updatePrefix,
} from "../registry/prefix-actions.js";
import {
  checkPrefixBody,
  checkPrefixPatch,
  checkReservationBody,
  prefixBodySchema,
  prefixPatchSchema,
  reservationBodySchema,
} from "../validation/prefix.js";
import { checkMintBody, mintBodySchema } from "../validation/record.js";

const nid = { type: "string", minLength: 1, maxLength: 32 } as const;
const nidParams = { type: "object", properties: { nid }, required: ["nid"] } as const;
const prefixParams = {
  type: "object",
  properties: {
    nid,
    prefix: { type: "string", minLength: 1, maxLength: 1024, description: "Percent-encoded" },
  },
  required: ["nid", "prefix"],
} as const;

type PrefixParams = { nid: string; prefix: string };

/** The path of a prefix: its text as one percent-encoded segment. */
export function prefixPath(nid: string, prefix: string): string {
  return `/api/v1/namespaces/${nid}/prefixes/${encodeURIComponent(prefix)}`;
}

export async function prefixRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/namespaces/:nid/prefixes",
    {
      schema: {
        operationId: "createPrefix",
        summary: "Create a prefix (sub-namespace) owned by an organisation",
        tags: ["prefixes"],
        security: [{ bearer: [] }],
        params: nidParams,
        body: prefixBodySchema,
        response: { 201: prefixSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { nid } = request.params as { nid: string };
      const prefix = await createPrefix(ctx, tokenOf(request), nid, checkPrefixBody(request.body));
      return reply.code(201).header("location", prefixPath(prefix.nid, prefix.prefix)).send(prefix);
    },
  );

  app.get(
    "/api/v1/namespaces/:nid/prefixes",
    {
      schema: {
        operationId: "listPrefixes",
        summary: "The prefixes of a namespace",
        tags: ["prefixes"],
        params: nidParams,
        querystring: { type: "object" },
        response: { 200: { type: "array", items: prefixSchema }, ...errors },
      },
    },
    async (request) => {
      const { nid } = request.params as { nid: string };
      const id = nid.toLowerCase();
      if ((await store.namespaces.get(id)) === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${id}" is not served here`);
      return store.prefixes.list(id);
    },
  );

  app.get(
    "/api/v1/namespaces/:nid/prefixes/:prefix",
    {
      schema: {
        operationId: "getPrefix",
        summary: "One prefix",
        tags: ["prefixes"],
        params: prefixParams,
        response: { 200: prefixSchema, ...errors },
      },
    },
    async (request) => {
      const { nid, prefix } = request.params as PrefixParams;
      return prefixOf(ctx, nid, prefix);
    },
  );

  app.patch(
    "/api/v1/namespaces/:nid/prefixes/:prefix",
    {
      schema: {
        operationId: "updatePrefix",
        summary: "Change a prefix's policies (its name, namespace and owner never change)",
        tags: ["prefixes"],
        security: [{ bearer: [] }],
        params: prefixParams,
        body: prefixPatchSchema,
        response: { 200: prefixSchema, ...errors },
      },
    },
    async (request) => {
      const { nid, prefix } = request.params as PrefixParams;
      return updatePrefix(ctx, tokenOf(request), nid, prefix, checkPrefixPatch(request.body));
    },
  );

  app.post(
    "/api/v1/namespaces/:nid/prefixes/:prefix/mint",
    {
      schema: {
        operationId: "mintInPrefix",
        summary: "Mint the prefix's next URN, atomically (resolver mode)",
        tags: ["prefixes"],
        security: [{ bearer: [] }],
        params: prefixParams,
        body: mintBodySchema,
        response: { 201: recordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { nid, prefix } = request.params as PrefixParams;
      const record = await mintInPrefix(
        ctx,
        tokenOf(request),
        nid,
        prefix,
        checkMintBody(request.body),
      );
      return reply.code(201).header("location", `/api/v1/urns/${record.urn}`).send(record);
    },
  );

  app.post(
    "/api/v1/namespaces/:nid/prefixes/:prefix/reservations",
    {
      schema: {
        operationId: "reserveInPrefix",
        summary: "Reserve the prefix's next 1–1000 URNs (reservation mode)",
        tags: ["prefixes"],
        security: [{ bearer: [] }],
        params: prefixParams,
        body: reservationBodySchema,
        response: {
          201: {
            type: "object",
            properties: {
              prefix: { type: "string" },
              organisation: { type: "string" },
              urns: { type: "array", items: { type: "string" } },
            },
            required: ["prefix", "organisation", "urns"],
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { nid, prefix } = request.params as PrefixParams;
      return reply
        .code(201)
        .send(
          await reserveInPrefix(
            ctx,
            tokenOf(request),
            nid,
            prefix,
            checkReservationBody(request.body),
          ),
        );
    },
  );

  app.get(
    "/api/v1/namespaces/:nid/prefixes/:prefix/suggestion",
    {
      schema: {
        operationId: "suggestInPrefix",
        summary: "The prefix's next free URN, never suggested twice (not registered)",
        tags: ["prefixes"],
        security: [{ bearer: [] }],
        params: prefixParams,
        response: {
          200: {
            type: "object",
            properties: { urn: { type: "string" }, prefix: { type: "string" } },
            required: ["urn", "prefix"],
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { nid, prefix } = request.params as PrefixParams;
      reply.header("cache-control", "no-store");
      return suggestInPrefix(ctx, tokenOf(request), nid, prefix);
    },
  );
}
