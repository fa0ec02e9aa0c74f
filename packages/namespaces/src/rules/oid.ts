// urn:oid, RFC 3061 §2: dotted decimal arcs without leading zeros. Equivalence is exact string
// match, and the written form is already canonical.

import { isDigit } from "../ascii.js";
import { AutomatonBuilder } from "../automaton.js";
import { error } from "../issue.js";
import { genericKey, type NamespaceRule } from "../rule.js";

/** number *("." number) (see NamespaceRule.conforming). */
function conformingOid() {
  const b = new AutomatonBuilder();
  const zero = b.state({ accept: "yes" });
  const number = b.state({ accept: "yes" });
  const dot = b.state();
  for (const arcStart of [b.start, dot]) b.edge(arcStart, "0", zero).edge(arcStart, "1-9", number);
  b.edge(number, "0-9", number).edge(number, ".", dot).edge(zero, ".", dot);
  return b.build();
}

export const oidRule: NamespaceRule = {
  nid: "oid",
  conforming: conformingOid(),
  validate(urn) {
    const name = urn.assignedName;
    const bad = firstBad(name, urn.nssStart);
    return bad < 0
      ? []
      : [
          error(
            "oid-syntax",
            "an OID is decimal numbers without leading zeros joined by dots",
            bad,
          ),
        ];
  },
  equivalenceKey: genericKey,
};

/**
 * Where `number *("." number)` first fails in s[from, s.length), a number being "0" or digits not
 * starting with 0; -1 if never.
 */
function firstBad(s: string, from: number): number {
  let arcStart = from;
  for (let i = from; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x2e) {
      if (i === arcStart) return i;
      arcStart = i + 1;
    } else if (!isDigit(c) || (c === 0x30 && i === arcStart && isDigit(s.charCodeAt(i + 1)))) {
      return i;
    }
  }
  return arcStart === s.length ? s.length - 1 : -1;
}
