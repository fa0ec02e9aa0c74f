// Following a URL to where it ends, politely and within bounds, for `urnkit resolve --follow`,
// `urnkit resolvers check` and the link checker: HEAD first (RFC 9110 §9.3.2: the headers of a
// GET without its body), a GET of the first byte (RFC 9110 §14.2 Range) when HEAD is refused
// (405, 501) or, for the link checker, answered with any other error, which some servers do for
// HEAD alone; at most 5 redirects by default, each request through the SSRF guard
// (guarded-request.ts), a redirect back to a URL already asked ending the chain as a loop; a
// timeout for connecting and one for the whole chain. Bodies are never read. The chain itself
// (followChain) is also the harvester's, whose GET reads the final body (guarded-get.ts).

import type { IncomingMessage } from "node:http";
import { finished } from "node:stream/promises";
import {
  ConnectTimeoutError,
  type GuardedRequestOptions,
  guardedRequest,
} from "./guarded-request.js";
import { BlockedAddressError } from "./ssrf-guard.js";

export interface FollowOptions extends GuardedRequestOptions {
  /** Redirects followed at most (default 5); one more is the error "too-many-redirects". */
  maxRedirects?: number;
  /** Time for the whole chain, in ms (default 15000). */
  totalTimeoutMs?: number;
  /** Sent as User-Agent. */
  userAgent?: string;
  /** Ends the chain early (as "aborted"). */
  signal?: AbortSignal;
  /**
   * Also ask with GET when HEAD is answered with a 4xx or 5xx other than 429 (default false:
   * only 405 and 501). Servers that mishandle HEAD answer 400, 403, 404 or 500 to it and 200 to
   * GET; a link checker must not call their links broken.
   */
  getOnHeadError?: boolean;
}

/** One request of a chain and its answer. */
export interface Hop {
  url: string;
  method: "HEAD" | "GET";
  status: number;
  /** The Location header, as sent (relative or absolute), or null. */
  location: string | null;
  contentType: string | null;
  /** The Retry-After header, as sent, or null. */
  retryAfter: string | null;
}

export type FollowErrorCode =
  | "invalid-url"
  | "unsupported-scheme"
  | "blocked-address"
  | "dns"
  | "connect-timeout"
  | "timeout"
  | "network"
  | "tls"
  | "redirect-loop"
  | "too-many-redirects"
  | "aborted";

export interface FollowResult {
  /** Whether the chain ended in a 2xx answer. */
  ok: boolean;
  /** The last URL asked (the final one, or the one that failed). */
  url: string;
  /** The last answer's status, or null when there was none. */
  status: number | null;
  hops: Hop[];
  /** Why the chain ended without a final answer, or null. */
  error: { code: FollowErrorCode; message: string } | null;
}

export const DEFAULT_MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** OpenSSL's and Node's codes for a failed TLS handshake or certificate check. */
const TLS_ERROR =
  /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH)/;

/** A failure with one of the codes above. */
class FollowError extends Error {
  constructor(
    readonly code: FollowErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The error code and text for whatever a request failed with. */
function classify(error: unknown, signal: AbortSignal): FollowError {
  if (error instanceof FollowError) return error;
  if (error instanceof BlockedAddressError)
    return new FollowError("blocked-address", error.message);
  if (error instanceof ConnectTimeoutError)
    return new FollowError("connect-timeout", error.message);
  if (signal.aborted) {
    const reason = signal.reason;
    return reason instanceof FollowError ? reason : new FollowError("aborted", "stopped");
  }
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ENOTFOUND" || code === "EAI_AGAIN" || code === "ENODATA") {
    return new FollowError("dns", message);
  }
  if (typeof code === "string" && TLS_ERROR.test(code)) return new FollowError("tls", message);
  return new FollowError("network", message);
}

/** The hop of an answer to `method` at `target`. */
export function hopOf(target: URL, method: "HEAD" | "GET", response: IncomingMessage): Hop {
  return {
    url: target.href,
    method,
    status: response.statusCode ?? 0,
    location: response.headers.location ?? null,
    contentType: response.headers["content-type"] ?? null,
    retryAfter: response.headers["retry-after"] ?? null,
  };
}

/** Whether the chain goes on from `hop`: a redirect status with a Location. */
export function redirects(hop: Hop): boolean {
  return REDIRECTS.has(hop.status) && hop.location !== null;
}

/** One request of follow(), resolved with its answer's head as soon as it comes. */
async function ask(
  target: URL,
  method: "HEAD" | "GET",
  options: FollowOptions,
  signal: AbortSignal,
): Promise<Hop> {
  const response = await guardedRequest(
    target,
    method,
    {
      accept: "*/*",
      "user-agent": options.userAgent ?? "urnkit",
      // The first byte only: the answer's status is what is wanted, not the body.
      ...(method === "GET" ? { range: "bytes=0-0" } : {}),
    },
    options,
    signal,
  );
  const hop = hopOf(target, method, response);
  if (method === "GET") {
    // A GET's body is never read: the connection goes with it.
    response.destroy();
    return hop;
  }
  // A HEAD answer has no body: at its end (right after the head) a kept connection is free
  // again, and the next request to the host can take it.
  await finished(response.resume());
  return hop;
}

/**
 * Whether a HEAD answered with `hop` is asked again with GET (see getOnHeadError). An answer
 * asking to come back later (429, or Retry-After) is taken as it is: asking again is impolite.
 */
function headRefused(hop: Hop, onError: boolean): boolean {
  if (hop.status === 405 || hop.status === 501) return true;
  return onError && hop.status >= 400 && hop.status !== 429 && hop.retryAfter === null;
}

/**
 * Asks one URL of a chain, adding each answer to `hops`; the last one added decides whether the
 * chain goes on (redirects()).
 */
export type AskAt = (target: URL, signal: AbortSignal, hops: Hop[]) => Promise<void>;

/**
 * Walks a chain of redirects from `url`, asking each URL with `askAt`: only http(s) URLs, a URL
 * asked twice ending the chain as a loop, at most `maxRedirects` redirects. Never throws: every
 * failure is in `error`, with the hops asked so far; aborting `signal` ends the chain with the
 * signal's reason when it is a FollowError, as "aborted" otherwise.
 */
export async function followChain(
  url: string,
  maxRedirects: number,
  signal: AbortSignal,
  askAt: AskAt,
): Promise<FollowResult> {
  const hops: Hop[] = [];
  let current = url;
  const end = (error: FollowError | null): FollowResult => {
    const last = hops.at(-1);
    const status = last?.status ?? null;
    return {
      ok: error === null && status !== null && status >= 200 && status < 300,
      url: current,
      status,
      hops,
      error: error === null ? null : { code: error.code, message: error.message },
    };
  };
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return end(new FollowError("invalid-url", `${url} is not a URL`));
  }
  const asked = new Set<string>();
  for (let redirectCount = 0; ; redirectCount++) {
    current = target.href;
    if (target.protocol !== "http:" && target.protocol !== "https:") {
      return end(new FollowError("unsupported-scheme", `${target.protocol} URLs are not followed`));
    }
    if (asked.has(target.href)) {
      return end(new FollowError("redirect-loop", `${target.href} redirects back to itself`));
    }
    asked.add(target.href);
    try {
      if (signal.aborted) throw signal.reason;
      await askAt(target, signal, hops);
    } catch (error) {
      return end(classify(error, signal));
    }
    const hop = hops.at(-1);
    if (hop === undefined || !redirects(hop)) return end(null);
    if (redirectCount === maxRedirects) {
      return end(new FollowError("too-many-redirects", `more than ${maxRedirects} redirects`));
    }
    try {
      target = new URL(hop.location as string, target);
    } catch {
      return end(new FollowError("invalid-url", `the redirect to ${hop.location} is not a URL`));
    }
  }
}

/**
 * Follows `url` to its final answer (see the file header). Never throws: every failure is in
 * `error`, with the hops asked so far.
 */
export async function follow(url: string, options: FollowOptions = {}): Promise<FollowResult> {
  const controller = new AbortController();
  const total = options.totalTimeoutMs ?? 15000;
  const timer = setTimeout(
    () => controller.abort(new FollowError("timeout", `no final answer within ${total} ms`)),
    total,
  );
  const stop = () => controller.abort(new FollowError("aborted", "stopped"));
  options.signal?.addEventListener("abort", stop, { once: true });
  if (options.signal?.aborted) stop();
  try {
    return await followChain(
      url,
      options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
      controller.signal,
      async (target, signal, hops) => {
        let hop = await ask(target, "HEAD", options, signal);
        if (headRefused(hop, options.getOnHeadError === true)) {
          hops.push(hop);
          hop = await ask(target, "GET", options, signal);
        }
        hops.push(hop);
      },
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", stop);
  }
}
