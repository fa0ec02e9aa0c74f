// How a resolution is answered over HTTP: RFC 2169 (THTTP) conventions with the RFC 2483 service
// names, RFC 8141 §2.3.2 for the q-component, and RFC 9110 status codes.

import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { URN, UrnSyntaxError } from "@urnkit/core";
import type { PublicResolverCandidate } from "@urnkit/namespaces";
import { negotiate } from "../../http/accept.js";
import type { Answer } from "../../http/answer.js";
import type { ServerContext } from "../../http/context.js";
import { linkHeader } from "../../http/link-header.js";
import { HttpProblem } from "../../http/problem.js";
import { HTML_TYPE, htmlHeaders } from "../../http/response-headers.js";
import { withQComponent } from "../../resolution/locator-query.js";
import { elsewhere, UnknownUrnProblem } from "../../resolution/public-delegation.js";
import type { Lookup } from "../../resolution/resolver.js";
import type { Counted } from "../../stats/resolution-counts.js";
import type { UrnRecord } from "../../storage/records.js";
import type { Outcome } from "../../storage/stats.js";
import { escapeHtml } from "../../ui/html.js";
import { tombstonePage } from "../../ui/tombstone-page.js";

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

export const URI_LIST = "text/uri-list; charset=utf-8";

/** What an answer depends on besides the URN: the request's version and header fields. */
export interface Asked {
  httpVersion: string;
  accept: string | undefined;
  ifNoneMatch: string | undefined;
  /** Tells crawlers apart in the statistics. */
  userAgent: string | undefined;
}

export function askedBy(request: IncomingMessage): Asked {
  return {
    httpVersion: request.httpVersion,
    accept: request.headers.accept,
    ifNoneMatch: request.headers["if-none-match"],
    userAgent: request.headers["user-agent"],
  };
}

/** RFC 2169 §2: 303 for HTTP/1.1 clients, 302 for HTTP/1.0 ones (which have no 303). */
function redirectStatus(asked: Asked, chosen: 302 | 303 | 307): number {
  return chosen !== 302 && asked.httpVersion === "1.0" ? 302 : chosen;
}

/** Each max-age's Cache-Control value, made once: a namespace's answers all carry the same. */
const cacheControls = new Map<number, string>();

/** Cache-Control for answers any cache may keep for `maxAge` seconds. */
function publicFor(maxAge: number): string {
  let value = cacheControls.get(maxAge);
  if (value === undefined) {
    value = `public, max-age=${maxAge}`;
    // Bounded: max-ages come from namespaces and a few constants, but a store is not trusted.
    if (cacheControls.size < 1000) cacheControls.set(maxAge, value);
  }
  return value;
}

/** Anything a header value cannot carry as it is: control characters, space, non-ASCII. */
const NOT_HEADER_SAFE = /[^\x21-\x7e]/;

/**
 * A URL as a header field carries it. A locator is stored as registered; "https://example.org/€"
 * goes out percent-encoded, as a browser would send it (URL Standard), not as a header node would
 * refuse.
 */
function headerSafe(url: string): string {
  return NOT_HEADER_SAFE.test(url) ? new URL(url).href : url;
}

function redirect(status: number, location: string, maxAge: number, vary: boolean): Answer {
  const headers: Record<string, string> = {
    location: headerSafe(location),
    "cache-control": publicFor(maxAge),
  };
  if (vary) headers.vary = "Accept";
  return { status, headers };
}

function etag(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** A 200 with ETag and Cache-Control; 304 when the client already has it. */
export function ok(asked: Asked, type: string, body: string, maxAge: number): Answer {
  const tag = etag(body);
  const headers = { etag: tag, "cache-control": publicFor(maxAge), vary: "Accept" };
  if (asked.ifNoneMatch === tag) return { status: 304, headers };
  return {
    status: 200,
    headers: type === HTML_TYPE ? htmlHeaders(headers) : { ...headers, "content-type": type },
    body,
  };
}

/** text/uri-list (RFC 2483 §5): the first line a comment holding the URN asked about. */
export function uriList(urn: string, uris: readonly string[]): string {
  return `# ${urn}\r\n${uris.map((u) => `${u}\r\n`).join("")}`;
}

function tombstone(
  asked: Asked,
  urn: string,
  reason: string | null,
  date: string | null,
  maxAge: number,
): Answer {
  const type = negotiate(asked.accept, ["text/html", "application/json"]);
  const headers = { "cache-control": publicFor(maxAge), vary: "Accept" };
  if (type === "application/json") {
    return {
      status: 410,
      headers: { ...headers, "content-type": "application/problem+json; charset=utf-8" },
      body: JSON.stringify({
        type: "about:blank",
        title: "Gone",
        status: 410,
        detail: `${urn} was deactivated`,
        code: "deactivated",
        urn,
        reason,
        deactivated: date,
      }),
    };
  }
  return {
    status: 410,
    headers: htmlHeaders(headers),
    body: tombstonePage(urn, reason, date),
  };
}

/**
 * How long an answer naming public resolvers may be cached: as long as a namespace's redirect by
 * default. The table changes only with urnkit itself.
 */
export const PUBLIC_MAX_AGE = 300;

/**
 * `serve --delegate-public` for a URN not served here that public resolvers know: a 302 to the best
 * of them, with the others in a Link header (RFC 8288) marked with their status, or for N2Ls all of
 * them as text/uri-list. null for metadata and other names, which no public resolver gives in a
 * form this server could vouch for: those stay 404.
 */
function publicAnswer(
  asked: Asked,
  urn: URN,
  candidates: readonly PublicResolverCandidate[],
  service: Service,
): Answer | null {
  if (service === "C" || service === "Ns") return null;
  if (service === "Ls") {
    const body = uriList(
      urn.href,
      candidates.map((c) => c.url),
    );
    return ok(asked, URI_LIST, body, Math.min(60, PUBLIC_MAX_AGE));
  }
  const [best, ...others] = candidates as [PublicResolverCandidate, ...PublicResolverCandidate[]];
  const answer = redirect(302, best.url, PUBLIC_MAX_AGE, false);
  if (others.length > 0)
    answer.headers.link = linkHeader(
      others.map((c) => ({
        href: headerSafe(c.url),
        params: [
          ["rel", "alternate"],
          ["title", c.name],
          ["status", c.status],
          ["kind", c.kind],
        ],
      })),
    );
  return answer;
}

async function record(ctx: ServerContext, key: string): Promise<UrnRecord> {
  const r = await ctx.store.records.get(key);
  if (r === null) throw new HttpProblem(404, "unknown-urn", "the URN is not registered here");
  return r;
}

/** The 400 for a string that is not a URN: where and why, as the parser says. */
export function syntaxProblem(e: UrnSyntaxError): HttpProblem {
  return new HttpProblem(400, e.code, e.message, { index: e.index, component: e.component });
}

/** Each answer's label in the metrics, and its outcome in the statistics. */
const OUTCOME_OF = {
  delegated: "delegated",
  public: "delegated",
  "public-list": "delegated",
  unknown: "not-found",
  reserved: "not-found",
  "no-locator": "not-found",
  successor: "redirect",
  gone: "gone",
  record: "metadata",
  metadata: "metadata",
  redirect: "redirect",
  list: "uri-list",
  names: "uri-list",
} as const satisfies Record<string, Outcome>;

/** Counts a resolution in the metrics and the statistics: the one place both paths count. */
function count(ctx: ServerContext, asked: Asked, found: Counted, label: keyof typeof OUTCOME_OF) {
  ctx.metrics.resolution(label);
  ctx.counter.add(found, OUTCOME_OF[label], asked.userAgent);
}

/**
 * The answer to a lookup for `service`, counting the outcome; throws HttpProblem for a 4xx. Only
 * the answers built from the whole record (JSON, lists, metadata) wait for the store: a redirect,
 * the most common answer by far, is returned at once.
 */
export function answer(
  ctx: ServerContext,
  asked: Asked,
  found: Lookup,
  service: Service,
): Answer | Promise<Answer> {
  if (found.kind === "malformed") {
    // Not counted in the statistics: without a NID, it belongs to no namespace.
    ctx.metrics.resolution("malformed");
    throw syntaxProblem(found.error);
  }
  if (found.kind === "delegated") {
    count(ctx, asked, found, "delegated");
    return redirect(302, found.location, found.ns.maxAge, false);
  }
  if (found.kind === "unknown") {
    // Only here, for a URN not registered here, and only with the option on: resolving a URN
    // served here costs nothing more.
    const candidates = ctx.delegatePublic ? elsewhere(found) : [];
    const delegated =
      candidates.length === 0 ? null : publicAnswer(asked, found.urn, candidates, service);
    if (delegated !== null) {
      count(ctx, asked, found, service === "Ls" ? "public-list" : "public");
      return delegated;
    }
    count(ctx, asked, found, "unknown");
    throw new UnknownUrnProblem(found);
  }
  const { view, urn, ns } = found;
  const maxAge = ns?.maxAge ?? 0;
  if (view.status === "reserved") {
    count(ctx, asked, found, "reserved");
    throw new HttpProblem(404, "reserved", `${view.urn} is reserved but not yet in use`, {
      urn: view.urn,
    });
  }
  if (view.status === "deactivated" && service !== "C" && service !== "Ns") {
    if (view.successor !== null) {
      count(ctx, asked, found, "successor");
      return redirect(301, `/${view.successor}`, maxAge, false);
    }
    count(ctx, asked, found, "gone");
    return tombstone(asked, view.urn, view.reason, view.deactivated, maxAge);
  }
  let mode = service;
  if (mode === "default") {
    const type = negotiate(asked.accept, ["text/html", "application/json", "text/uri-list"]);
    mode = type === "application/json" ? "C" : type === "text/uri-list" ? "Ls" : "L";
    if (mode === "C") {
      count(ctx, asked, found, "record");
      return record(ctx, found.key).then((r) =>
        ok(asked, "application/json; charset=utf-8", JSON.stringify(r), Math.min(60, maxAge)),
      );
    }
  }
  const q = urn.qComponent;
  switch (mode) {
    case "L": {
      if (view.best === null) {
        count(ctx, asked, found, "no-locator");
        throw new HttpProblem(404, "no-locator", `${view.urn} has no active locator`, {
          urn: view.urn,
        });
      }
      count(ctx, asked, found, "redirect");
      const status = redirectStatus(asked, ns?.redirectStatus ?? 303);
      return redirect(status, withQComponent(view.best, q), maxAge, true);
    }
    case "Ls": {
      count(ctx, asked, found, "list");
      return record(ctx, found.key).then((r) => {
        const urls = r.locators.filter((l) => l.active).map((l) => withQComponent(l.url, q));
        return ok(asked, URI_LIST, uriList(urn.href, urls), Math.min(60, maxAge));
      });
    }
    case "Ns": {
      count(ctx, asked, found, "names");
      return record(ctx, found.key).then((r) => {
        const names = [...new Set([...r.spellings, ...r.successors, ...r.predecessors])].filter(
          (n) => n !== urn.assignedName,
        );
        return ok(asked, URI_LIST, uriList(urn.href, names), Math.min(60, maxAge));
      });
    }
    default: {
      count(ctx, asked, found, "metadata");
      const type = negotiate(asked.accept, ["application/json", "text/html"]);
      if (type === null)
        throw new HttpProblem(
          406,
          "not-acceptable",
          "metadata is offered as application/json or text/html",
        );
      return record(ctx, found.key).then((r) => {
        if (type === "application/json") {
          const body = JSON.stringify({ urn: r.urn, status: r.status, metadata: r.metadata });
          return ok(asked, "application/json; charset=utf-8", body, Math.min(60, maxAge));
        }
        const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(r.urn)}</title></head><body><h1>${escapeHtml(r.urn)}</h1><p>Status: ${r.status}</p><pre>${escapeHtml(JSON.stringify(r.metadata, null, 2))}</pre></body></html>`;
        return ok(asked, HTML_TYPE, html, Math.min(60, maxAge));
      });
    }
  }
}
