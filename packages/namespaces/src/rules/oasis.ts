// urn:oasis, RFC 3121 §2: names:{specification|tc|technical}:… or member:{member-id}:…. Names
// are "lexically identical" when equal: the generic key applies, case-sensitive NSS.

import { equalsAt } from "../ascii.js";
import { ANY, AutomatonBuilder } from "../automaton.js";
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

/**
 * names: and a class with as many elements after it as the class needs, or member:{member-id}:
 * and a name (see NamespaceRule.conforming). An element may hold anything but ":".
 */
function conformingOasis() {
  const b = new AutomatonBuilder();
  const names = b.word(b.start, "names:");
  for (const [kind, needed] of CLASSES) {
    // The class, ":", then `needed` elements: each but the last ends at a ":".
    // (The last element starts at the last of those ":": the reading can stop there.)
    let element = b.state();
    b.edge(b.word(names, kind), ":", element);
    for (let k = 1; k < needed; k++) {
      const after = k === needed - 1 ? b.rest() : b.state();
      b.edge(element, "^:", element).edge(element, ":", after);
      element = after;
    }
  }
  const member = b.word(b.start, "member:");
  const id = b.state();
  const colon = b.state();
  b.edge(member, "^:", id).edge(id, "^:", id).edge(id, ":", colon);
  b.edge(colon, ANY, b.rest());
  return b.build();
}

export const oasisRule: NamespaceRule = {
  nid: "oasis",
  conforming: conformingOasis(),
  validate(_urn, name, at) {
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
