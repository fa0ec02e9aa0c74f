// A namespace's minting policy (`mint` of the namespace API) names a prefix: "urn:", the NID, ":"
// and the policy's NSS prefix. Since organisations, the sequence lives in that prefix's row (of
// the organisation "local-registry"), one sequence per prefix like every other.

import type { MintPolicy } from "./namespaces.js";

export function mintPrefixOf(nid: string, mint: MintPolicy): string {
  return `urn:${nid.toLowerCase()}:${mint.prefix}`;
}
