// RFC 8141 §5.1: the constraints a NID requested for a new formal namespace must meet, beyond
// the syntax of §2. Each rule is checked on its own so that every broken one is reported with
// the sentence of the RFC it breaks.

import { classifyNid, UrnSyntaxError } from "@urnkit/core";
import { error, type Issue } from "./issue.js";
import { registry } from "./registry.js";

const RULE_1 = 'RFC 8141 §5.1 rule 1: "It MUST NOT be an already-registered NID."';
const RULE_2 =
  'RFC 8141 §5.1 rule 2: "It MUST NOT start with "urn-" (which is reserved for informal URN namespaces)."';
const RULE_3_LENGTH = 'RFC 8141 §5.1 rule 3: "It MUST be more than two characters long"';
const RULE_3_COUNTRY =
  'RFC 8141 §5.1 rule 3: "it MUST NOT start with ALPHA ALPHA "-", i.e., any string consisting of two letters followed by one hyphen; such strings are reserved for potential use as NIDs based on ISO alpha-2 country codes"';
const RULE_3_A_LABEL =
  'RFC 8141 §5.1 rule 3: "it MUST NOT start with the string "xn--" or any other string consisting of two letters followed by two hyphens; such strings are reserved for potential representation of DNS A-labels and similar strings in the future"';
const RULE_4 =
  'RFC 8141 §5.1 rule 4: "It MUST NOT start with the string "X-" so that it will not be confused with or conflict any experimental URN namespace previously permitted by [RFC3406]."';

/** Every §5.1 rule (and §2 syntax) that `nid` breaks as a new formal NID; [] when it may be requested. */
export function checkNewFormalNid(nid: string): Issue[] {
  let reserved: string | undefined;
  try {
    const nidClass = classifyNid(nid);
    if (nidClass.kind === "reserved") reserved = nidClass.reason;
  } catch (e) {
    if (!(e instanceof UrnSyntaxError)) throw e;
    return [error("nid-syntax", `not a NID (RFC 8141 §2): ${e.message}`, e.index)];
  }
  const lower = nid.toLowerCase();
  const issues: Issue[] = [];
  if (registry.isRegistered(lower)) {
    issues.push(error("nid-already-registered", `"${nid}" is already registered. ${RULE_1}`));
  }
  if (lower.startsWith("urn-")) {
    issues.push(error("nid-informal-prefix", `"urn-" starts informal NIDs. ${RULE_2}`, 0));
  }
  if (nid.length <= 2) {
    issues.push(error("nid-too-short", `"${nid}" has ${nid.length} characters. ${RULE_3_LENGTH}`));
  }
  if (/^[a-z]{2}--/.test(lower)) {
    issues.push(error("nid-a-label-prefix", `two letters and "--". ${RULE_3_A_LABEL}`, 0));
  } else if (/^[a-z]{2}-/.test(lower)) {
    issues.push(error("nid-country-code-prefix", `two letters and "-". ${RULE_3_COUNTRY}`, 0));
  }
  if (lower.startsWith("x-")) {
    issues.push(error("nid-experimental-prefix", `"X-" was the experimental prefix. ${RULE_4}`, 0));
  }
  // classifyNid may know a reservation beyond §5.1's four rules (the NID "urn" itself).
  if (reserved !== undefined && issues.length === 0) {
    issues.push(error("nid-reserved", reserved));
  }
  return issues;
}
