// urn:nbn, RFC 8458 §4: prefix "-" nbn-string, where prefix = ISO 3166 alpha-2 code *(":"
// sub-namespace). Equivalence (§4.3) folds the case of the prefix only; the NBN string stays
// case-sensitive. The check digit of urn:nbn:de is a DNB convention, reported as a warning.

import { nbnDeCheckDigit } from "../check-digits/nbn-de.js";
import { error, type Issue, warning } from "../issue.js";
import { asciiLower, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

export const nbnRule: NamespaceRule = {
  nid: "nbn",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    // Sub-namespace codes hold no "-", so the first "-" ends the prefix.
    const dash = nss.indexOf("-");
    if (dash < 0) {
      return [error("nbn-syntax", 'an NBN is prefix "-" NBN string: there is no "-"', at)];
    }
    const parts = nss.slice(0, dash).split(":");
    const cc = parts[0] ?? "";
    if (!/^[A-Za-z]{2}$/.test(cc)) {
      return [error("nbn-country-code", "the prefix starts with a 2-letter ISO 3166 code", at)];
    }
    let offset = at + cc.length + 1;
    for (const sub of parts.slice(1)) {
      if (!/^[A-Za-z0-9]+$/.test(sub)) {
        return [
          error("nbn-subnamespace", "a sub-namespace code is 1 or more letters or digits", offset),
        ];
      }
      offset += sub.length + 1;
    }
    const nbnString = nss.slice(dash + 1);
    if (nbnString === "" || nbnString.startsWith("/")) {
      return [
        error(
          "nbn-empty-string",
          'the NBN string after "-" is empty or starts with "/"',
          at + dash + 1,
        ),
      ];
    }
    const issues: Issue[] = [];
    if (cc.toLowerCase() === "de") {
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
  equivalenceKey(urn) {
    const nss = keyNss(urn);
    const dash = nss.indexOf("-");
    return dash < 0
      ? urn.equivalenceKey
      : keyWith(urn, asciiLower(nss.slice(0, dash)) + nss.slice(dash));
  },
};
