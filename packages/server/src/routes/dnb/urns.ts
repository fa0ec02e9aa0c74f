// DNB URNs: urnkit's records as the DNB shows them. POST /urns registers an active URN with its
// first URLs; PATCH /urns/urn/{urn} records a successor. A URN is never deleted (the DNB keeps
// DELETE for its administrators; urnkit for no one).

import type { URN } from "@urnkit/core";
import type { FastifyInstance } from "fastify";
import { linkHeader } from "../../http/link-header.js";
import {
  registerDnbUrn,
  registeredRecord,
  registeredRecordPage,
  setSuccessor,
} from "../../registry/dnb-actions.js";
import {
  checkDnbUrls,
  createUrnSchema,
  type DnbUrlInput,
  listPaging,
  updateUrnSchema,
} from "../../validation/dnb-requests.js";
import type { Limits } from "../../validation/limits.js";
import { Refusal } from "../../validation/refusal.js";
import { registrationUrn, requestUrn } from "../../validation/urn.js";
import { dnbCallerOf } from "./auth.js";
import { LIST_END, LIST_MAX } from "./namespaces.js";
import { urnFromSegment } from "./paths.js";
import { collection, pageLinks, urnView } from "./representation.js";
import {
  DNB_SCHEMA,
  type DnbRouteOptions,
  linkBase,
  needsCaller,
  paramUrn,
  queryOf,
} from "./route-context.js";

export const urnParams = {
  type: "object",
  properties: { urn: { type: "string", minLength: 1, maxLength: 8192 } },
  required: ["urn"],
} as const;

/**
 * The successor a PATCH names: the successor's resource URL (as Münster, SONAR and Dagstuhl send
 * it), a bare URN, or null (and "") for none.
 */
function successorOf(value: string | null, limits: Limits): URN | null {
  if (value === null || value === "") return null;
  if (/^urn:/i.test(value)) return requestUrn(value, limits);
  let path: string;
  try {
    path = new URL(value).pathname;
  } catch {
    path = "";
  }
  const at = path.indexOf("/urns/urn/");
  const text =
    at < 0 ? null : urnFromSegment(path.slice(at + "/urns/urn/".length).replace(/\/+$/, ""));
  if (text === null || text === "")
    throw new Refusal(
      "bad-request",
      "invalid-successor",
      "successor is the successor's URN resource (…/urns/urn/{urn}), a URN, or null",
      { errors: [{ path: "/successor", message: "not a URN resource URL or a URN" }] },
    );
  return requestUrn(text, limits);
}

export function urnRoutes(app: FastifyInstance, { ctx, base }: DnbRouteOptions) {
  const { store } = ctx;
  const withCaller = needsCaller(ctx);

  app.get("/urns", { schema: DNB_SCHEMA }, async (request, reply) => {
    const { offset, count } = listPaging(queryOf(request), LIST_MAX, LIST_END);
    const at = linkBase(request, base);
    const page = await registeredRecordPage(store, {}, { order: "id", offset, count });
    const self = `${at}urns`;
    reply.header("link", linkHeader(pageLinks(self, offset, count, page.total)));
    return collection(
      self,
      page.total,
      page.records.map((record) => urnView(at, record)),
    );
  });

  app.post(
    "/urns",
    { schema: { ...DNB_SCHEMA, body: createUrnSchema }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      const body = request.body as { urn: string; urls: DnbUrlInput[] };
      const urn = registrationUrn(body.urn, ctx.limits);
      const record = await registerDnbUrn(ctx, caller, urn, checkDnbUrls(body.urls, "/urls"));
      const view = urnView(linkBase(request, base), record);
      return reply.code(201).header("location", view.self).send(view);
    },
  );

  app.get("/urns/urn/:urn", { schema: { ...DNB_SCHEMA, params: urnParams } }, async (request) => {
    const record = await registeredRecord(store, paramUrn(ctx, request));
    return urnView(linkBase(request, base), record);
  });

  app.patch(
    "/urns/urn/:urn",
    { schema: { ...DNB_SCHEMA, params: urnParams, body: updateUrnSchema }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      const urn = paramUrn(ctx, request);
      const body = (request.body ?? {}) as { successor?: string | null };
      const successor =
        body.successor === undefined ? undefined : successorOf(body.successor, ctx.limits);
      await setSuccessor(ctx, caller, urn, successor);
      return reply.code(204).send();
    },
  );
}
