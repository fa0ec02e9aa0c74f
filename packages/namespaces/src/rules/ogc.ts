// urn:ogc, RFC 5165 §2: {OGCresource}:{ResourceSpecificString}. OGCresource holds no ":" and is
// case-sensitive; equivalence is the generic one.

import { error } from "../issue.js";
import { type NamespaceRule, nssOffset } from "../rule.js";

export const ogcRule: NamespaceRule = {
  nid: "ogc",
  validate(urn) {
    const nss = urn.nss;
    const colon = nss.indexOf(":");
    if (colon <= 0 || colon === nss.length - 1) {
      return [
        error(
          "ogc-syntax",
          "an OGC URN is {OGCresource}:{ResourceSpecificString}, both non-empty",
          nssOffset(urn) + Math.max(colon, 0),
        ),
      ];
    }
    return [];
  },
  equivalenceKey: (urn) => urn.equivalenceKey,
};
