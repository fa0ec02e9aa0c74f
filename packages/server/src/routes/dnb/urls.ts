// A URN's URLs: every organisation's (…/urls), the caller's own (…/my-urls, replaced as a whole
// by PATCH), and one URL by the base64 of its text (…/urls/base64/{url}). A URL is an active
// locator of the record; one removed stays in urnkit's history, inactive, and is not shown.

import type { FastifyInstance } from "fastify";
import {
  activeLocator,
  addUrl,
  ownerOf,
  registeredRecord,
  removeUrl,
  replaceMyUrls,
  setUrlPriority,
} from "../../registry/dnb-actions.js";
import type { UrnRecord } from "../../storage/records.js";
import {
  checkDnbUrls,
  createUrlSchema,
  type DnbPriority,
  type DnbUrlInput,
  priorityOf,
  replaceUrlsSchema,
  updateUrlSchema,
} from "../../validation/dnb-requests.js";
import { Refusal } from "../../validation/refusal.js";
import { dnbCallerOf } from "./auth.js";
import { urlFromId } from "./paths.js";
import { collection, urlView, urnUrl } from "./representation.js";
import {
  DNB_SCHEMA,
  type DnbRouteOptions,
  linkBase,
  needsCaller,
  paramUrn,
} from "./route-context.js";
import { urnParams } from "./urns.js";

const urlParams = {
  type: "object",
  properties: {
    urn: urnParams.properties.urn,
    url: { type: "string", minLength: 1, maxLength: 16384 },
  },
  required: ["urn", "url"],
} as const;

/** The URL a path's id names: 400 when the id is not base64 of a text. */
function idUrl(params: unknown): string {
  const url = urlFromId((params as { url: string }).url);
  if (url === null)
    throw new Refusal(
      "bad-request",
      "invalid-url-id",
      "a URL is named by the base64 of its text (standard or url-safe, padded or not)",
    );
  return url;
}

/** The record's active locators, the owner's first (as urnkit ranks them), highest priority first. */
function activeUrls(record: UrnRecord, organisation: string | null) {
  return record.locators
    .filter((l) => l.active && (organisation === null || ownerOf(record, l) === organisation))
    .sort(
      (a, b) =>
        Number(ownerOf(record, b) === record.organisation) -
          Number(ownerOf(record, a) === record.organisation) || b.priority - a.priority,
    );
}

export function urlRoutes(app: FastifyInstance, { ctx, base }: DnbRouteOptions) {
  const { store } = ctx;
  const withCaller = needsCaller(ctx);

  app.get(
    "/urns/urn/:urn/urls",
    { schema: { ...DNB_SCHEMA, params: urnParams } },
    async (request) => {
      const record = await registeredRecord(store, paramUrn(ctx, request));
      const at = linkBase(request, base);
      const items = activeUrls(record, null).map((l) => urlView(at, record, l));
      return collection(`${urnUrl(at, record.urn)}/urls`, items.length, items);
    },
  );

  app.get(
    "/urns/urn/:urn/my-urls",
    { schema: { ...DNB_SCHEMA, params: urnParams }, ...withCaller },
    async (request) => {
      const caller = dnbCallerOf(request);
      const record = await registeredRecord(store, paramUrn(ctx, request));
      const at = linkBase(request, base);
      const items = activeUrls(record, caller.organisation).map((l) => urlView(at, record, l));
      return collection(`${urnUrl(at, record.urn)}/my-urls`, items.length, items);
    },
  );

  app.patch(
    "/urns/urn/:urn/my-urls",
    { schema: { ...DNB_SCHEMA, params: urnParams, body: replaceUrlsSchema }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      const urn = paramUrn(ctx, request);
      await replaceMyUrls(ctx, caller, urn, checkDnbUrls(request.body as DnbUrlInput[], ""));
      return reply.code(204).send();
    },
  );

  app.post(
    "/urns/urn/:urn/urls",
    { schema: { ...DNB_SCHEMA, params: urnParams, body: createUrlSchema }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      const urn = paramUrn(ctx, request);
      const [url] = checkDnbUrls([request.body as DnbUrlInput], "");
      if (url === undefined) throw new Error("a body schema requires one URL");
      const record = await addUrl(ctx, caller, urn, url);
      const locator = record.locators.find((l) => l.active && l.url === url.url);
      if (locator === undefined) throw new Error("a URL just added is on its record");
      const view = urlView(linkBase(request, base), record, locator);
      return reply.code(201).header("location", view.self).send(view);
    },
  );

  app.get(
    "/urns/urn/:urn/urls/base64/:url",
    { schema: { ...DNB_SCHEMA, params: urlParams } },
    async (request) => {
      const record = await registeredRecord(store, paramUrn(ctx, request));
      const url = idUrl(request.params);
      return urlView(linkBase(request, base), record, activeLocator(record, url));
    },
  );

  app.patch(
    "/urns/urn/:urn/urls/base64/:url",
    { schema: { ...DNB_SCHEMA, params: urlParams, body: updateUrlSchema }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      const urn = paramUrn(ctx, request);
      const url = idUrl(request.params);
      const { priority } = request.body as { priority: DnbPriority };
      await setUrlPriority(ctx, caller, urn, url, priorityOf(priority, "/priority") ?? 0);
      return reply.code(204).send();
    },
  );

  app.delete(
    "/urns/urn/:urn/urls/base64/:url",
    { schema: { ...DNB_SCHEMA, params: urlParams }, ...withCaller },
    async (request, reply) => {
      const caller = dnbCallerOf(request);
      await removeUrl(ctx, caller, paramUrn(ctx, request), idUrl(request.params));
      return reply.code(204).send();
    },
  );
}
