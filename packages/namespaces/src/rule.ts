// RFC 8141 §3.1 and §6.4.2: the plug-in a namespace provides (its own syntax checks and its own
// URN-equivalence rules), plus the helpers every plug-in builds its key with.

import type { URN } from "@urnkit/core";
import type { Issue } from "./issue.js";

export interface NamespaceRule {
  /** The NID in lowercase. */
  nid: string;
  /** Problems with the NSS under this namespace's rules; [] when it conforms. */
  validate(urn: URN): Issue[];
  /**
   * The namespace-aware equivalence key. It is always computed from the generic §3.1 key, so it
   * can only merge URNs that the generic key keeps apart, never split two the generic key merges.
   */
  equivalenceKey(urn: URN): string;
}

/** Offset of the NSS in `urn.href`: after "urn:", the NID and ":". */
export function nssOffset(urn: URN): number {
  return urn.nid.length + 5;
}

/** The NSS as the generic key spells it (hex of %hh in uppercase). */
export function keyNss(urn: URN): string {
  return urn.equivalenceKey.slice(nssOffset(urn));
}

/** The generic key with its NSS replaced by `nss`. */
export function keyWith(urn: URN, nss: string): string {
  return urn.equivalenceKey.slice(0, nssOffset(urn)) + nss;
}

/** ASCII-only lowercase: leaves %HH hex in uppercase and non-ASCII (never present) alone. */
export function asciiLower(s: string): string {
  return s.replace(/%[0-9A-F]{2}|[A-Z]+/g, (m) => (m[0] === "%" ? m : m.toLowerCase()));
}

/** ASCII-only uppercase (percent-encoded hex is already uppercase in a key). */
export function asciiUpper(s: string): string {
  return s.replace(/[a-z]+/g, (m) => m.toUpperCase());
}
