// Requests to an OAI-PMH provider (protocol §3.1.1 HTTP GET, §3.1.2.1 flow control: a 503 with
// Retry-After asks the harvester to come back later), kept polite and bounded: at most `rate`
// requests a second, a response read as it arrives into the streaming reader and cut off past
// `maxBytes` or `timeoutMs`, and failed requests (network errors, 5xx, 429) tried again with
// exponential backoff, a Retry-After honoured up to `maxWaitMs`.

import { setTimeout as sleep } from "node:timers/promises";
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
}

export const DEFAULT_CLIENT: OaiClientOptions = {
  rate: 4,
  maxBytes: 64 * 1024 * 1024,
  timeoutMs: 120_000,
  retries: 5,
  backoffMs: 1000,
  maxWaitMs: 300_000,
  userAgent: "urnkit-harvester",
};

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
    let response: Response;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      response = await fetch(url, {
        signal,
        headers: { "user-agent": userAgent, accept: "text/xml, application/xml" },
      });
    } catch (error) {
      throw new Transient(`${url}: ${describe(error)}`, null);
    }
    if (response.status === 503 || response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new Transient(
        `${url}: HTTP ${response.status}`,
        retryAfterMs(response.headers.get("retry-after")),
      );
    }
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new OaiRequestError(`${url}: HTTP ${response.status}`, response.status);
    }
    const length = Number(response.headers.get("content-length") ?? "0");
    if (length > maxBytes) {
      await response.body?.cancel();
      throw new OaiRequestError(`${url}: the response is ${length} bytes, over ${maxBytes}`);
    }
    return read(url, response, maxBytes);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as { cause?: unknown }).cause;
    if (error.name === "TimeoutError") return "no complete answer in time";
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}

/** Reads the body into the streaming reader, counting bytes. */
async function read(url: string, response: Response, maxBytes: number): Promise<OaiResponse> {
  const reader = new OaiResponseReader();
  const decoder = new TextDecoder("utf-8");
  let bytes = 0;
  try {
    if (response.body !== null)
      for await (const chunk of response.body) {
        bytes += chunk.byteLength;
        if (bytes > maxBytes)
          throw new OaiRequestError(`${url}: the response is over ${maxBytes} bytes`);
        reader.write(decoder.decode(chunk, { stream: true }));
      }
    reader.write(decoder.decode());
  } catch (error) {
    await response.body?.cancel().catch(() => undefined);
    // A malformed or oversized answer stays so when asked again; a cut connection may not.
    if (error instanceof OaiFormatError || error instanceof OaiRequestError) throw error;
    throw new Transient(`${url}: ${describe(error)}`, null);
  }
  return reader.end();
}
