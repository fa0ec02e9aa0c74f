// GET /{urn}: URN resolution over HTTP (RFC 8141 §1.2.1), the URN read from the raw target. An
// HTTP query starting "+" is the r-component and "=" the q-component, as in the URN itself.
// Only paths starting "urn:" (any case) are routed here; "/" and the rest stay free.

import { parseDirectives } from "@urnkit/core";
import type { FastifyInstance } from "fastify";
import type { PluginOptions, ServerContext } from "../http/context.js";
import { checkUrnLength, rawTarget } from "../http/raw-target.js";
import {
  type Answer,
  type Asked,
  answer,
  askedBy,
  SERVICES,
  sendAnswer,
} from "../http/resolution-reply.js";
import { errors, noBody, recordSchema, text, urnWildcardParams } from "../http/schemas.js";
import { lookup } from "../resolver.js";

/** Every spelling of "/urn:" as a route: the scheme is case-insensitive (RFC 3986 §3.1). */
function caseVariants(word: string): string[] {
  let out = [""];
  for (const c of word) out = out.flatMap((s) => [s + c.toLowerCase(), s + c.toUpperCase()]);
  return out;
}

/**
 * The answer for the URN in a raw request target ("/urn:…"). Used by the route, for targets the
 * router could not decode, and by the resolution fast path.
 */
export async function resolveTarget(
  ctx: ServerContext,
  target: string,
  asked: Asked,
): Promise<Answer> {
  const input = target.slice(1);
  checkUrnLength(input, ctx.limits);
  const found = await lookup(ctx.store, input);
  const r = found.kind === "malformed" ? null : found.urn.rComponent;
  const directive = r === null ? null : (parseDirectives(r)?.service ?? null);
  // A service not offered here falls back to the default one (draft-03 §2.3.1).
  const service = (directive !== null ? SERVICES[directive] : undefined) ?? "default";
  return answer(ctx, asked, found, service);
}

export async function resolutionRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const schema = {
    summary: "Resolve a URN",
    description:
      "303 (or the namespace's 302/307) to the best locator; JSON record or text/uri-list by Accept; 301 to a successor; 410 tombstone; 404 reserved or unknown; 400 malformed; 302 to a delegate resolver. s= in the r-component selects an RFC 2483 service.",
    tags: ["resolution"],
    params: urnWildcardParams,
    response: {
      200: {
        description: "The record, its locators, its names or its metadata",
        content: {
          "application/json": { schema: recordSchema },
          "text/uri-list": { schema: text("Locators or names, first line a comment with the URN") },
          "text/html": { schema: text("Metadata page") },
        },
      },
      301: { ...noBody, description: "Deactivated: moved to its successor" },
      302: { ...noBody, description: "Delegated to another resolver, or the namespace's choice" },
      303: { ...noBody, description: "See the best locator" },
      304: { ...noBody, description: "Not modified" },
      307: { ...noBody, description: "The namespace's choice of redirect" },
      410: {
        description: "Deactivated without successor: tombstone",
        content: {
          "text/html": { schema: text("Tombstone page") },
          "application/problem+json": { schema: errors["4xx"] },
        },
      },
      ...errors,
    },
  };
  caseVariants("urn").forEach((scheme, i) => {
    app.get(
      `/${scheme}::*`,
      // The schema documents the target; the URN parser, not JSON Schema, checks it.
      { schema: i === 0 ? schema : { ...schema, hide: true }, validatorCompiler: () => () => true },
      async (request, reply) =>
        sendAnswer(reply, await resolveTarget(ctx, rawTarget(request), askedBy(request.raw))),
    );
  });
}
