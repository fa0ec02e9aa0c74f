// publicResolvers(urn): where a URN resolves publicly, from the curated table this package ships
// (data/public-resolvers.json, generated into public-resolvers.generated.ts). No network: the
// answer is the table's, as of the dates its rows carry.

import type { URN } from "@urnkit/core";
import { PUBLIC_RESOLVER_ROWS } from "../public-resolvers.generated.js";
import type { PublicResolverCandidate } from "./row.js";
import { PublicResolverTable } from "./table.js";

/** The table shipped with the package. */
export const publicResolverTable = new PublicResolverTable(PUBLIC_RESOLVER_ROWS);

/**
 * Where `urn` resolves publicly, best first (see PublicResolverTable.candidates); [] when the
 * table knows no resolver for it or it is not an RFC 8141 URN.
 */
export function publicResolvers(urn: string | URN): PublicResolverCandidate[] {
  return publicResolverTable.candidates(urn);
}
