// urn:nbn, RFC 8458 §4: prefix "-" nbn-string, where prefix = ISO 3166 alpha-2 code *(":"
// sub-namespace). Equivalence (§4.3) folds the case of the prefix only; the NBN string stays
// case-sensitive. The check digit of urn:nbn:de is a DNB convention, reported as a warning.

import { isAlnum, isAlpha } from "../ascii.js";
import { nbnDeCheckDigit } from "../check-digits/nbn-de.js";
import { error, type Issue, warning } from "../issue.js";
import { asciiLowerBefore, foldKey, type NamespaceRule, nssOffset } from "../rule.js";

export const nbnRule: NamespaceRule = {
  nid: "nbn",
  validate(urn) {
    const nss = urn.nss;
    // Sub-namespace codes hold no "-", so the first "-" ends the prefix.
    const dash = nss.indexOf("-");
    if (dash < 0) {
      return [
        error("nbn-syntax", 'an NBN is prefix "-" NBN string: there is no "-"', nssOffset(urn)),
      ];
    }
    if (
      !isAlpha(nss.charCodeAt(0)) ||
      !isAlpha(nss.charCodeAt(1)) ||
      (dash !== 2 && nss.charCodeAt(2) !== 0x3a)
    ) {
      return [
        error(
          "nbn-country-code",
          "the prefix starts with a 2-letter ISO 3166 code",
          nssOffset(urn),
        ),
      ];
    }
    // After the country code: ":" and 1*(ALPHA / DIGIT), any number of times.
    for (let start = 3; dash > 2; ) {
      let end = start;
      while (end < dash && isAlnum(nss.charCodeAt(end))) end++;
      if (end === start || (end < dash && nss.charCodeAt(end) !== 0x3a)) {
        const where = end === start ? start : end;
        return [
          error(
            "nbn-subnamespace",
            "a sub-namespace code is 1 or more letters or digits",
            nssOffset(urn) + where,
          ),
        ];
      }
      if (end === dash) break;
      start = end + 1;
    }
    if (dash === nss.length - 1 || nss.charCodeAt(dash + 1) === 0x2f) {
      return [
        error(
          "nbn-empty-string",
          'the NBN string after "-" is empty or starts with "/"',
          nssOffset(urn) + dash + 1,
        ),
      ];
    }
    const issues: Issue[] = [];
    if ((nss.charCodeAt(0) | 0x20) === 0x64 && (nss.charCodeAt(1) | 0x20) === 0x65) {
      const href = urn.assignedName;
      const want = nbnDeCheckDigit(href.slice(0, -1));
      if (want !== undefined && href[href.length - 1] !== want) {
        issues.push(
          warning(
            "nbn-de-check-digit",
            `urn:nbn:de check digit (a DNB convention, not RFC 8458) should be ${want}`,
            href.length - 1,
          ),
        );
      }
    }
    return issues;
  },
  // RFC 8458 §4.3: the prefix (up to the first "-") folds, the NBN string does not.
  equivalenceKey: (urn) => foldKey(urn, lowerPrefix),
};

function lowerPrefix(nss: string): string {
  return asciiLowerBefore(nss, nss.indexOf("-"));
}
