// /api/v1/namespaces: the namespaces served here (RFC 8141 §6 registration template, §6.4.6
// resolution policy) and minting in them.

import type { FastifyInstance } from "fastify";
import { authorize } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import {
  errors,
  locatorInputSchema,
  metadataSchema,
  namespaceInputProperties,
  namespaceSchema,
  recordSchema,
} from "../http/schemas.js";
import { mintNss } from "../mint.js";
import { nidRefusals, urnErrors } from "../namespace-keys.js";
import { registrationTarget } from "../registration.js";
import { ConflictError, type Delegation, type NamespaceInput } from "../storage/store.js";
import { checkLocators, checkMetadata } from "./record-body.js";

const nidParams = {
  type: "object",
  properties: { nid: { type: "string", minLength: 1, maxLength: 32 } },
  required: ["nid"],
} as const;

/** Delegate prefixes are compared with equivalence keys: "urn" and the NID in lowercase. */
function normalizeDelegates(
  nid: string,
  delegates: Delegation[] | undefined,
): Delegation[] | undefined {
  return delegates?.map((d) => {
    if (!/^https?:\/\//i.test(d.url))
      throw new HttpProblem(422, "bad-delegate", `delegate URL must be http(s): ${d.url}`);
    if (d.prefix === "") return d;
    const head = `urn:${nid}:`;
    if (d.prefix.slice(0, head.length).toLowerCase() !== head)
      throw new HttpProblem(422, "bad-delegate", `delegate prefix must start with "${head}"`);
    return { prefix: head + d.prefix.slice(head.length), url: d.url };
  });
}

/** The NID must be a valid, registered NID (RFC 8141 §5) unless the namespace is local. */
function checkNid(nid: string, local: boolean): void {
  const syntax = urnErrors(`urn:${nid}:x`);
  if (!syntax.valid)
    throw new HttpProblem(422, "invalid-nid", `"${nid}" is not a valid NID`, {
      issues: syntax.errors,
    });
  if (local) return;
  const issues = nidRefusals(nid);
  if (issues.length > 0)
    throw new HttpProblem(422, "unregistered-nid", issues[0]?.message ?? "", { issues });
}

export async function namespaceRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/namespaces",
    {
      schema: {
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
        response: { 201: namespaceSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = await authorize(store, request, "admin", null);
      const body = request.body as NamespaceInput;
      const nid = body.nid.toLowerCase();
      checkNid(nid, body.local === true);
      try {
        const ns = await store.createNamespace(
          { ...body, nid, delegate: normalizeDelegates(nid, body.delegate) ?? [] },
          { tokenId: token.id },
        );
        return reply.code(201).header("location", `/api/v1/namespaces/${nid}`).send(ns);
      } catch (error) {
        if (error instanceof ConflictError)
          throw new HttpProblem(409, "namespace-exists", error.message, {
            existing: error.existing,
          });
        throw error;
      }
    },
  );

  app.get(
    "/api/v1/namespaces",
    {
      schema: {
        summary: "Namespaces served here",
        tags: ["namespaces"],
        querystring: { type: "object" },
        response: { 200: { type: "array", items: namespaceSchema }, ...errors },
      },
    },
    async () => store.listNamespaces(),
  );

  app.get(
    "/api/v1/namespaces/:nid",
    {
      schema: {
        summary: "One namespace",
        tags: ["namespaces"],
        params: nidParams,
        response: { 200: namespaceSchema, ...errors },
      },
    },
    async (request) => {
      const { nid } = request.params as { nid: string };
      const ns = await store.getNamespace(nid);
      if (ns === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${nid}" is not served here`);
      return ns;
    },
  );

  app.get(
    "/api/v1/namespaces/:nid/templates",
    {
      schema: {
        summary: "Every revision of a namespace's registration template",
        tags: ["namespaces"],
        params: nidParams,
        response: {
          200: {
            type: "array",
            items: {
              type: "object",
              properties: {
                revision: { type: "integer" },
                template: { type: ["string", "null"] },
                created: { type: "string" },
              },
            },
          },
          ...errors,
        },
      },
    },
    async (request) => {
      const { nid } = request.params as { nid: string };
      if ((await store.getNamespace(nid)) === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${nid}" is not served here`);
      return store.templateRevisions(nid);
    },
  );

  app.put(
    "/api/v1/namespaces/:nid",
    {
      schema: {
        summary: "Change a namespace; a changed template is stored as a new revision",
        tags: ["namespaces"],
        security: [{ bearer: [] }],
        params: nidParams,
        body: { type: "object", properties: namespaceInputProperties, additionalProperties: false },
        response: { 200: namespaceSchema, ...errors },
      },
    },
    async (request) => {
      const nid = (request.params as { nid: string }).nid.toLowerCase();
      const token = await authorize(store, request, "admin", nid);
      const body = request.body as Omit<NamespaceInput, "nid">;
      const before = await store.getNamespace(nid);
      if (before === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${nid}" is not served here`);
      checkNid(nid, body.local ?? before.local);
      return store.updateNamespace(
        { ...body, nid, delegate: normalizeDelegates(nid, body.delegate) },
        { tokenId: token.id },
      );
    },
  );

  app.post(
    "/api/v1/namespaces/:nid/mint",
    {
      schema: {
        summary: "Mint the next URN of the namespace by its policy, atomically",
        tags: ["namespaces"],
        security: [{ bearer: [] }],
        params: nidParams,
        body: {
          type: ["object", "null"],
          properties: {
            status: { type: "string", enum: ["reserved", "active"] },
            locators: { type: "array", maxItems: 1000, items: locatorInputSchema },
            metadata: metadataSchema,
          },
          additionalProperties: false,
        },
        response: { 201: recordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const nid = (request.params as { nid: string }).nid.toLowerCase();
      const token = await authorize(store, request, "registrar", nid);
      const ns = await store.getNamespace(nid);
      if (ns === null)
        throw new HttpProblem(404, "unknown-namespace", `namespace "${nid}" is not served here`);
      if (ns.mint === null)
        throw new HttpProblem(409, "no-mint-policy", `namespace "${nid}" has no minting policy`);
      const body = (request.body ?? {}) as {
        status?: "reserved" | "active";
        locators?: { url: string }[];
        metadata?: Record<string, unknown> | null;
      };
      checkLocators(body.locators);
      checkMetadata(body.metadata);
      // A number already taken by a hand-registered URN is skipped; the sequence never goes back.
      for (let attempt = 0; attempt < 100; attempt++) {
        const n = await store.nextMintNumber(nid, { tokenId: token.id });
        const target = await registrationTarget(
          store,
          `urn:${nid}:${mintNss(ns.mint, n)}`,
          ctx.limits,
        );
        try {
          const record = await store.createRecord(
            {
              urn: target.urn.href,
              key: target.key,
              nid,
              status: body.status ?? "reserved",
              locators: body.locators,
              metadata: body.metadata ?? null,
            },
            { tokenId: token.id },
          );
          return reply.code(201).header("location", `/api/v1/urns/${record.urn}`).send(record);
        } catch (error) {
          if (!(error instanceof ConflictError)) throw error;
        }
      }
      throw new HttpProblem(
        409,
        "mint-exhausted",
        "100 minted numbers in a row were already taken",
      );
    },
  );
}
