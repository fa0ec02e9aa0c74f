// urn:lei, IANA template (2021-12-22, ISO 17442): 20 alphanumeric characters ending in two ISO
// 7064 MOD 97-10 check digits. The template calls the code "not case sensitive": key uppercase.

import { mod97_10Remainder } from "../check-digits/iso7064.js";
import { error } from "../issue.js";
import { asciiUpper, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

const LEI = /^[0-9A-Za-z]{18}[0-9]{2}$/;

export const leiRule: NamespaceRule = {
  nid: "lei",
  validate(urn) {
    const at = nssOffset(urn);
    if (!LEI.test(urn.nss)) {
      return [error("lei-syntax", "an LEI is 18 letters or digits and 2 check digits", at)];
    }
    return mod97_10Remainder(urn.nss) === 1
      ? []
      : [error("lei-check-digits", "ISO 7064 MOD 97-10 check digits do not match", at + 18)];
  },
  equivalenceKey(urn) {
    const nss = keyNss(urn);
    return LEI.test(nss) ? keyWith(urn, asciiUpper(nss)) : urn.equivalenceKey;
  },
};
