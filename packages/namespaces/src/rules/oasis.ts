// urn:oasis, RFC 3121 §2: names:{specification|tc|technical}:… or member:{member-id}:…. Names
// are "lexically identical" when equal: the generic key applies, case-sensitive NSS.

import { error, type Issue, warning } from "../issue.js";
import { type NamespaceRule, nssOffset } from "../rule.js";

/** How many elements each class needs after it: {id}:{type}:{doc-id}, or {type}:{doc-id}. */
const CLASSES: Record<string, number> = { specification: 3, tc: 3, technical: 2 };

export const oasisRule: NamespaceRule = {
  nid: "oasis",
  validate(urn) {
    const at = nssOffset(urn);
    const parts = urn.nss.split(":");
    const [branch, kind] = parts;
    if (branch === "member") {
      return parts.length >= 3 && parts[1] !== ""
        ? []
        : [error("oasis-syntax", "member:{member-id}:{name}", at)];
    }
    if (branch !== "names") {
      return [error("oasis-branch", 'an OASIS URN starts with "names:" or "member:"', at)];
    }
    const needed = CLASSES[kind ?? ""];
    if (needed === undefined) {
      return [
        error("oasis-class", "names: is followed by specification:, tc: or technical:", at + 6),
      ];
    }
    const issues: Issue[] = [];
    if (parts.length - 2 < needed) {
      issues.push(
        warning(
          "oasis-structure",
          kind === "technical"
            ? "names:technical:{type}:{doc-id}[:{amendment}]"
            : `names:${kind}:{id}:{type}[:{subtype}]:{doc-id}`,
          at,
        ),
      );
    }
    return issues;
  },
  equivalenceKey: (urn) => urn.equivalenceKey,
};
