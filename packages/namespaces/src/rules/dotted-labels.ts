// Namespaces of dot-separated labels that are case-insensitive but must be written in lowercase:
// urn:service (RFC 5031 §4.2) and the informal urn:urn-7 of SIP service identifiers (RFC 6050).

import { error, type Issue, warning } from "../issue.js";
import { asciiLower, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

// let-dig [ *let-dig-hyp let-dig ]; RFC 5031 limits the top-level label to 27 characters.
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

export function dottedLabelsRule(nid: string, spec: string, topLevelMax: number): NamespaceRule {
  return {
    nid,
    validate(urn) {
      const nss = urn.nss;
      let at = nssOffset(urn);
      const labels = nss.split(".");
      for (const [i, label] of labels.entries()) {
        if (!LABEL.test(label) || (i === 0 && label.length > topLevelMax)) {
          return [
            error(
              `${nid}-label`,
              `labels are letters, digits and inner "-", separated by single dots${i === 0 ? `, the first at most ${topLevelMax} long` : ""} (${spec})`,
              at,
            ),
          ];
        }
        at += label.length + 1;
      }
      const issues: Issue[] = [];
      const upper = nss.search(/[A-Z]/);
      if (upper >= 0) {
        issues.push(
          warning(
            `${nid}-uppercase`,
            `labels MUST be written in lowercase (${spec})`,
            nssOffset(urn) + upper,
          ),
        );
      }
      return issues;
    },
    equivalenceKey: (urn) => keyWith(urn, asciiLower(keyNss(urn))),
  };
}
