// urn:oasis, RFC 3121 §2: names:{specification|tc|technical}:… or member:{member-id}:…. Names
// are "lexically identical" when equal: the generic key applies, case-sensitive NSS.

import { equalsAt } from "../ascii.js";
import { error, warning } from "../issue.js";
import { genericKey, type NamespaceRule } from "../rule.js";

/** How many elements each class needs after it: {id}:{type}:{doc-id}, or {type}:{doc-id}. */
const CLASSES: readonly (readonly [string, number])[] = [
  ["specification", 3],
  ["tc", 3],
  ["technical", 2],
];

/** The number of ":"-separated elements of s from `from` on. */
function elements(s: string, from: number): number {
  let n = 1;
  for (let i = s.indexOf(":", from); i >= 0; i = s.indexOf(":", i + 1)) n++;
  return n;
}

export const oasisRule: NamespaceRule = {
  nid: "oasis",
  validate(urn) {
    const name = urn.assignedName;
    const at = urn.nssStart;
    if (!name.startsWith("names:", at)) {
      if (!name.startsWith("member:", at)) {
        return [error("oasis-branch", 'an OASIS URN starts with "names:" or "member:"', at)];
      }
      const id = name.indexOf(":", at + 7);
      return id > at + 7 && id < name.length - 1
        ? []
        : [error("oasis-syntax", "member:{member-id}:{name}", at)];
    }
    const end = name.indexOf(":", at + 6);
    const found = CLASSES.find(([kind]) =>
      equalsAt(name, at + 6, end < 0 ? name.length : end, kind),
    );
    if (found === undefined) {
      return [
        error("oasis-class", "names: is followed by specification:, tc: or technical:", at + 6),
      ];
    }
    const [kind, needed] = found;
    if (end >= 0 && elements(name, end + 1) >= needed) return [];
    return [
      warning(
        "oasis-structure",
        kind === "technical"
          ? "names:technical:{type}:{doc-id}[:{amendment}]"
          : `names:${kind}:{id}:{type}[:{subtype}]:{doc-id}`,
        at,
      ),
    ];
  },
  equivalenceKey: genericKey,
};
