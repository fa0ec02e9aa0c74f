// /api/v1/urns: registering URNs and managing their lifecycle. A URN is never deleted and never
// reassigned (RFC 8141 §1.1); an equivalent spelling (§3) is the same URN.

import type { FastifyInstance, FastifyRequest } from "fastify";
import { tokenOf } from "../http/auth.js";
import type { PluginOptions, ServerContext } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { rawTarget, urnFromPath, urnFromQuery } from "../http/raw-target.js";
import { problems, recordSchema, urnWildcardParams } from "../http/schemas.js";
import { checkUrn, namespaceKey } from "../registry/namespace-keys.js";
import {
  activateUrn,
  deactivateUrn,
  patchRecord,
  registerUrn,
} from "../registry/record-actions.js";
import {
  checkDeactivateBody,
  checkPatchBody,
  checkRegisterBody,
  deactivateBodySchema,
  patchBodySchema,
  registerBodySchema,
} from "../validation/record.js";
import { requestUrn } from "../validation/urn.js";

const PREFIX = "/api/v1/urns/";

/** The URN text in the path, as sent. */
function pathText(ctx: ServerContext, request: FastifyRequest): string {
  return urnFromPath(request, PREFIX, ctx.limits);
}

/** The URN in the path; 400 when it is not a URN. */
function pathUrn(ctx: ServerContext, request: FastifyRequest) {
  return requestUrn(pathText(ctx, request), ctx.limits);
}

export async function urnRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/urns",
    {
      schema: {
        operationId: "registerUrn",
        summary: "Register a URN",
        tags: ["urns"],
        security: [{ bearer: [] }],
        body: registerBodySchema,
        response: { 201: recordSchema, ...problems(400, 401, 403, 409, 413, 422) },
      },
    },
    async (request, reply) => {
      const token = tokenOf(request);
      const record = await registerUrn(ctx, token, checkRegisterBody(request.body, ctx.limits));
      return reply
        .code(201)
        .header("location", PREFIX + record.urn)
        .send(record);
    },
  );

  app.get(
    "/api/v1/urns/*",
    {
      schema: {
        operationId: "getUrn",
        summary: "A URN's record, looked up by any equivalent spelling",
        tags: ["urns"],
        params: urnWildcardParams,
        response: { 200: recordSchema, ...problems(400, 404) },
      },
    },
    async (request) => {
      const urn = pathUrn(ctx, request);
      const record = await store.records.get(namespaceKey(urn));
      if (record === null)
        throw new HttpProblem(404, "unknown-urn", `${urn.href} is not registered here`);
      return record;
    },
  );

  app.patch(
    "/api/v1/urns/*",
    {
      schema: {
        operationId: "updateUrn",
        summary: "Change a URN's locators (the list replaces the active set) or metadata",
        tags: ["urns"],
        security: [{ bearer: [] }],
        params: urnWildcardParams,
        body: patchBodySchema,
        response: { 200: recordSchema, ...problems(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) => {
      const token = tokenOf(request);
      return patchRecord(ctx, token, pathUrn(ctx, request), checkPatchBody(request.body));
    },
  );

  app.post(
    "/api/v1/urns/*",
    {
      schema: {
        // The router cannot tell ".../activate" from ".../deactivate" after a URN (which may hold
        // "/"), so one route serves both and the document lists them as the two operations they are.
        "x-operations": {
          "/activate": {
            operationId: "activateUrn",
            summary: "Activate a reserved URN (reserved → active)",
            body: undefined,
          },
          "/deactivate": {
            operationId: "deactivateUrn",
            summary:
              "Deactivate a URN with a reason and an optional successor; on a tombstone, record its successor once",
          },
        },
        summary: "POST …/activate (reserved → active) or …/deactivate {reason, successor?}",
        tags: ["urns"],
        security: [{ bearer: [] }],
        params: urnWildcardParams,
        body: deactivateBodySchema,
        response: { 200: recordSchema, ...problems(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const token = tokenOf(request);
      const path = rawTarget(request).split("?")[0] as string;
      const action = path.endsWith("/activate")
        ? "activate"
        : path.endsWith("/deactivate")
          ? "deactivate"
          : null;
      if (action === null)
        throw new HttpProblem(404, "unknown-action", "POST …/activate or …/deactivate on a URN");
      const urn = requestUrn(pathText(ctx, request).slice(0, -`/${action}`.length), ctx.limits);
      if (action === "activate") return activateUrn(ctx, token, urn);
      return deactivateUrn(ctx, token, urn, checkDeactivateBody(request.body, ctx.limits));
    },
  );

  // Refused in onRequest, before any body is read: a DELETE with a JSON content type and no body
  // still learns why, not that its body is empty.
  const neverDeleted = async () => {
    throw new HttpProblem(
      405,
      "never-deleted",
      "URNs are never deleted or reassigned; POST …/deactivate with a reason (and a successor) instead",
      {},
      { allow: "GET, HEAD, PATCH, POST" },
    );
  };
  app.delete(
    "/api/v1/urns/*",
    {
      schema: {
        operationId: "deleteUrn",
        // Always 405: not an operation a client can use, so not in the document.
        hide: true,
        summary: "Refused: URNs are never deleted (deactivate instead)",
        tags: ["urns"],
        params: urnWildcardParams,
        response: { ...problems(405) },
      },
      onRequest: neverDeleted,
    },
    neverDeleted,
  );

  app.get(
    "/api/v1/check",
    {
      schema: {
        operationId: "checkUrn",
        summary: "Check a URN against RFC 8141 and its namespace's rules",
        tags: ["urns"],
        querystring: {
          type: "object",
          properties: {
            urn: { type: "string", description: "The URN, as-is or percent-encoded once" },
          },
          required: ["urn"],
        },
        response: {
          200: { type: "object", additionalProperties: true, description: "The checkUrn report" },
          ...problems(400),
        },
      },
    },
    async (request) => {
      const urn = urnFromQuery(request, "urn", ctx.limits);
      if (urn === null) throw new HttpProblem(400, "missing-urn", "give ?urn=…");
      return checkUrn(urn);
    },
  );
}
