// A GET whose final answer's body is read, for the OAI-PMH harvester: the same redirect chain as
// the link checker's (follow.ts: http(s) only, loops, at most 5 redirects by default) and the
// same SSRF guard on every request (guarded-request.ts), so that neither the first URL nor any
// redirect reaches a private, loopback or link-local address unless the policy allows it.
// A redirect's body is dropped; the final answer is handed back with its body unread, and the
// caller's signal ends it too while it is read, so one deadline holds for the whole request.

import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import {
  DEFAULT_MAX_REDIRECTS,
  type FollowResult,
  followChain,
  hopOf,
  redirects,
} from "./follow.js";
import { type GuardedRequestOptions, guardedRequest } from "./guarded-request.js";

export interface GuardedGetOptions extends GuardedRequestOptions {
  /** Redirects followed at most (default 5). */
  maxRedirects?: number;
  /** Sent with every request of the chain. */
  headers?: OutgoingHttpHeaders;
  /** Ends the chain, and the final answer's body while it is read (see the file header). */
  signal: AbortSignal;
}

export interface GuardedGetResult extends FollowResult {
  /** The final answer, its body unread; null when the chain ended without one (see `error`). */
  response: IncomingMessage | null;
}

/** GETs `url` through the guard, following redirects; never throws (failures are in `error`). */
export async function guardedGet(
  url: string,
  options: GuardedGetOptions,
): Promise<GuardedGetResult> {
  let response: IncomingMessage | null = null;
  const result = await followChain(
    url,
    options.maxRedirects ?? DEFAULT_MAX_REDIRECTS,
    options.signal,
    async (target, signal, hops) => {
      const answer = await guardedRequest(target, "GET", options.headers ?? {}, options, signal);
      const hop = hopOf(target, "GET", answer);
      hops.push(hop);
      if (redirects(hop)) answer.destroy();
      else response = answer;
    },
  );
  const final = response as IncomingMessage | null;
  if (final !== null) {
    if (result.error !== null) final.destroy();
    else endWithSignal(final, options.signal);
  }
  return { ...result, response: result.error === null ? final : null };
}

/** Destroys `response` when `signal` aborts before the body has been read. */
function endWithSignal(response: IncomingMessage, signal: AbortSignal): void {
  const stop = () => response.destroy(signal.reason);
  if (signal.aborted) {
    stop();
    return;
  }
  signal.addEventListener("abort", stop, { once: true });
  response.once("close", () => signal.removeEventListener("abort", stop));
}
