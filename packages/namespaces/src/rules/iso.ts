// urn:iso, RFC 5141 §2: std:{originator}[:{type}]:{number}[:…]. Every element is
// case-insensitive (§2.6 lexical equivalence), lowercase being the form the RFC uses.

import { error } from "../issue.js";
import { asciiLower, foldKey, type NamespaceRule } from "../rule.js";

export const isoRule: NamespaceRule = {
  nid: "iso",
  validate(urn, _name, at) {
    const parts = urn.nss.split(":");
    if (parts[0]?.toLowerCase() !== "std") {
      return [error("iso-branch", 'only the "std:" branch is defined (RFC 5141)', at)];
    }
    if (parts.length < 3 || parts.some((p) => p === "")) {
      return [error("iso-syntax", "std:{originator}[:{type}]:{number}, no empty elements", at)];
    }
    return [];
  },
  equivalenceKey: (urn) => foldKey(urn, asciiLower),
};
