// /oai: the OAI-PMH 2.0 provider (exchange/oai/) by GET and by POST with a form-encoded body
// (OAI-PMH 2.0 §3.1.1), and the XML Schema of the native metadata format.

import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { URNKIT_SCHEMA_PATH, URNKIT_XSD } from "../exchange/oai/formats/urnkit-schema.js";
import { oaiResponse } from "../exchange/oai/provider.js";
import type { PluginOptions } from "../http/context.js";
import { acceptFormBodies } from "../http/form-body.js";
import { rawTarget } from "../http/raw-target.js";
import { problems, text } from "../http/schemas.js";

const XML_TYPE = "text/xml; charset=utf-8";
const FORM_BYTES = 64 * 1024;

const argument = (description: string) => ({ type: "string", description }) as const;

/** The protocol's arguments, for the document (the provider itself reads and checks them). */
const ARGUMENTS = {
  type: "object",
  properties: {
    verb: argument(
      "Identify, ListMetadataFormats, ListSets, GetRecord, ListIdentifiers or ListRecords",
    ),
    identifier: argument("A URN registered here (GetRecord, ListMetadataFormats)"),
    metadataPrefix: argument("oai_dc, epicur or urnkit"),
    from: argument("YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, inclusive"),
    until: argument("YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, inclusive, same granularity as from"),
    set: argument("nid, nid:{nid}, org or org:{organisation}"),
    resumptionToken: argument("From the previous response of the list; exclusive"),
  },
} as const;

const RESPONSES = {
  200: {
    description: "An OAI-PMH response document; protocol errors are <error> elements in it",
    content: { "text/xml": { schema: text("OAI-PMH 2.0 response (OAI-PMH.xsd)") } },
  },
  ...problems(),
};

/** The provider's base URL as this request reached it. */
function baseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}/oai`;
}

// The provider answers every argument error itself (badArgument, badVerb): nothing is refused
// before it sees the request.
const acceptAll = () => () => true;

export async function oaiRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  acceptFormBodies(app, FORM_BYTES);

  const answer = async (
    request: FastifyRequest,
    pairs: Iterable<[string, string]>,
  ): Promise<Readable> =>
    Readable.from(await oaiResponse(ctx.store, ctx.oai, baseUrl(request), pairs));

  app.get(
    "/oai",
    {
      validatorCompiler: acceptAll,
      schema: {
        operationId: "oaiPmh",
        summary: "OAI-PMH 2.0 provider",
        description:
          "The six verbs of OAI-PMH 2.0. Identifiers are the URNs; sets nid, nid:{nid}, org, org:{organisation}; formats oai_dc, epicur (the DNB's xepicur) and urnkit (native).",
        tags: ["oai"],
        querystring: ARGUMENTS,
        response: RESPONSES,
      },
    },
    async (request, reply) => {
      const target = rawTarget(request);
      const q = target.indexOf("?");
      const pairs = new URLSearchParams(q < 0 ? "" : target.slice(q + 1));
      return reply.type(XML_TYPE).send(await answer(request, pairs));
    },
  );

  app.post(
    "/oai",
    {
      validatorCompiler: acceptAll,
      schema: {
        operationId: "oaiPmhPost",
        summary: "OAI-PMH 2.0 provider (arguments in a form-encoded body)",
        description: "The same as GET /oai, for requests too long for a URL.",
        tags: ["oai"],
        consumes: ["application/x-www-form-urlencoded"],
        body: ARGUMENTS,
        response: RESPONSES,
      },
    },
    async (request, reply) => {
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      return reply.type(XML_TYPE).send(await answer(request, body));
    },
  );

  app.get(
    URNKIT_SCHEMA_PATH,
    {
      schema: {
        operationId: "oaiNativeSchema",
        summary: "XML Schema of the urnkit OAI-PMH metadata format",
        tags: ["oai"],
        response: {
          200: {
            description: "The XSD",
            content: { "application/xml": { schema: text("XML Schema") } },
          },
          ...problems(),
        },
      },
    },
    async (_request, reply) =>
      reply
        .type("application/xml; charset=utf-8")
        .header("cache-control", "public, max-age=86400")
        .send(URNKIT_XSD),
  );
}
