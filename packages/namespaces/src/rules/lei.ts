// urn:lei, IANA template (2021-12-22, ISO 17442): 20 alphanumeric characters ending in two ISO
// 7064 MOD 97-10 check digits. The template calls the code "not case sensitive": key uppercase.

import { allDigits } from "../ascii.js";
import { mod97_10Remainder } from "../check-digits/iso7064.js";
import { error } from "../issue.js";
import { asciiUpper, foldKey, type NamespaceRule } from "../rule.js";

export const leiRule: NamespaceRule = {
  nid: "lei",
  validate(urn) {
    const name = urn.assignedName;
    const at = urn.nssStart;
    const end = name.length;
    // The remainder is NaN for a character outside 0-9, A-Z, a-z.
    const remainder = end - at === 20 ? mod97_10Remainder(name, at, end) : Number.NaN;
    if (Number.isNaN(remainder) || !allDigits(name, end - 2, end)) {
      return [error("lei-syntax", "an LEI is 18 letters or digits and 2 check digits", at)];
    }
    return remainder === 1
      ? []
      : [error("lei-check-digits", "ISO 7064 MOD 97-10 check digits do not match", at + 18)];
  },
  equivalenceKey: (urn) => foldKey(urn, asciiUpper),
};
