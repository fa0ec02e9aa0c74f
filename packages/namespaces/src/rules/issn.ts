// urn:issn, IANA template (2017, ISO 3297:2007), which replaced RFC 3044 (RFC 8254): 4DIGIT ["-"]
// 3DIGIT check. Equivalence: "x" is read as "X" and the hyphen is optional. An ISSN-L (linking
// ISSN) has the same form and is checked the same way; the URN does not mark the difference.

import { allDigits } from "../ascii.js";
import { weightedMod11CheckChar } from "../check-digits/mod11.js";
import { error } from "../issue.js";
import { foldKey, type NamespaceRule, nssStart } from "../rule.js";

/** Whether s[from, to) is NNNN[-]NNNC, C a digit, "X" or "x". */
function isIssn(s: string, from = 0, to = s.length): boolean {
  const rest = from + (to - from === 9 && s.charCodeAt(from + 4) === 0x2d ? 5 : 4);
  if (to !== rest + 4 || !allDigits(s, from, from + 4) || !allDigits(s, rest, rest + 3)) {
    return false;
  }
  const check = s.charCodeAt(rest + 3);
  return (check >= 0x30 && check <= 0x39) || check === 0x58 || check === 0x78;
}

export const issnRule: NamespaceRule = {
  nid: "issn",
  validate(urn) {
    const name = urn.assignedName;
    const at = nssStart(name);
    const last = name.length - 1;
    if (!isIssn(name, at, name.length)) {
      return [error("issn-syntax", "an ISSN is NNNN-NNNC: 7 digits and a check digit or X", at)];
    }
    const want = weightedMod11CheckChar(name, 7, at);
    const check = name.charCodeAt(last);
    return check === want.charCodeAt(0) || (want === "X" && check === 0x78)
      ? []
      : [error("issn-check-digit", `check digit should be ${want}`, last)];
  },
  equivalenceKey(urn) {
    // Hyphenated, no "x": canonical already, or no ISSN at all. (The key's NSS differs from the
    // NSS only in the case of %hh hex, which has no "x".)
    const name = urn.assignedName;
    if (name.length - nssStart(name) === 9 && name.charCodeAt(name.length - 1) !== 0x78) {
      return urn.equivalenceKey;
    }
    return foldKey(urn, canonicalIssn);
  },
};

/** NNNN-NNNC with an uppercase X, the form the template says to generate; `nss` when no ISSN. */
function canonicalIssn(nss: string): string {
  if (!isIssn(nss)) return nss;
  const hyphenated = nss.length === 9 ? nss : `${nss.slice(0, 4)}-${nss.slice(4)}`;
  return hyphenated.endsWith("x") ? hyphenated.toUpperCase() : hyphenated;
}
