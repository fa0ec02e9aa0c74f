// Namespaces whose NSS is opaque beyond RFC 8141 §2 and which add no equivalence rule: the
// generic key is their key. urn:example (RFC 6963) and urn:3gpp (RFC 5279 §2) are such.

import { genericKey, type NamespaceRule } from "../rule.js";

export function opaqueRule(nid: string): NamespaceRule {
  return { nid, validate: () => [], equivalenceKey: genericKey };
}
