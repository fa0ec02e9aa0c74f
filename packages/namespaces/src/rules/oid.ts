// urn:oid, RFC 3061 §2: dotted decimal arcs without leading zeros. Equivalence is exact string
// match, and the written form is already canonical. Beyond the URN syntax, the OID tree of
// ITU-T X.660 has only three first arcs, 0 (itu-t), 1 (iso) and 2 (joint-iso-itu-t), and under 0
// and 1 only the second arcs 0 to 39: an OID outside those is warned about.

import { isDigit } from "../ascii.js";
import { AutomatonBuilder } from "../automaton.js";
import { error, type Issue, warning } from "../issue.js";
import { genericKey, type NamespaceRule } from "../rule.js";

/**
 * number *("." number) within the arcs X.660 assigns: a first arc of 0, 1 or 2, and under 0 and
 * 1 a second arc of 0 to 39 (see NamespaceRule.conforming).
 */
function conformingOid() {
  const b = new AutomatonBuilder();
  // Third and later arcs: any number.
  const zero = b.state({ accept: "yes" });
  const number = b.state({ accept: "yes" });
  const dot = b.state();
  b.edge(dot, "0", zero).edge(dot, "1-9", number);
  b.edge(number, "0-9", number).edge(number, ".", dot).edge(zero, ".", dot);
  // The first arc: 0 or 1 (then a second arc of 0 to 39), or 2 (then any number).
  const small = b.state({ accept: "yes" });
  const joint = b.state({ accept: "yes" });
  b.edge(b.start, "01", small).edge(b.start, "2", joint);
  b.edge(joint, ".", dot);
  // The second arc under 0 or 1: 0, 1-9, or a ten 1-3 and a unit 0-9.
  const smallDot = b.state();
  const tens = b.state({ accept: "yes" });
  const last = b.state({ accept: "yes" });
  b.edge(small, ".", smallDot);
  b.edge(smallDot, "0", last).edge(smallDot, "4-9", last).edge(smallDot, "1-3", tens);
  b.edge(tens, "0-9", last).edge(tens, ".", dot);
  b.edge(last, ".", dot);
  return b.build();
}

export const oidRule: NamespaceRule = {
  nid: "oid",
  conforming: conformingOid(),
  validate(_urn, name, at) {
    const bad = firstBad(name, at);
    if (bad >= 0) {
      return [
        error("oid-syntax", "an OID is decimal numbers without leading zeros joined by dots", bad),
      ];
    }
    const arcs = unassignedArc(name, at);
    return arcs === null ? [] : [arcs];
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

/** The warning for a first or second arc X.660 never assigns, in a syntactically valid OID. */
function unassignedArc(s: string, from: number): Issue | null {
  const firstEnd = arcEnd(s, from);
  const first = s.slice(from, firstEnd);
  if (first !== "0" && first !== "1" && first !== "2") {
    return warning(
      "oid-arc",
      `first arc ${first}: an OID starts with 0 (itu-t), 1 (iso) or 2 (joint-iso-itu-t) (ITU-T X.660)`,
      from,
    );
  }
  if (first === "2" || firstEnd === s.length) return null;
  const second = s.slice(firstEnd + 1, arcEnd(s, firstEnd + 1));
  // Second arcs are short here: a longer one (no leading zeros) is at least 100.
  if (second.length <= 2 && Number(second) <= 39) return null;
  return warning(
    "oid-arc",
    `second arc ${second} under ${first}: under 0 and 1 the second arc is 0 to 39 (ITU-T X.660)`,
    firstEnd + 1,
  );
}

/** Where the arc starting at `from` ends: the next "." or the end of `s`. */
function arcEnd(s: string, from: number): number {
  const dot = s.indexOf(".", from);
  return dot < 0 ? s.length : dot;
}
