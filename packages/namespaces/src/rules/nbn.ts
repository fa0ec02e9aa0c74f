// urn:nbn, RFC 8458 §4: prefix "-" nbn-string, where prefix = ISO 3166 alpha-2 code *(":"
// sub-namespace). Equivalence (§4.3) folds the case of the prefix only; the NBN string stays
// case-sensitive. The check digit of urn:nbn:de is a DNB convention, reported as a warning.

import { hasUpper, isAlnum, isAlpha } from "../ascii.js";
import { AutomatonBuilder } from "../automaton.js";
import { nbnDeCheckDigit } from "../check-digits/nbn-de.js";
import { error, type Issue, warning } from "../issue.js";
import { asciiLowerBefore, foldKey, type NamespaceRule } from "../rule.js";

/**
 * A prefix in lowercase, "-" and an NBN string, outside urn:nbn:de and its check digit (see
 * NamespaceRule.conforming).
 */
function conformingNbn() {
  const b = new AutomatonBuilder();
  // After a first letter "d", the second may not be "e".
  const firstD = b.state();
  const first = b.state();
  const country = b.state();
  const colon = b.state();
  const code = b.state();
  const dash = b.state();

  b.edge(b.start, "d", firstD).edge(b.start, "a-ce-z", first);
  b.edge(firstD, "a-df-z", country).edge(first, "a-z", country);
  b.edge(country, ":", colon).edge(colon, "a-z0-9", code).edge(code, "a-z0-9", code);
  b.edge(code, ":", colon);
  b.edge(country, "-", dash).edge(code, "-", dash);
  b.edge(dash, "^/", b.rest());
  return b.build();
}

export const nbnRule: NamespaceRule = {
  nid: "nbn",
  conforming: conformingNbn(),
  validate(_urn, name, at) {
    // Sub-namespace codes hold no "-", so the first "-" ends the prefix.
    const dash = name.indexOf("-", at);
    if (dash < 0) {
      return [error("nbn-syntax", 'an NBN is prefix "-" NBN string: there is no "-"', at)];
    }
    if (
      !isAlpha(name.charCodeAt(at)) ||
      !isAlpha(name.charCodeAt(at + 1)) ||
      (dash !== at + 2 && name.charCodeAt(at + 2) !== 0x3a)
    ) {
      return [error("nbn-country-code", "the prefix starts with a 2-letter ISO 3166 code", at)];
    }
    // After the country code: ":" and 1*(ALPHA / DIGIT), any number of times.
    for (let start = at + 3; dash > at + 2; ) {
      let end = start;
      while (end < dash && isAlnum(name.charCodeAt(end))) end++;
      if (end === start || (end < dash && name.charCodeAt(end) !== 0x3a)) {
        return [
          error("nbn-subnamespace", "a sub-namespace code is 1 or more letters or digits", end),
        ];
      }
      if (end === dash) break;
      start = end + 1;
    }
    if (dash === name.length - 1 || name.charCodeAt(dash + 1) === 0x2f) {
      return [
        error("nbn-empty-string", 'the NBN string after "-" is empty or starts with "/"', dash + 1),
      ];
    }
    const issues: Issue[] = [];
    if ((name.charCodeAt(at) | 0x20) === 0x64 && (name.charCodeAt(at + 1) | 0x20) === 0x65) {
      const want = nbnDeCheckDigit(name.slice(0, -1));
      if (want !== undefined && name[name.length - 1] !== want) {
        issues.push(
          warning(
            "nbn-de-check-digit",
            `urn:nbn:de check digit (a DNB convention, not RFC 8458) should be ${want}`,
            name.length - 1,
          ),
        );
      }
    }
    return issues;
  },
  // RFC 8458 §4.3: the prefix (up to the first "-") folds, the NBN string does not.
  // (The key's NSS differs from the NSS only in the case of %hh hex, which asciiLower keeps.)
  equivalenceKey(urn, name, at) {
    const dash = name.indexOf("-", at);
    return dash < 0 || !hasUpper(name, at, dash) ? urn.equivalenceKey : foldKey(urn, lowerPrefix);
  },
};

function lowerPrefix(nss: string): string {
  return asciiLowerBefore(nss, nss.indexOf("-"));
}
