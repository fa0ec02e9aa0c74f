// application/x-www-form-urlencoded request bodies (HTML §4.10.21.8; OAI-PMH 2.0 §3.1.1.2 POST)
// as URLSearchParams, for the plugins that accept them (the web UI's forms, /oai).

import type { FastifyInstance } from "fastify";

/** Lets the routes of `app`'s plugin take form bodies of at most `bodyLimit` bytes. */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );
}
