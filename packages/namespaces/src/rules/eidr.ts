// urn:eidr, RFC 7972 §2: {prefix}:{suffix}, the DOI of an EIDR record with ":" for "/". Under
// prefix 10.5240 the suffix is 5 groups of 4 hex digits and an ISO 7064 MOD 37,36 check
// character. The whole URN is case-insensitive; the key is lowercase.

import { mod37_36CheckChar } from "../check-digits/iso7064.js";
import { error } from "../issue.js";
import { asciiLower, foldKey, headColon, type NamespaceRule } from "../rule.js";

const CONTENT_ID =
  /^([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-Z])$/i;

export const eidrRule: NamespaceRule = {
  nid: "eidr",
  validate(urn, _name, at) {
    const colon = headColon(urn, "eidr-syntax", "an EIDR URN is {prefix}:{suffix}");
    if (typeof colon !== "number") return [colon];
    const nss = urn.nss;
    if (nss.slice(0, colon) !== "10.5240") return [];
    const suffix = nss.slice(colon + 1);
    const m = CONTENT_ID.exec(suffix);
    if (m === null) {
      return [
        error("eidr-syntax", "a 10.5240 suffix is XXXX-XXXX-XXXX-XXXX-XXXX-C", at + colon + 1),
      ];
    }
    const want = mod37_36CheckChar(suffix.slice(0, 24));
    return m[6]?.toUpperCase() === want
      ? []
      : [error("eidr-check-character", `check character should be ${want}`, at + nss.length - 1)];
  },
  equivalenceKey: (urn) => foldKey(urn, asciiLower),
};
