// urn:isan, RFC 4246 §2 (ISO 15706): root (3 hex groups), episode (1 group), check character,
// then optionally version (2 groups) and a second check character, all joined by "-". The check
// characters are ISO 7064 MOD 37,36. The NSS is case-insensitive; the key is uppercase.

import { mod37_36CheckChar } from "../check-digits/iso7064.js";
import { error, type Issue } from "../issue.js";
import { asciiUpper, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

// RFC 4246's BNF says hexnum = 4*(hex), "4 or more"; ISO 15706 fixes the groups at exactly 4.
const ISAN =
  /^([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-Z])(?:-([0-9A-F]{4})-([0-9A-F]{4})-([0-9A-Z]))?$/i;

export const isanRule: NamespaceRule = {
  nid: "isan",
  validate(urn) {
    const at = nssOffset(urn);
    const m = ISAN.exec(urn.nss);
    if (m === null) {
      return [
        error(
          "isan-syntax",
          "an ISAN is XXXX-XXXX-XXXX-XXXX-C, optionally followed by -XXXX-XXXX-C (hex groups, check characters)",
          at,
        ),
      ];
    }
    const issues: Issue[] = [];
    const rootEpisode = `${m[1]}${m[2]}${m[3]}${m[4]}`;
    const first = mod37_36CheckChar(rootEpisode);
    if (m[5]?.toUpperCase() !== first) {
      issues.push(
        error("isan-check-character", `first check character should be ${first}`, at + 20),
      );
    }
    if (m[8] !== undefined) {
      const second = mod37_36CheckChar(`${rootEpisode}${m[6]}${m[7]}`);
      if (m[8].toUpperCase() !== second) {
        issues.push(
          error("isan-check-character", `second check character should be ${second}`, at + 32),
        );
      }
    }
    return issues;
  },
  equivalenceKey: (urn) => keyWith(urn, asciiUpper(keyNss(urn))),
};
