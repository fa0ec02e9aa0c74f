// The DNB URN-Service API v2 (the German National Library's registration API), mounted under each
// configured base path, so that registrar software written for the DNB (MyCoRe, Goobi, SONAR,
// the Dagstuhl and Münster clients) registers here unchanged. Everything under a base answers
// as the DNB does: JSON whatever the Accept header, DNB-shaped errors, PATCH bodies as
// application/json or application/merge-patch+json, an empty body where none is needed.

import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../../http/context.js";
import { HttpProblem } from "../../http/problem.js";
import { sendDnbError } from "./errors.js";
import { namespaceRoutes } from "./namespaces.js";
import { organisationRoutes } from "./organisations.js";
import type { DnbRouteOptions } from "./route-context.js";
import { urlRoutes } from "./urls.js";
import { urnRoutes } from "./urns.js";

const JSON_TYPES = ["application/json", "application/merge-patch+json"];

/** The API under one base path. */
async function dnbApi(app: FastifyInstance, options: DnbRouteOptions) {
  app.setErrorHandler((error, request, reply) => sendDnbError(request, reply, error));
  app.setNotFoundHandler((request, reply) =>
    sendDnbError(
      request,
      reply,
      new HttpProblem(
        404,
        "not-found",
        `the DNB URN-Service API has no ${request.method} ${request.url.split("?")[0]}`,
      ),
    ),
  );
  // An empty body with a JSON content type (a DELETE from a client that sets it on every call)
  // is no body; anything else is parsed as urnkit's API parses JSON.
  const json = app.getDefaultJsonParser("error", "error");
  // JSON only: a text body is refused (415) rather than read as a string.
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(JSON_TYPES, { parseAs: "string" }, (request, body, done) => {
    if (typeof body === "string" && body.trim() === "") done(null, undefined);
    else json(request, body as string, done);
  });
  namespaceRoutes(app, options);
  urnRoutes(app, options);
  urlRoutes(app, options);
  organisationRoutes(app, options);
}

/** Mounts the API under each of `bases` ("/v2/", "/sandbox/v2/"). */
export async function dnbRoutes(
  app: FastifyInstance,
  { ctx, bases }: { ctx: ServerContext; bases: readonly string[] },
) {
  for (const base of bases) await app.register(dnbApi, { prefix: base.slice(0, -1), ctx, base });
}
