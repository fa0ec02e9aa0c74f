// Requests to an OAI-PMH provider (protocol §3.1.1 HTTP GET, §3.1.2.1 flow control: a 503 with
// Retry-After asks the harvester to come back later), kept polite and bounded: at most `rate`
// requests a second, a response read as it arrives into the streaming reader and cut off past
// `maxBytes` or `timeoutMs` (one deadline for the whole request: connecting, redirects, the body
// and its parsing), and failed requests (network errors, 5xx, 429) tried again with exponential
// backoff, a Retry-After honoured up to `maxWaitMs`. Every request, the first URL and each
// redirect, goes through the SSRF guard the link checker uses (links/guarded-get.ts): a provider
// cannot send the harvester to a private, loopback or link-local address unless `allowPrivate`.

import type { IncomingMessage } from "node:http";
import { pipeline, type Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";
import { type GuardedGetResult, guardedGet } from "../../links/guarded-get.js";
import { literalVerdict } from "../../links/guarded-request.js";
import type { AddressPolicy } from "../../links/ssrf-guard.js";
import { OaiFormatError, type OaiResponse, OaiResponseReader } from "./oai-response.js";

export interface OaiClientOptions {
  /** Requests per second at most; 0: no limit. */
  rate: number;
  /** Largest response body read, in bytes. */
  maxBytes: number;
  /** Longest time one request (headers and body) may take. */
  timeoutMs: number;
  /** Attempts after the first one failed. */
  retries: number;
  /** The first backoff pause; doubled at each attempt. */
  backoffMs: number;
  /** Longest pause before a retry, whatever Retry-After asks for. */
  maxWaitMs: number;
  /** Sends "User-Agent" (providers ask harvesters to name themselves). */
  userAgent: string;
  /**
   * Reach private, loopback and link-local addresses too (an intranet provider, tests); `urnkit
   * harvest --allow-private`. Default false: only public unicast addresses, as the link checker.
   */
  allowPrivate: boolean;
  /** Addresses reached although they are not public ("10.0.0.5"); the rest stays guarded. */
  allowAddresses: readonly string[];
  /** Where to connect for a host name instead of its address (tests; see guarded-request.ts). */
  connectTo?: ReadonlyMap<string, string>;
}

export const DEFAULT_CLIENT: OaiClientOptions = {
  rate: 4,
  maxBytes: 64 * 1024 * 1024,
  timeoutMs: 120_000,
  retries: 5,
  backoffMs: 1000,
  maxWaitMs: 300_000,
  userAgent: "urnkit-harvester",
  allowPrivate: false,
  allowAddresses: [],
};

/** Redirects followed at most for one request. */
const MAX_REDIRECTS = 5;

/** What a refusal by the SSRF guard adds: how to allow it. */
const ALLOW_PRIVATE_HINT =
  "a harvest reaches private, loopback and link-local addresses only with --allow-private";

/**
 * Why `base` cannot be harvested, before anything is asked: not an http(s) URL, or an address
 * literal the policy refuses (a name is judged by the guard when it is resolved); null if none.
 */
export function baseUrlProblem(
  base: string,
  policy: AddressPolicy,
): { code: "invalid-url" | "blocked-address"; message: string } | null {
  let url: URL;
  try {
    url = new URL(base);
  } catch {
    return { code: "invalid-url", message: `${base} is not a URL` };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { code: "invalid-url", message: `${base} is not an http(s) URL` };
  const blocked = literalVerdict(url.hostname, policy);
  if (blocked === null) return null;
  return {
    code: "blocked-address",
    message: `the source URL ${base} names ${blocked.address}, a ${blocked.range} address; ${ALLOW_PRIVATE_HINT}`,
  };
}

/** A request that failed for good: after its retries, or at once when retrying cannot help. */
export class OaiRequestError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null = null, options?: { cause: unknown }) {
    super(message, options);
    this.name = "OaiRequestError";
    this.status = status;
  }
}

/** Failures another attempt may get past. */
class Transient extends Error {
  readonly waitMs: number | null;
  constructor(message: string, waitMs: number | null) {
    super(message);
    this.waitMs = waitMs;
  }
}

/** A Retry-After value (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) in ms; null if neither. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class OaiClient {
  readonly #base: string;
  readonly #options: OaiClientOptions;
  #nextSlot = 0;
  /** Requests sent, retries included. */
  requests = 0;
  /** Pauses taken before retries, in ms (what a run report shows). */
  readonly waits: number[] = [];

  constructor(base: string, options: Partial<OaiClientOptions> = {}) {
    this.#base = base;
    this.#options = { ...DEFAULT_CLIENT, ...options };
  }

  /** The request URL of `params` (the base URL's own query, if any, is kept). */
  url(params: Record<string, string>): string {
    const url = new URL(this.#base);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    return url.href;
  }

  async request(params: Record<string, string>): Promise<OaiResponse> {
    const { retries, backoffMs, maxWaitMs } = this.#options;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.#once(this.url(params));
      } catch (error) {
        if (!(error instanceof Transient)) throw error;
        if (attempt >= retries)
          throw new OaiRequestError(`${error.message} (gave up after ${attempt + 1} attempts)`);
        const backoff = backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
        const wait = Math.min(maxWaitMs, error.waitMs ?? backoff);
        this.waits.push(Math.round(wait));
        await sleep(wait);
      }
    }
  }

  /** Waits for the next request slot of the rate limit. */
  async #slot(): Promise<void> {
    if (this.#options.rate <= 0) return;
    const now = Date.now();
    const at = Math.max(now, this.#nextSlot);
    this.#nextSlot = at + 1000 / this.#options.rate;
    if (at > now) await sleep(at - now);
  }

  async #once(url: string): Promise<OaiResponse> {
    await this.#slot();
    this.requests++;
    const { timeoutMs, maxBytes, userAgent } = this.#options;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const late = () =>
      new Transient(`${url}: no complete answer within ${seconds(timeoutMs)}`, null);
    try {
      const answer = await guardedGet(url, {
        allowPrivate: this.#options.allowPrivate,
        allowAddresses: this.#options.allowAddresses,
        connectTo: this.#options.connectTo,
        connectTimeoutMs: Math.min(10_000, timeoutMs),
        maxRedirects: MAX_REDIRECTS,
        headers: {
          "user-agent": userAgent,
          accept: "text/xml, application/xml",
          "accept-encoding": "gzip, deflate, br",
        },
        signal: deadline.signal,
      });
      const response = answer.response;
      if (response === null) throw deadline.signal.aborted ? late() : chainFailure(url, answer);
      const status = response.statusCode ?? 0;
      if (status === 503 || status === 429 || status >= 500) {
        response.destroy();
        throw new Transient(
          `${url}: HTTP ${status}`,
          retryAfterMs(header(response, "retry-after")),
        );
      }
      if (status !== 200) {
        response.destroy();
        throw new OaiRequestError(`${url}: HTTP ${status}`, status);
      }
      const length = Number(header(response, "content-length") ?? "0");
      if (length > maxBytes) {
        response.destroy();
        throw new OaiRequestError(`${url}: the response is ${length} bytes, over ${maxBytes}`);
      }
      try {
        return await read(url, response, maxBytes, deadline.signal);
      } catch (error) {
        // A malformed or oversized answer stays so when asked again; a cut connection may not.
        if (error instanceof OaiFormatError || error instanceof OaiRequestError) throw error;
        if (deadline.signal.aborted) throw late();
        throw new Transient(`${url}: ${describe(error)}`, null);
      }
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A duration in ms as seconds for messages: "10 s", "0.5 s". */
function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(3))} s`;
}

function header(response: IncomingMessage, name: string): string | null {
  const value = response.headers[name];
  return typeof value === "string" ? value : null;
}

/** The error of a redirect chain that ended without an answer (guarded-get.ts). */
function chainFailure(url: string, answer: GuardedGetResult): Error {
  const error = answer.error ?? { code: "network", message: "no answer" };
  const where = answer.url === url ? url : `${url}: redirected to ${answer.url}`;
  switch (error.code) {
    case "blocked-address":
      return new OaiRequestError(`${where}: refused: ${error.message}; ${ALLOW_PRIVATE_HINT}`);
    case "invalid-url":
    case "unsupported-scheme":
    case "redirect-loop":
    case "too-many-redirects":
      // The provider's own answers: asking again gets the same ones.
      return new OaiRequestError(`${where}: ${error.message}`);
    default:
      return new Transient(`${where}: ${error.message}`, null);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

/** The body as sent before its Content-Encoding (gzip, deflate or br); identity as it is. */
function decoded(url: string, response: IncomingMessage): Readable {
  const coding = (header(response, "content-encoding") ?? "identity").trim().toLowerCase();
  const decoder =
    coding === "gzip" || coding === "x-gzip"
      ? createGunzip()
      : coding === "deflate"
        ? createInflate()
        : coding === "br"
          ? createBrotliDecompress()
          : null;
  if (decoder !== null) return pipeline(response, decoder, () => undefined);
  if (coding === "identity" || coding === "") return response;
  throw new OaiRequestError(`${url}: the response's Content-Encoding ${coding} is not supported`);
}

/**
 * Reads the body into the streaming reader, counting its bytes (after decoding, so that a small
 * compressed answer cannot unpack into a large one), until the end or `signal`.
 */
async function read(
  url: string,
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
): Promise<OaiResponse> {
  const reader = new OaiResponseReader();
  const decoder = new TextDecoder("utf-8");
  let body: Readable = response;
  let bytes = 0;
  try {
    body = decoded(url, response);
    for await (const chunk of body as AsyncIterable<Buffer>) {
      bytes += chunk.byteLength;
      if (bytes > maxBytes)
        throw new OaiRequestError(`${url}: the response is over ${maxBytes} bytes`);
      await reader.feed(decoder.decode(chunk, { stream: true }), signal);
    }
    reader.write(decoder.decode());
    return reader.end();
  } finally {
    body.destroy();
    response.destroy();
  }
}
