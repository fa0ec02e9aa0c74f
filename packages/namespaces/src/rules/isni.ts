// urn:isni, IANA template (2025-10-16, ISO 27729): 15 digits and an ISO 7064 MOD 11-2 check
// character. Compared character by character after a non-conformant "x" becomes "X".

import { mod11_2CheckChar } from "../check-digits/iso7064.js";
import { error, warning } from "../issue.js";
import { keyNss, keyWith, type NamespaceRule } from "../rule.js";

const ISNI = /^[0-9]{15}[0-9Xx]$/;

export const isniRule: NamespaceRule = {
  nid: "isni",
  validate(urn, _name, at) {
    const nss = urn.nss;
    if (!ISNI.test(nss)) {
      return [error("isni-syntax", "an ISNI is 15 digits and a check character (digit or X)", at)];
    }
    const want = mod11_2CheckChar(nss.slice(0, 15));
    if (nss[15]?.toUpperCase() !== want) {
      return [error("isni-check-character", `check character should be ${want}`, at + 15)];
    }
    return nss[15] === "x"
      ? [warning("isni-lowercase-x", 'the check character is an uppercase "X"', at + 15)]
      : [];
  },
  equivalenceKey(urn) {
    const nss = keyNss(urn);
    return ISNI.test(nss) ? keyWith(urn, nss.toUpperCase()) : urn.equivalenceKey;
  },
};
