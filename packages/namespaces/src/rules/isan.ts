// urn:isan, RFC 4246 §2 (ISO 15706): root (3 hex groups), episode (1 group), check character,
// then optionally version (2 groups) and a second check character, all joined by "-". The check
// characters are ISO 7064 MOD 37,36. The NSS is case-insensitive; the key is uppercase.

import { allHex, isAlnum } from "../ascii.js";
import { mod37_36CheckChar } from "../check-digits/iso7064.js";
import { error, type Issue } from "../issue.js";
import { asciiUpper, foldKey, type NamespaceRule, nssOffset } from "../rule.js";

/**
 * XXXX-XXXX-XXXX-XXXX-C or XXXX-XXXX-XXXX-XXXX-C-XXXX-XXXX-C. RFC 4246's BNF says hexnum =
 * 4*(hex), "4 or more"; ISO 15706 fixes the groups at exactly 4.
 */
function isIsan(s: string): boolean {
  if (s.length !== 21 && s.length !== 33) return false;
  for (let g = 0; g < s.length; g += 5) {
    const check = g === 20 || g === 32;
    const end = check ? g + 1 : g + 4;
    if (check ? !isAlnum(s.charCodeAt(g)) : !allHex(s, g, end)) return false;
    if (end < s.length && s.charCodeAt(end) !== 0x2d) return false;
    if (check) g -= 3; // a check character is one character, not four
  }
  return true;
}

export const isanRule: NamespaceRule = {
  nid: "isan",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    if (!isIsan(nss)) {
      return [
        error(
          "isan-syntax",
          "an ISAN is XXXX-XXXX-XXXX-XXXX-C, optionally followed by -XXXX-XXXX-C (hex groups, check characters)",
          at,
        ),
      ];
    }
    const issues: Issue[] = [];
    const first = mod37_36CheckChar(nss.slice(0, 19));
    if (nss[20]?.toUpperCase() !== first) {
      issues.push(
        error("isan-check-character", `first check character should be ${first}`, at + 20),
      );
    }
    if (nss.length === 33) {
      const second = mod37_36CheckChar(nss.slice(0, 19) + nss.slice(21, 31));
      if (nss[32]?.toUpperCase() !== second) {
        issues.push(
          error("isan-check-character", `second check character should be ${second}`, at + 32),
        );
      }
    }
    return issues;
  },
  equivalenceKey: (urn) => foldKey(urn, asciiUpper),
};
