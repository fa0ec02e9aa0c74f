// urn:lei, IANA template (2021-12-22, ISO 17442): 20 alphanumeric characters ending in two ISO
// 7064 MOD 97-10 check digits. The template calls the code "not case sensitive": key uppercase.

import type { URN } from "@urnkit/core";
import { allDigits, charClass, LOWER } from "../ascii.js";
import { alnumValue, mod97_10Pair } from "../check-digits/iso7064.js";
import { error } from "../issue.js";
import { asciiUpper, foldKey, type NamespaceRule } from "../rule.js";

/**
 * An NSS read as an LEI: its MOD 97-10 remainder (NaN when it is not 20 letters and digits) and
 * whether it has a lowercase letter, which the key folds. The rule's last reading (see
 * NamespaceRule): an LEI holds no "%", so the key's NSS is the NSS and it serves both.
 */
class Reading {
  /** The URN read last; the fields below are about it. */
  urn: URN | undefined = undefined;
  remainder = Number.NaN;
  lower = false;
}

const lastRead = new Reading();

// Module constants: V8 folds these in the loop, where it reloads an imported binding and checks
// it on every character.
const alnum = alnumValue;
const classOf = charClass;
const pair = mod97_10Pair;

function readLei(urn: URN): Reading {
  const r = lastRead;
  const s = urn.assignedName;
  const from = urn.nssStart;
  r.urn = urn;
  r.remainder = Number.NaN;
  r.lower = false;
  if (s.length - from !== 20) return r;
  let remainder = 0;
  // The class bits (ascii.ts) of every character, ORed: a lowercase letter shows in them.
  let seen = 0;
  // Two characters a turn (20 in all): the remainder is the loop's chain of dependent steps.
  for (let i = from; i < s.length; i += 2) {
    const c = s.charCodeAt(i);
    const d = s.charCodeAt(i + 1);
    const v = alnum(c);
    const w = alnum(d);
    if (v < 0 || w < 0) return r;
    seen |= classOf(c) | classOf(d);
    remainder = pair(remainder, v, w);
  }
  r.remainder = remainder;
  r.lower = (seen & LOWER) !== 0;
  return r;
}

export const leiRule: NamespaceRule = {
  nid: "lei",
  validate(urn, name, at) {
    const end = name.length;
    const { remainder } = readLei(urn);
    if (Number.isNaN(remainder) || !allDigits(name, end - 2, end)) {
      return [error("lei-syntax", "an LEI is 18 letters or digits and 2 check digits", at)];
    }
    // ISO 7064 computes the pair as 98 - (the rest · 100 mod 97): 02 to 98. "00", "01" and "99"
    // leave the same remainder as 97, 98 and 02 but are never the computed pair.
    const pair = (name.charCodeAt(end - 2) - 0x30) * 10 + (name.charCodeAt(end - 1) - 0x30);
    return remainder === 1 && pair >= 2 && pair <= 98
      ? []
      : [error("lei-check-digits", "ISO 7064 MOD 97-10 check digits do not match", at + 18)];
  },
  // An LEI in uppercase is its own key; anything else (no LEI at all, too) is folded.
  equivalenceKey(urn) {
    const r = lastRead.urn === urn ? lastRead : readLei(urn);
    return Number.isNaN(r.remainder) || r.lower ? foldKey(urn, asciiUpper) : urn.equivalenceKey;
  },
};
