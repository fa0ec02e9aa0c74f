// RFC 8141 §3.1 URN-equivalence, extended by the namespace's own rules (§6.4.2 item 3), which
// may only remove false negatives.

import { URN } from "@urnkit/core";
import { ruleFor } from "./namespace-rules.js";

/** The namespace-aware equivalence key: the rule's key, or the generic key when there is none. */
export function namespaceKey(urn: URN): string {
  const rule = ruleFor(urn.nid);
  return rule === undefined
    ? urn.equivalenceKey
    : rule.equivalenceKey(urn, urn.assignedName, urn.nssStart);
}

/**
 * Whether two URNs name the same thing under their namespace's equivalence rules (the generic
 * rules where there are none). A string that is not an RFC 8141 URN is never equivalent.
 */
export function equivalent(a: string | URN, b: string | URN): boolean {
  const x = typeof a === "string" ? URN.parse(a) : a;
  const y = typeof b === "string" ? URN.parse(b) : b;
  return x !== null && y !== null && namespaceKey(x) === namespaceKey(y);
}
