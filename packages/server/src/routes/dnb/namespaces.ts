// DNB namespaces: urnkit's prefixes ("urn:nbn:de:hbz:6" is the prefix urn:nbn:de:hbz:6-). Read
// here; created and changed through urnkit's own API and command line.

import type { FastifyInstance } from "fastify";
import { linkHeader } from "../../http/link-header.js";
import {
  MAX_SUGGESTIONS,
  namespaceByName,
  registeredRecordPage,
  suggestUrns,
} from "../../registry/dnb-actions.js";
import { listPaging, wholeNumber } from "../../validation/dnb-requests.js";
import { dnbCallerOf } from "./auth.js";
import { collection, namespaceUrl, namespaceView, pageLinks, urnView } from "./representation.js";
import {
  DNB_SCHEMA,
  type DnbRouteOptions,
  linkBase,
  needsCaller,
  queryOf,
} from "./route-context.js";

/** The most items a DNB list gives at once, and how far into a list a page may start. */
export const LIST_MAX = 1000;
export const LIST_END = 100000;

const nameParams = {
  type: "object",
  properties: { name: { type: "string", minLength: 1, maxLength: 1024 } },
  required: ["name"],
} as const;

export function namespaceRoutes(app: FastifyInstance, { ctx, base }: DnbRouteOptions) {
  const { store } = ctx;
  const withCaller = needsCaller(ctx);

  app.get("/", { schema: DNB_SCHEMA }, async (request) => {
    const at = linkBase(request, base);
    return {
      self: at,
      name: "urnkit: DNB URN-Service API v2",
      version: "2",
      namespaces: `${at}namespaces`,
      urns: `${at}urns`,
    };
  });

  app.get("/namespaces", { schema: DNB_SCHEMA }, async (request, reply) => {
    const at = linkBase(request, base);
    const { offset, count } = listPaging(queryOf(request), LIST_MAX, LIST_END);
    const prefixes = await store.prefixes.list();
    const self = `${at}namespaces`;
    reply.header("link", linkHeader(pageLinks(self, offset, count, prefixes.length)));
    return collection(
      self,
      prefixes.length,
      prefixes.slice(offset, offset + count).map((p) => namespaceView(at, p)),
    );
  });

  app.get(
    "/namespaces/name/:name",
    { schema: { ...DNB_SCHEMA, params: nameParams } },
    async (request) => {
      const prefix = await namespaceByName(store, (request.params as { name: string }).name);
      return namespaceView(linkBase(request, base), prefix);
    },
  );

  // Only the namespace's organisation may ask (as the DNB's wiki says): a suggestion takes a
  // number of its sequence.
  app.get(
    "/namespaces/name/:name/urn-suggestion",
    { schema: { ...DNB_SCHEMA, params: nameParams }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      const count = wholeNumber(queryOf(request).count, "count", 1, MAX_SUGGESTIONS) ?? 1;
      const prefix = await namespaceByName(store, (request.params as { name: string }).name);
      const urns = await suggestUrns(ctx, caller, prefix, count);
      const at = linkBase(request, base);
      const namespace = namespaceUrl(at, prefix.prefix);
      reply.header("cache-control", "no-store");
      return {
        self: `${namespace}/urn-suggestion`,
        namespace,
        suggestedUrn: urns[0] ?? null,
        suggestedUrns: urns,
      };
    },
  );

  app.get(
    "/namespaces/name/:name/urns",
    { schema: { ...DNB_SCHEMA, params: nameParams } },
    async (request, reply) => {
      const prefix = await namespaceByName(store, (request.params as { name: string }).name);
      const { offset, count } = listPaging(queryOf(request), LIST_MAX, LIST_END);
      const at = linkBase(request, base);
      const page = await registeredRecordPage(
        store,
        { prefix: prefix.prefix },
        { order: "key", offset, count },
      );
      const self = `${namespaceUrl(at, prefix.prefix)}/urns`;
      reply.header("link", linkHeader(pageLinks(self, offset, count, page.total)));
      return collection(
        self,
        page.total,
        page.records.map((record) => urnView(at, record)),
      );
    },
  );
}
