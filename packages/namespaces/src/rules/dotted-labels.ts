// Namespaces of dot-separated labels that are case-insensitive but must be written in lowercase:
// urn:service (RFC 5031 §4.2) and the informal urn:urn-7 of SIP service identifiers (RFC 6050).

import type { URN } from "@urnkit/core";
import { hasUpper, isAlnum } from "../ascii.js";
import { error, warning } from "../issue.js";
import { asciiLower, foldKey, LastReading, type NamespaceRule, nssOffset } from "../rule.js";

/**
 * Where the labels first break `let-dig [ *let-dig-hyp let-dig ]` separated by single dots, or
 * the first label exceeds `topLevelMax`; -1 when they do not.
 */
function firstBadLabel(s: string, topLevelMax: number): number {
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0x2e;
    if (c === 0x2e) {
      if (i === start || s.charCodeAt(i - 1) === 0x2d) return start;
      if (start === 0 && i > topLevelMax) return 0;
      start = i + 1;
    } else if (!isAlnum(c) && !(c === 0x2d && i > start)) {
      return start;
    }
  }
  return -1;
}

/** `topLevelMax`: the longest first label the namespace allows, when it sets a limit. */
export function dottedLabelsRule(
  nid: string,
  spec: string,
  topLevelMax = Number.POSITIVE_INFINITY,
): NamespaceRule {
  const limit = Number.isFinite(topLevelMax) ? `, the first at most ${topLevelMax} long` : "";
  // Whether the NSS is labels in lowercase, its own key then: labels hold no "%", so the key's
  // NSS is urn.nss.
  const memo = new LastReading<boolean>();
  const read = (urn: URN) => {
    const nss = urn.nss;
    return firstBadLabel(nss, topLevelMax) < 0 && !hasUpper(nss);
  };
  return {
    nid,
    validate(urn) {
      const nss = urn.nss;
      const bad = firstBadLabel(nss, topLevelMax);
      const upper = bad < 0 && hasUpper(nss);
      if (memo.remember(urn, bad < 0 && !upper)) return [];
      if (bad >= 0) {
        return [
          error(
            `${nid}-label`,
            `labels are letters, digits and inner "-", separated by single dots${limit} (${spec})`,
            nssOffset(urn) + bad,
          ),
        ];
      }
      return [
        warning(
          `${nid}-uppercase`,
          `labels MUST be written in lowercase (${spec})`,
          nssOffset(urn) + nss.search(/[A-Z]/),
        ),
      ];
    },
    equivalenceKey: (urn) => (memo.get(urn, read) ? urn.equivalenceKey : foldKey(urn, asciiLower)),
  };
}
