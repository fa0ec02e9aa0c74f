// A namespace's minting policy (`mint` of the namespace API) names a prefix: "urn:", the NID, ":"
// and the policy's NSS prefix. Since organisations, the sequence lives in that prefix's row (of
// the organisation "local-registry"), one sequence per prefix like every other.

import { ConflictError, StateError } from "./errors.js";
import type { MintPolicy, Namespace } from "./namespaces.js";
import { LOCAL_REGISTRY, type OrganisationInput } from "./organisations.js";
import { DEFAULT_POLICY, type NewPrefix, type Prefix, type PrefixPolicy } from "./prefixes.js";

export function mintPrefixOf(nid: string, mint: MintPolicy): string {
  return `urn:${nid.toLowerCase()}:${mint.prefix}`;
}

/** The organisation a minting prefix belongs to, created with its first one. */
export const LOCAL_REGISTRY_ORGANISATION: OrganisationInput = {
  id: LOCAL_REGISTRY,
  name: "This registry",
};

/**
 * What setting a minting policy does to its prefix (`existing`, null when there is none): changes
 * its width and check, or creates it for the local registry organisation. ConflictError when the
 * prefix belongs to another organisation.
 */
export function mintPrefixChange(
  nid: string,
  mint: MintPolicy,
  existing: Prefix | null,
): { change: Pick<PrefixPolicy, "width" | "check"> } | { create: NewPrefix } {
  const prefix = mintPrefixOf(nid, mint);
  const policy = { width: mint.width, check: mint.check ?? "none" } as const;
  if (existing === null)
    return { create: { prefix, nid, organisation: LOCAL_REGISTRY, ...DEFAULT_POLICY, ...policy } };
  if (existing.organisation !== LOCAL_REGISTRY)
    throw new ConflictError(
      `the minting prefix "${prefix}" belongs to organisation "${existing.organisation}"`,
      prefix,
    );
  return { change: policy };
}

/** The prefix a namespace mints under; StateError when it is not served or has no policy. */
export function mintingPrefix(nid: string, ns: Namespace | null): string {
  if (ns === null) throw new StateError(`namespace "${nid}" is not served here`);
  if (ns.mint === null) throw new StateError(`namespace "${nid}" has no minting policy`);
  return mintPrefixOf(ns.nid, ns.mint);
}
