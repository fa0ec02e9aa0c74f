// Namespaces of dot-separated labels that are case-insensitive but must be written in lowercase:
// urn:service (RFC 5031 §4.2) and the informal urn:urn-7 of SIP service identifiers (RFC 6050).

import type { URN } from "@urnkit/core";
import { firstUpper, hasUpper, isAlnum } from "../ascii.js";
import { type Automaton, AutomatonBuilder } from "../automaton.js";
import { error, warning } from "../issue.js";
import { asciiLower, foldKey, type NamespaceRule } from "../rule.js";

/**
 * Where the labels in s[from, s.length) first break `let-dig [ *let-dig-hyp let-dig ]` separated
 * by single dots, or the first label exceeds `topLevelMax`; -1 when they do not.
 */
function firstBadLabel(s: string, from: number, topLevelMax: number): number {
  let start = from;
  for (let i = from; i <= s.length; i++) {
    const c = i < s.length ? s.charCodeAt(i) : 0x2e;
    if (c === 0x2e) {
      if (i === start || s.charCodeAt(i - 1) === 0x2d) return start;
      if (start === from && i - from > topLevelMax) return from;
      start = i + 1;
    } else if (!isAlnum(c) && !(c === 0x2d && i > start)) {
      return start;
    }
  }
  return -1;
}

/**
 * Labels in lowercase, the first at most `topLevelMax` long (see NamespaceRule.conforming). A
 * label's states say whether its last character was "-" (it may not end there) and, in the first
 * label under a limit, how long it is so far.
 */
function conformingLabels(topLevelMax: number): Automaton {
  const b = new AutomatonBuilder();
  const letDig = "a-z0-9";
  // Any label after a ".": letter or digit last, "-" last.
  const dot = b.state();
  const label = b.state({ accept: "yes" });
  const hyphen = b.state();
  b.edge(dot, letDig, label).edge(label, letDig, label).edge(label, "-", hyphen);
  b.edge(hyphen, "-", hyphen).edge(hyphen, letDig, label).edge(label, ".", dot);
  if (!Number.isFinite(topLevelMax)) {
    b.edge(b.start, letDig, label);
    return b.build();
  }
  // The first label, by length n + 1: ending in a letter or digit (ends[n]), and in "-"
  // (hyphens[n], from the second character on).
  const ends = Array.from({ length: topLevelMax }, () => b.state({ accept: "yes" }));
  const hyphens = Array.from({ length: topLevelMax }, (_, n) => (n === 0 ? -1 : b.state()));
  b.edge(b.start, letDig, ends[0] as number);
  for (let n = 0; n < topLevelMax; n++) {
    const end = ends[n] as number;
    b.edge(end, ".", dot);
    if (n + 1 === topLevelMax) continue;
    for (const from of n === 0 ? [end] : [end, hyphens[n] as number]) {
      b.edge(from, letDig, ends[n + 1] as number).edge(from, "-", hyphens[n + 1] as number);
    }
  }
  return b.build();
}

/** `topLevelMax`: the longest first label the namespace allows, when it sets a limit. */
export function dottedLabelsRule(
  nid: string,
  spec: string,
  topLevelMax = Number.POSITIVE_INFINITY,
): NamespaceRule {
  const limit = Number.isFinite(topLevelMax) ? `, the first at most ${topLevelMax} long` : "";
  // The rule's last reading (see NamespaceRule): whether the NSS is labels in lowercase, its own
  // key then (labels hold no "%", so the key's NSS is the NSS).
  let lastUrn: URN | undefined;
  let lastOwnKey = false;
  const remember = (urn: URN, ownKey: boolean) => {
    lastUrn = urn;
    lastOwnKey = ownKey;
    return ownKey;
  };
  const read = (urn: URN) => {
    const name = urn.assignedName;
    const at = urn.nssStart;
    return remember(urn, firstBadLabel(name, at, topLevelMax) < 0 && !hasUpper(name, at));
  };
  return {
    nid,
    conforming: conformingLabels(topLevelMax),
    validate(urn, name, at) {
      const bad = firstBadLabel(name, at, topLevelMax);
      const upper = bad < 0 ? firstUpper(name, at, name.length) : -1;
      if (remember(urn, bad < 0 && upper < 0)) return [];
      if (bad >= 0) {
        return [
          error(
            `${nid}-label`,
            `labels are letters, digits and inner "-", separated by single dots${limit} (${spec})`,
            bad,
          ),
        ];
      }
      return [warning(`${nid}-uppercase`, `labels MUST be written in lowercase (${spec})`, upper)];
    },
    equivalenceKey: (urn) =>
      (lastUrn === urn ? lastOwnKey : read(urn)) ? urn.equivalenceKey : foldKey(urn, asciiLower),
  };
}
