// `urnkit resolve --follow`: ask the places a URN resolves to one after another (the registry's
// answer first, then the public candidates best first) until one answers with a 2xx, each
// through the SSRF-guarded, bounded follow client of @urnkit/server.

import type { AnswerKind } from "@urnkit/namespaces";
import type { FollowOptions, FollowResult } from "@urnkit/server";

/** A place to ask: a URL and what its resolver is documented to answer with. */
export interface FollowTarget {
  url: string;
  /** "registry" for the registry's answer. */
  kind: AnswerKind | "registry";
}

export interface Attempt {
  from: string;
  ok: boolean;
  /** The last URL asked and its status (null when nothing answered). */
  url: string;
  status: number | null;
  redirects: number;
  error: { code: string; message: string } | null;
  /** For a success: "redirected to content", "landing page", … */
  answer: string | null;
}

/** What a successful chain came to, in words a person reads (landing page vs content). */
function answerOf(kind: FollowTarget["kind"], redirects: number): string {
  if (kind === "landing-page") return "landing page";
  if (kind === "uri-list") return "list of locations";
  return redirects > 0 ? "redirected to content" : "answered directly, without a redirect";
}

function attemptOf(target: FollowTarget, r: FollowResult): Attempt {
  // Every 3xx with a Location in a chain that succeeded was followed.
  const redirects = r.hops.filter(
    (h) => h.location !== null && h.status >= 300 && h.status < 400,
  ).length;
  return {
    from: target.url,
    ok: r.ok,
    url: r.url,
    status: r.status,
    redirects,
    error: r.error,
    answer: r.ok ? answerOf(target.kind, redirects) : null,
  };
}

/** Follows the targets in order until one succeeds; every attempt made, the last the success. */
export async function followFirst(
  targets: readonly FollowTarget[],
  options: FollowOptions,
): Promise<Attempt[]> {
  const { follow } = await import("@urnkit/server");
  const attempts: Attempt[] = [];
  for (const target of targets) {
    const attempt = attemptOf(target, await follow(target.url, options));
    attempts.push(attempt);
    if (attempt.ok) break;
  }
  return attempts;
}
