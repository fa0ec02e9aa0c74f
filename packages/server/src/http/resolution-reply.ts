// How a resolution is answered over HTTP: RFC 2169 (THTTP) conventions with the RFC 2483 service
// names, RFC 8141 §2.3.2 for the q-component, and RFC 9110 status codes.

import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { withQComponent } from "../locator-query.js";
import type { Lookup } from "../resolver.js";
import type { UrnRecord } from "../storage/store.js";
import { escapeHtml } from "../ui/html.js";
import { tombstonePage } from "../ui/tombstone-page.js";
import { negotiate } from "./accept.js";
import type { ServerContext } from "./context.js";
import { HttpProblem } from "./problem.js";

/** What was asked for: the default (negotiated) answer or one RFC 2483 service. */
export type Service = "default" | "L" | "Ls" | "C" | "Ns";

/** RFC 2483 mnemonics (and their RFC 2169 N2x forms) this resolver answers. */
export const SERVICES: Readonly<Record<string, Service>> = {
  N2L: "L",
  I2L: "L",
  N2R: "L",
  I2R: "L",
  N2Ls: "Ls",
  I2Ls: "Ls",
  N2C: "C",
  I2C: "C",
  N2Ns: "Ns",
  I2Ns: "Ns",
};

const URI_LIST = "text/uri-list; charset=utf-8";

/** RFC 2169 §2: 303 for HTTP/1.1 clients, 302 for HTTP/1.0 ones (which have no 303). */
function redirectStatus(request: FastifyRequest, chosen: 302 | 303 | 307): number {
  return chosen !== 302 && request.raw.httpVersion === "1.0" ? 302 : chosen;
}

function etag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** A 200 with ETag and Cache-Control; 304 when the client already has it. */
function ok(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  body: string,
  maxAge: number,
) {
  const tag = etag(body);
  reply
    .header("etag", tag)
    .header("cache-control", `public, max-age=${maxAge}`)
    .header("vary", "Accept");
  if (request.headers["if-none-match"] === tag) return reply.code(304).send();
  return reply.code(200).type(type).send(body);
}

/** text/uri-list (RFC 2483 §5): the first line a comment holding the URN asked about. */
function uriList(urn: string, uris: readonly string[]): string {
  return `# ${urn}\r\n${uris.map((u) => `${u}\r\n`).join("")}`;
}

function tombstone(
  request: FastifyRequest,
  reply: FastifyReply,
  urn: string,
  reason: string | null,
  date: string | null,
  maxAge: number,
) {
  const type = negotiate(request.headers.accept, ["text/html", "application/json"]);
  reply.code(410).header("cache-control", `public, max-age=${maxAge}`).header("vary", "Accept");
  if (type === "application/json") {
    return reply.type("application/problem+json").send(
      JSON.stringify({
        type: "about:blank",
        title: "Gone",
        status: 410,
        detail: `${urn} was deactivated`,
        code: "deactivated",
        urn,
        reason,
        deactivated: date,
      }),
    );
  }
  return reply.type("text/html; charset=utf-8").send(tombstonePage(urn, reason, date));
}

async function record(ctx: ServerContext, key: string): Promise<UrnRecord> {
  const r = await ctx.store.getRecord(key);
  if (r === null) throw new HttpProblem(404, "unknown-urn", "the URN is not registered here");
  return r;
}

/** Answers a lookup for `service`, counting the outcome. */
export async function answer(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  found: Lookup,
  service: Service,
): Promise<FastifyReply> {
  const metrics = ctx.metrics;
  if (found.kind === "malformed") {
    metrics.resolution("malformed");
    const e = found.error;
    throw new HttpProblem(400, e.code, e.message, {
      index: e.index,
      component: e.component,
    });
  }
  ctx.counter.add(found.urn.nid);
  if (found.kind === "delegated") {
    metrics.resolution("delegated");
    return reply
      .code(302)
      .header("location", found.location)
      .header("cache-control", `public, max-age=${found.ns.maxAge}`)
      .send();
  }
  if (found.kind === "unknown") {
    metrics.resolution("unknown");
    throw new HttpProblem(404, "unknown-urn", `${found.urn.assignedName} is not registered here`, {
      urn: found.urn.href,
    });
  }
  const { view, urn, ns } = found;
  const maxAge = ns?.maxAge ?? 0;
  if (view.status === "reserved") {
    metrics.resolution("reserved");
    throw new HttpProblem(404, "reserved", `${view.urn} is reserved but not yet in use`, {
      urn: view.urn,
    });
  }
  if (view.status === "deactivated" && service !== "C" && service !== "Ns") {
    if (view.successor !== null) {
      metrics.resolution("successor");
      return reply
        .code(301)
        .header("location", `/${view.successor}`)
        .header("cache-control", `public, max-age=${maxAge}`)
        .send();
    }
    metrics.resolution("gone");
    return tombstone(request, reply, view.urn, view.reason, view.deactivated, maxAge);
  }
  let mode = service;
  if (mode === "default") {
    const type = negotiate(request.headers.accept, [
      "text/html",
      "application/json",
      "text/uri-list",
    ]);
    mode = type === "application/json" ? "C" : type === "text/uri-list" ? "Ls" : "L";
    if (mode === "C") {
      metrics.resolution("record");
      const body = JSON.stringify(await record(ctx, found.key));
      return ok(request, reply, "application/json; charset=utf-8", body, Math.min(60, maxAge));
    }
  }
  const q = urn.qComponent;
  switch (mode) {
    case "L": {
      if (view.best === null) {
        metrics.resolution("no-locator");
        throw new HttpProblem(404, "no-locator", `${view.urn} has no active locator`, {
          urn: view.urn,
        });
      }
      metrics.resolution("redirect");
      return reply
        .code(redirectStatus(request, ns?.redirectStatus ?? 303))
        .header("location", withQComponent(view.best, q))
        .header("cache-control", `public, max-age=${maxAge}`)
        .header("vary", "Accept")
        .send();
    }
    case "Ls": {
      metrics.resolution("list");
      const r = await record(ctx, found.key);
      const urls = r.locators.filter((l) => l.active).map((l) => withQComponent(l.url, q));
      return ok(request, reply, URI_LIST, uriList(urn.href, urls), Math.min(60, maxAge));
    }
    case "Ns": {
      metrics.resolution("names");
      const r = await record(ctx, found.key);
      const names = [...new Set([...r.spellings, ...r.successors, ...r.predecessors])].filter(
        (n) => n !== urn.assignedName,
      );
      return ok(request, reply, URI_LIST, uriList(urn.href, names), Math.min(60, maxAge));
    }
    default: {
      metrics.resolution("metadata");
      const type = negotiate(request.headers.accept, ["application/json", "text/html"]);
      if (type === null)
        throw new HttpProblem(
          406,
          "not-acceptable",
          "metadata is offered as application/json or text/html",
        );
      const r = await record(ctx, found.key);
      if (type === "application/json") {
        const body = JSON.stringify({ urn: r.urn, status: r.status, metadata: r.metadata });
        return ok(request, reply, "application/json; charset=utf-8", body, Math.min(60, maxAge));
      }
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(r.urn)}</title></head><body><h1>${escapeHtml(r.urn)}</h1><p>Status: ${r.status}</p><pre>${escapeHtml(JSON.stringify(r.metadata, null, 2))}</pre></body></html>`;
      return ok(request, reply, "text/html; charset=utf-8", html, Math.min(60, maxAge));
    }
  }
}
