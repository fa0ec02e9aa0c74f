// /api/v1/urns: registering URNs and managing their lifecycle. A URN is never deleted and never
// reassigned (RFC 8141 §1.1); an equivalent spelling (§3) is the same URN.

import type { FastifyInstance, FastifyRequest } from "fastify";
import { authenticate, permit } from "../http/auth.js";
import type { PluginOptions, ServerContext } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { urnFromPath, urnFromQuery } from "../http/raw-target.js";
import {
  errors,
  locatorInputSchema,
  metadataSchema,
  recordSchema,
  urnString,
  urnWildcardParams,
} from "../http/schemas.js";
import { checkUrn, namespaceKey, urnErrors } from "../namespace-keys.js";
import { parseApiUrn, registrationTarget } from "../registration.js";
import { ConflictError, type LocatorInput, StateError, type UrnRecord } from "../storage/store.js";
import { checkLocators, checkMetadata } from "./record-body.js";

const PREFIX = "/api/v1/urns/";

/** The URN in the path and its key; 400 when it is not a URN. */
function pathUrn(ctx: ServerContext, request: FastifyRequest, suffix = "") {
  const text = urnFromPath(request, PREFIX, ctx.limits);
  const urn = parseApiUrn(suffix === "" ? text : text.slice(0, -suffix.length), ctx.limits);
  return { urn, key: namespaceKey(urn) };
}

function found(record: UrnRecord | null, urn: string): UrnRecord {
  if (record === null) throw new HttpProblem(404, "unknown-urn", `${urn} is not registered here`);
  return record;
}

function conflict(error: unknown): never {
  if (error instanceof ConflictError)
    throw new HttpProblem(409, "already-registered", error.message, { existing: error.existing });
  if (error instanceof StateError) throw new HttpProblem(409, "invalid-transition", error.message);
  throw error;
}

export async function urnRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;

  app.post(
    "/api/v1/urns",
    {
      schema: {
        summary: "Register a URN",
        tags: ["urns"],
        security: [{ bearer: [] }],
        body: {
          type: "object",
          properties: {
            urn: urnString,
            status: { type: "string", enum: ["reserved", "active"] },
            locators: { type: "array", maxItems: 1000, items: locatorInputSchema },
            metadata: metadataSchema,
          },
          required: ["urn", "status"],
          additionalProperties: false,
        },
        response: { 201: recordSchema, ...errors },
      },
    },
    async (request, reply) => {
      const token = await authenticate(store, request);
      permit(token, "registrar", token.namespace);
      const body = request.body as {
        urn: string;
        status: "reserved" | "active";
        locators?: LocatorInput[];
        metadata?: Record<string, unknown> | null;
      };
      const syntax = urnErrors(body.urn);
      if (syntax.valid) permit(token, "registrar", syntax.nid);
      const target = await registrationTarget(store, body.urn, ctx.limits);
      checkLocators(body.locators);
      checkMetadata(body.metadata);
      try {
        const record = await store.createRecord(
          {
            urn: target.urn.href,
            key: target.key,
            nid: target.nid,
            status: body.status,
            locators: body.locators,
            metadata: body.metadata ?? null,
          },
          { tokenId: token.id },
        );
        return reply
          .code(201)
          .header("location", PREFIX + record.urn)
          .send(record);
      } catch (error) {
        conflict(error);
      }
    },
  );

  app.get(
    "/api/v1/urns/*",
    {
      schema: {
        summary: "A URN's record, looked up by any equivalent spelling",
        tags: ["urns"],
        params: urnWildcardParams,
        response: { 200: recordSchema, ...errors },
      },
    },
    async (request) => {
      const { urn, key } = pathUrn(ctx, request);
      return found(await store.getRecord(key), urn.href);
    },
  );

  app.patch(
    "/api/v1/urns/*",
    {
      schema: {
        summary: "Change a URN's locators (the list replaces the active set) or metadata",
        tags: ["urns"],
        security: [{ bearer: [] }],
        params: urnWildcardParams,
        body: {
          type: "object",
          properties: {
            locators: { type: "array", maxItems: 1000, items: locatorInputSchema },
            metadata: metadataSchema,
          },
          additionalProperties: false,
        },
        response: { 200: recordSchema, ...errors },
      },
    },
    async (request) => {
      const token = await authenticate(store, request);
      const { urn, key } = pathUrn(ctx, request);
      permit(token, "registrar", urn.nid);
      const body = request.body as {
        locators?: LocatorInput[];
        metadata?: Record<string, unknown> | null;
      };
      checkLocators(body.locators);
      checkMetadata(body.metadata);
      return found(await store.updateRecord(key, body, { tokenId: token.id }), urn.href);
    },
  );

  app.post(
    "/api/v1/urns/*",
    {
      schema: {
        summary: "POST …/activate (reserved → active) or …/deactivate {reason, successor?}",
        tags: ["urns"],
        security: [{ bearer: [] }],
        params: urnWildcardParams,
        body: {
          type: ["object", "null"],
          properties: {
            reason: { type: "string", minLength: 1, maxLength: 4096 },
            successor: urnString,
          },
          additionalProperties: false,
        },
        response: { 200: recordSchema, ...errors },
      },
    },
    async (request) => {
      const token = await authenticate(store, request);
      const path = request.raw.url?.split("?")[0] ?? "";
      const action = path.endsWith("/activate")
        ? "activate"
        : path.endsWith("/deactivate")
          ? "deactivate"
          : null;
      if (action === null)
        throw new HttpProblem(404, "unknown-action", "POST …/activate or …/deactivate on a URN");
      const { urn, key } = pathUrn(ctx, request, `/${action}`);
      permit(token, "registrar", urn.nid);
      try {
        if (action === "activate")
          return found(await store.activate(key, { tokenId: token.id }), urn.href);
        const body = (request.body ?? {}) as { reason?: string; successor?: string };
        if (body.reason === undefined)
          throw new HttpProblem(
            422,
            "reason-required",
            'say why the URN is deactivated: {"reason": "…"}',
          );
        let successor: { urn: string; key: string } | null = null;
        if (body.successor !== undefined) {
          const s = parseApiUrn(body.successor, ctx.limits);
          successor = { urn: s.assignedName, key: namespaceKey(s) };
          if (successor.key === key)
            throw new HttpProblem(422, "self-successor", "a URN cannot be its own successor");
        }
        return found(
          await store.deactivate(key, { reason: body.reason, successor }, { tokenId: token.id }),
          urn.href,
        );
      } catch (error) {
        conflict(error);
      }
    },
  );

  app.delete(
    "/api/v1/urns/*",
    {
      schema: {
        summary: "Refused: URNs are never deleted (deactivate instead)",
        tags: ["urns"],
        params: urnWildcardParams,
        response: { ...errors },
      },
    },
    async () => {
      throw new HttpProblem(
        405,
        "never-deleted",
        "URNs are never deleted or reassigned; POST …/deactivate with a reason (and a successor) instead",
        {},
        { allow: "GET, HEAD, PATCH, POST" },
      );
    },
  );

  app.get(
    "/api/v1/check",
    {
      schema: {
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
          ...errors,
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
