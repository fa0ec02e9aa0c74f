// GET /{urn}: URN resolution over HTTP (RFC 8141 §1.2.1), the URN read from the raw target. An
// HTTP query starting "+" is the r-component and "=" the q-component, as in the URN itself.
// Only paths starting "urn:" (any case) are routed here; "/" and the rest stay free.

import { parseDirectives } from "@urnkit/core";
import type { FastifyInstance } from "fastify";
import { type Answer, sendAnswer } from "../../http/answer.js";
import type { PluginOptions, ServerContext } from "../../http/context.js";
import { rawTarget } from "../../http/raw-target.js";
import { recordSchema, text, urnWildcardParams } from "../../http/schemas.js";
import { type Lookup, lookup, lookupNow } from "../../resolution/resolver.js";
import type { ImmediateReads } from "../../storage/store.js";
import { checkUrnLength } from "../../validation/urn-length.js";
import { type Asked, answer, askedBy, SERVICES, type Service } from "./answer.js";
import { answerResponses } from "./answer-responses.js";

/** Every spelling of "/urn:" as a route: the scheme is case-insensitive (RFC 3986 §3.1). */
function caseVariants(word: string): string[] {
  let out = [""];
  for (const c of word) out = out.flatMap((s) => [s + c.toLowerCase(), s + c.toUpperCase()]);
  return out;
}

/** The URN in a raw request target ("/urn:…"), within the URN size limit. */
function urnInput(ctx: ServerContext, target: string): string {
  const input = target.slice(1);
  checkUrnLength(input, ctx.limits);
  return input;
}

/** The service an `s=` directive in the r-component asks for (draft-03 §2.3.1). */
function serviceOf(found: Lookup): Service {
  const r = found.kind === "malformed" ? null : found.urn.rComponent;
  const directive = r === null ? null : (parseDirectives(r)?.service ?? null);
  // A service not offered here falls back to the default one.
  return (directive !== null ? SERVICES[directive] : undefined) ?? "default";
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
  const found = await lookup(ctx.store, urnInput(ctx, target));
  return answer(ctx, asked, found, serviceOf(found));
}

/**
 * `resolveTarget` through reads that answer at once: the answer itself, unless it is built from
 * the whole record. Throws HttpProblem for a 4xx.
 */
export function resolveTargetNow(
  ctx: ServerContext,
  reads: ImmediateReads,
  target: string,
  asked: Asked,
): Answer | Promise<Answer> {
  const found = lookupNow(reads, urnInput(ctx, target));
  return answer(ctx, asked, found, serviceOf(found));
}

export async function resolutionRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const schema = {
    operationId: "resolveUrn",
    summary: "Resolve a URN",
    description:
      "303 (or the namespace's 302/307) to the best locator; JSON record or text/uri-list by Accept; 301 to a successor; 410 tombstone; 404 reserved or unknown; 400 malformed; 302 to a delegate resolver, or with --delegate-public, for a namespace not served here, to its best public resolver (the others in a Link header). s= in the r-component selects an RFC 2483 service.",
    tags: ["resolution"],
    params: urnWildcardParams,
    response: answerResponses(
      {
        description: "The record, its locators, its names or its metadata",
        content: {
          "application/json": { schema: recordSchema },
          "text/uri-list": { schema: text("Locators or names, first line a comment with the URN") },
          "text/html": { schema: text("Metadata page") },
        },
      },
      "Not a URN: where and why (a page for browsers)",
    ),
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
