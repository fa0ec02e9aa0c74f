// urn:mpeg, RFC 3614 §2: {standard name}:{assigned string}. The standard-name segment is
// case-insensitive (§3), everything after it case-sensitive.

import { headColon, lowerHeadKey, type NamespaceRule } from "../rule.js";

export const mpegRule: NamespaceRule = {
  nid: "mpeg",
  validate(urn) {
    const colon = headColon(urn, "mpeg-syntax", "an MPEG URN is {standard name}:{assigned string}");
    return typeof colon === "number" ? [] : [colon];
  },
  // RFC 3614 §3: the standard name (up to the first ":") folds, the assigned string does not.
  equivalenceKey: lowerHeadKey,
};
