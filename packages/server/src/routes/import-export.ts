// POST /api/v1/import and GET /api/v1/export: NDJSON streamed both ways in constant memory. The
// import answers as it goes: one line per committed batch (an acknowledgement that it is
// durable) and one per refused input line, then a summary.

import { PassThrough, Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { importRecords } from "../exchange/import/records.js";
import { tokenOf } from "../http/auth.js";
import type { PluginOptions } from "../http/context.js";
import { HttpProblem } from "../http/problem.js";
import { problems, text } from "../http/schemas.js";
import { authorize, namespaceScope, permit } from "../registry/access.js";
import type { Store } from "../storage/store.js";

export const NDJSON = "application/x-ndjson";

/**
 * Every organisation and prefix, then every record, as one NDJSON line each, page by page: an
 * import of the lines in this order finds each record's owners before the record.
 */
export async function* exportLines(store: Store, pageSize = 1000): AsyncGenerator<string> {
  for (const organisation of await store.organisations.list())
    yield `${JSON.stringify({ organisation })}\n`;
  for (const prefix of await store.prefixes.list()) yield `${JSON.stringify({ prefix })}\n`;
  let cursor: string | null = null;
  do {
    const page = await store.transfer.exportPage(cursor, pageSize);
    if (page.lines.length > 0) yield `${page.lines.map((l) => JSON.stringify(l)).join("\n")}\n`;
    cursor = page.cursor;
  } while (cursor !== null);
}

export async function importExportRoutes(app: FastifyInstance, { ctx }: PluginOptions) {
  const { store } = ctx;
  // The body stays a stream; the import reads it line by line.
  app.addContentTypeParser(
    [NDJSON, "application/jsonl", "application/x-jsonlines"],
    (_request, payload, done) => done(null, payload),
  );

  app.post(
    "/api/v1/import",
    {
      schema: {
        operationId: "importRecords",
        summary: "Import NDJSON records (streamed, committed in batches, idempotent)",
        tags: ["import-export"],
        security: [{ bearer: [] }],
        consumes: [NDJSON],
        body: { type: "string", description: "One record a line, as export writes them" },
        response: {
          200: {
            description:
              "NDJSON: {batch, committed, lines, created, unchanged} per batch, {line, code, error} per refused line, {done} last; {error, code} last instead when the import stopped (code aborted: the body failed; import-failed: a batch did not commit)",
            content: { [NDJSON]: { schema: text("NDJSON progress") } },
          },
          ...problems(401, 403),
        },
      },
      // The schema above documents the stream; it is not validated as a string.
      validatorCompiler: () => () => true,
    },
    async (request, reply) => {
      const token = tokenOf(request);
      // Import lines name any organisation: an organisation's token writes through the API only,
      // so this acts on the token's namespace (or the registry), which no organisation holds.
      authorize(token, "registrar", namespaceScope(token.namespace));
      if (!(request.body instanceof Readable))
        throw new HttpProblem(
          415,
          "unsupported-media-type",
          `send the records as ${NDJSON}, one a line`,
        );
      const out = new PassThrough();
      const events = importRecords(store, request.body, {
        actor: { tokenId: token.id },
        scope: token.namespace,
        limits: ctx.limits,
        registry: token.role === "admin" && token.namespace === null,
      });
      void (async () => {
        try {
          for await (const event of events) {
            if (!out.write(`${JSON.stringify(event)}\n`))
              await new Promise((r) => out.once("drain", r));
          }
        } catch (error) {
          request.log.error({ err: error }, "import failed");
          // Either way, the batches acknowledged above are committed, and the lines they hold
          // change nothing when the file is sent again.
          const stopped =
            (request.body as Readable).errored !== null
              ? { error: "the import stopped: the request body failed", code: "aborted" }
              : {
                  error:
                    "the import stopped: the database did not commit a batch; the batches acknowledged above are committed, and sending the file again imports the rest",
                  code: "import-failed",
                };
          out.write(`${JSON.stringify(stopped)}\n`);
        }
        out.end();
      })();
      return reply.type(NDJSON).send(out);
    },
  );

  app.get(
    "/api/v1/export",
    {
      schema: {
        operationId: "exportRecords",
        summary: "Export every record as NDJSON (streamed)",
        tags: ["import-export"],
        security: [{ bearer: [] }],
        querystring: { type: "object" },
        response: {
          200: {
            description: "One record a line",
            content: { [NDJSON]: { schema: text("NDJSON records") } },
          },
          ...problems(401, 403),
        },
      },
    },
    async (request, reply) => {
      permit(tokenOf(request), "reader", null);
      return reply.type(NDJSON).send(Readable.from(exportLines(store)));
    },
  );
}
