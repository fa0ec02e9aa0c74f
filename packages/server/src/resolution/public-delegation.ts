// Resolving elsewhere: the public resolvers (the curated table of @urnkit/namespaces) offered for a
// URN this server does not serve. One rule for every place that offers them (the redirect and the
// N2Ls list of `serve --delegate-public`, the 404 page, the inspector), so that all of them offer
// the same candidates. A namespace served here always answers for itself, whether it holds the URN
// or not, so only a well-formed URN whose namespace is not served here has any.

import type { URN } from "@urnkit/core";
import { type PublicResolverCandidate, publicResolvers } from "@urnkit/namespaces";
import { Refusal } from "../validation/refusal.js";
import type { Lookup } from "./resolver.js";

type Unknown = Extract<Lookup, { kind: "unknown" }>;

/** Whether the looked-up URN is well-formed and its namespace not served here. */
export function notServedHere(found: Lookup): found is Unknown {
  return found.kind === "unknown" && found.ns === null;
}

/**
 * Where `urn` resolves publicly, best first, one candidate a URL: rows of one service can give the
 * same URL (nbn-resolving.org answers for Germany and as the meta-resolver), and the best row's
 * status and kind then stand for it.
 */
export function publicCandidates(urn: URN): PublicResolverCandidate[] {
  const all = publicResolvers(urn);
  if (all.length < 2) return all;
  const urls = new Set<string>();
  return all.filter((c) => {
    if (urls.has(c.url)) return false;
    urls.add(c.url);
    return true;
  });
}

/** Where the looked-up URN resolves publicly, best first; [] when it is served here or malformed. */
export function elsewhere(found: Lookup): PublicResolverCandidate[] {
  return notServedHere(found) ? publicCandidates(found.urn) : [];
}

/**
 * The 404 of a well-formed URN not registered here. It keeps the lookup, so that a page for a
 * browser can offer the public resolvers; a program's problem detail is the same as any other.
 */
export class UnknownUrnProblem extends Refusal {
  readonly found: Unknown;

  constructor(found: Unknown) {
    super("not-found", "unknown-urn", `${found.urn.assignedName} is not registered here`, {
      urn: found.urn.href,
    });
    this.found = found;
  }
}
