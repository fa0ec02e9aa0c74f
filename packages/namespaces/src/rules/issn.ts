// urn:issn, IANA template (2017, ISO 3297:2007), which replaced RFC 3044 (RFC 8254): 4DIGIT ["-"]
// 3DIGIT check. Equivalence: "x" is read as "X" and the hyphen is optional. An ISSN-L (linking
// ISSN) has the same form and is checked the same way; the URN does not mark the difference.

import { CHECK_CHARS } from "../check-digits/mod11.js";
import { error } from "../issue.js";
import { foldKey, type NamespaceRule } from "../rule.js";

/**
 * The check character s[from, to) calls for when it is NNNN[-]NNNC (C a digit, "X" or "x"), in the
 * same pass as reading it: the first seven digits weighted 8..2 (ISO 3297), "X" for 10. "" when
 * it is no ISSN.
 */
function readIssn(s: string, from: number, to: number): string {
  const hyphen = to - from === 9 && s.charCodeAt(from + 4) === 0x2d;
  if (to - from !== (hyphen ? 9 : 8)) return "";
  let sum = 0;
  for (let k = 0, i = from; k < 7; k++, i++) {
    if (k === 4 && hyphen) i++;
    const d = s.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return "";
    sum += (8 - k) * d;
  }
  const check = s.charCodeAt(to - 1);
  if (!((check >= 0x30 && check <= 0x39) || check === 0x58 || check === 0x78)) return "";
  return CHECK_CHARS.charAt((11 - (sum % 11)) % 11);
}

export const issnRule: NamespaceRule = {
  nid: "issn",
  validate(_urn, name, at) {
    const last = name.length - 1;
    const want = readIssn(name, at, name.length);
    if (want === "") {
      return [error("issn-syntax", "an ISSN is NNNN-NNNC: 7 digits and a check digit or X", at)];
    }
    const check = name.charCodeAt(last);
    return check === want.charCodeAt(0) || (want === "X" && check === 0x78)
      ? []
      : [error("issn-check-digit", `check digit should be ${want}`, last)];
  },
  equivalenceKey(urn, name, at) {
    // Hyphenated, no "x": canonical already, or no ISSN at all. (The key's NSS differs from the
    // NSS only in the case of %hh hex, which has no "x".)
    if (name.length - at === 9 && name.charCodeAt(name.length - 1) !== 0x78) {
      return urn.equivalenceKey;
    }
    return foldKey(urn, canonicalIssn);
  },
};

/** NNNN-NNNC with an uppercase X, the form the template says to generate; `nss` when no ISSN. */
function canonicalIssn(nss: string): string {
  if (readIssn(nss, 0, nss.length) === "") return nss;
  const hyphenated = nss.length === 9 ? nss : `${nss.slice(0, 4)}-${nss.slice(4)}`;
  return hyphenated.endsWith("x") ? hyphenated.toUpperCase() : hyphenated;
}
