// urn:lei, IANA template (2021-12-22, ISO 17442): 20 alphanumeric characters ending in two ISO
// 7064 MOD 97-10 check digits. The template calls the code "not case sensitive": key uppercase.

import { allDigits, isAlnum } from "../ascii.js";
import { mod97_10Remainder } from "../check-digits/iso7064.js";
import { error } from "../issue.js";
import { asciiUpper, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

function isLeiShape(s: string): boolean {
  if (s.length !== 20 || !allDigits(s, 18, 20)) return false;
  for (let i = 0; i < 18; i++) if (!isAlnum(s.charCodeAt(i))) return false;
  return true;
}

export const leiRule: NamespaceRule = {
  nid: "lei",
  validate(urn) {
    const at = nssOffset(urn);
    if (!isLeiShape(urn.nss)) {
      return [error("lei-syntax", "an LEI is 18 letters or digits and 2 check digits", at)];
    }
    return mod97_10Remainder(urn.nss) === 1
      ? []
      : [error("lei-check-digits", "ISO 7064 MOD 97-10 check digits do not match", at + 18)];
  },
  equivalenceKey: (urn) => keyWith(urn, asciiUpper(keyNss(urn))),
};
