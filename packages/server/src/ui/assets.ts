// The UI's stylesheet and script, served from memory with a validator (RFC 9110 §8.8.3) so
// browsers revalidate cheaply. They are plain files under src/ui/assets (no build step); the
// package ships src, so the same path works from src (tsx) and from dist.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import type { FastifyInstance } from "fastify";

const FILES = {
  "ui.css": "text/css; charset=utf-8",
  "ui.js": "text/javascript; charset=utf-8",
} as const;

export function assetRoutes(app: FastifyInstance): void {
  for (const [name, type] of Object.entries(FILES)) {
    const body = readFileSync(new URL(`../../src/ui/assets/${name}`, import.meta.url));
    const tag = `"${createHash("sha1").update(body).digest("base64url")}"`;
    app.get(`/assets/${name}`, (request, reply) => {
      reply.header("etag", tag).header("cache-control", "public, max-age=300");
      if (request.headers["if-none-match"] === tag) return reply.code(304).send();
      return reply.type(type).send(body);
    });
  }
}
