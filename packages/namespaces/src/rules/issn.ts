// urn:issn, IANA template (2017, ISO 3297:2007), which replaced RFC 3044 (RFC 8254): 4DIGIT ["-"]
// 3DIGIT check. Equivalence: "x" is read as "X" and the hyphen is optional. An ISSN-L (linking
// ISSN) has the same form and is checked the same way; the URN does not mark the difference.

import { issnCheckDigit } from "../check-digits/issn.js";
import { error } from "../issue.js";
import { keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

const ISSN = /^([0-9]{4})-?([0-9]{3})([0-9Xx])$/;

export const issnRule: NamespaceRule = {
  nid: "issn",
  validate(urn) {
    const at = nssOffset(urn);
    const m = ISSN.exec(urn.nss);
    if (m === null) {
      return [error("issn-syntax", "an ISSN is NNNN-NNNC: 7 digits and a check digit or X", at)];
    }
    const want = issnCheckDigit(`${m[1]}${m[2]}`);
    if (m[3]?.toUpperCase() !== want) {
      return [error("issn-check-digit", `check digit should be ${want}`, at + urn.nss.length - 1)];
    }
    return [];
  },
  equivalenceKey(urn) {
    const m = ISSN.exec(keyNss(urn));
    return m === null ? urn.equivalenceKey : keyWith(urn, `${m[1]}-${m[2]}${m[3]?.toUpperCase()}`);
  },
};
