// urn:ogc, RFC 5165 §2: {OGCresource}:{ResourceSpecificString}. OGCresource holds no ":" and is
// case-sensitive; equivalence is the generic one.

import { genericKey, headColon, type NamespaceRule } from "../rule.js";

export const ogcRule: NamespaceRule = {
  nid: "ogc",
  validate(urn) {
    const colon = headColon(
      urn,
      "ogc-syntax",
      "an OGC URN is {OGCresource}:{ResourceSpecificString}, both non-empty",
    );
    return typeof colon === "number" ? [] : [colon];
  },
  equivalenceKey: genericKey,
};
