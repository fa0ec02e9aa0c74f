// The UI's stylesheet, script and icon, served from memory with a validator (RFC 9110 §8.8.3) so
// browsers revalidate cheaply. They are plain files under src/ui/assets (no build step); the
// package ships src, so the same path works from src (tsx) and from dist. Pages link the SVG
// icon; /favicon.ico answers too, as browsers and feed readers ask for it on their own.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

/** Each file's address and type. */
const FILES = {
  "ui.css": ["/assets/ui.css", "text/css; charset=utf-8"],
  "ui.js": ["/assets/ui.js", "text/javascript; charset=utf-8"],
  "favicon.svg": ["/assets/favicon.svg", "image/svg+xml"],
  "favicon.ico": ["/favicon.ico", "image/x-icon"],
} as const;

export function assetRoutes(app: FastifyInstance): void {
  for (const [name, [path, type]] of Object.entries(FILES)) {
    const body = readFileSync(new URL(`../../src/ui/assets/${name}`, import.meta.url));
    const tag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    app.get(path, (request, reply) => {
      reply.header("etag", tag).header("cache-control", "public, max-age=300");
      if (request.headers["if-none-match"] === tag) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }
}
