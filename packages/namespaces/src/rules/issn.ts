// urn:issn, IANA template (2017, ISO 3297:2007), which replaced RFC 3044 (RFC 8254): 4DIGIT ["-"]
// 3DIGIT check. Equivalence: "x" is read as "X" and the hyphen is optional. An ISSN-L (linking
// ISSN) has the same form and is checked the same way; the URN does not mark the difference.

import { allDigits } from "../ascii.js";
import { issnCheckDigit } from "../check-digits/issn.js";
import { error } from "../issue.js";
import { foldKey, type NamespaceRule, nssOffset } from "../rule.js";

/** Whether `s` is NNNN[-]NNNC, C a digit, "X" or "x". */
function isIssn(s: string): boolean {
  const rest = s.length === 9 && s.charCodeAt(4) === 0x2d ? 5 : 4;
  if (s.length !== rest + 4 || !allDigits(s, 0, 4) || !allDigits(s, rest, rest + 3)) return false;
  const check = s.charCodeAt(rest + 3);
  return (check >= 0x30 && check <= 0x39) || check === 0x58 || check === 0x78;
}

export const issnRule: NamespaceRule = {
  nid: "issn",
  validate(urn) {
    const nss = urn.nss;
    if (!isIssn(nss)) {
      return [
        error(
          "issn-syntax",
          "an ISSN is NNNN-NNNC: 7 digits and a check digit or X",
          nssOffset(urn),
        ),
      ];
    }
    const want = issnCheckDigit(nss);
    const check = nss[nss.length - 1];
    return check === want || (want === "X" && check === "x")
      ? []
      : [
          error(
            "issn-check-digit",
            `check digit should be ${want}`,
            nssOffset(urn) + nss.length - 1,
          ),
        ];
  },
  equivalenceKey(urn) {
    // Hyphenated, no "x": canonical already, or no ISSN at all; told from the key without a slice.
    const key = urn.equivalenceKey;
    const at = key.indexOf(":", 4) + 1;
    if (key.length - at === 9 && key.charCodeAt(key.length - 1) !== 0x78) return key;
    return foldKey(urn, canonicalIssn);
  },
};

/** NNNN-NNNC with an uppercase X, the form the template says to generate; `nss` when no ISSN. */
function canonicalIssn(nss: string): string {
  if (!isIssn(nss)) return nss;
  const hyphenated = nss.length === 9 ? nss : `${nss.slice(0, 4)}-${nss.slice(4)}`;
  return hyphenated.endsWith("x") ? hyphenated.toUpperCase() : hyphenated;
}
