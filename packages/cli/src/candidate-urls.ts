// The public resolvers of a URN by URL: several rows of the curated table can send a URN to the
// same URL (nbn-resolving.org is the resolver for urn:nbn:de: and the meta-resolver for every
// urn:nbn:), and `urnkit resolve` lists and follows each URL once, with every row that gives it.

import type { PublicResolverCandidate } from "@urnkit/namespaces";

export interface CandidateUrl {
  url: string;
  /** The rows that give this URL, best first; the first one's kind and status stand for it. */
  rows: PublicResolverCandidate[];
}

/** `candidates` (best first) grouped by URL, in the order each URL first appears. */
export function candidateUrls(candidates: readonly PublicResolverCandidate[]): CandidateUrl[] {
  const byUrl = new Map<string, CandidateUrl>();
  for (const candidate of candidates) {
    const known = byUrl.get(candidate.url);
    if (known === undefined) byUrl.set(candidate.url, { url: candidate.url, rows: [candidate] });
    else known.rows.push(candidate);
  }
  return [...byUrl.values()];
}
