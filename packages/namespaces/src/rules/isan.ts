// urn:isan, RFC 4246 §2 (ISO 15706): root (3 hex groups), episode (1 group), check character,
// then optionally version (2 groups) and a second check character, all joined by "-". The check
// characters are ISO 7064 MOD 37,36. The NSS is case-insensitive; the key is uppercase.

import type { URN } from "@urnkit/core";
import { ALNUM, charClass, HEX, HYPHEN, LOWER } from "../ascii.js";
import { mod37_36Completion, mod37_36Step } from "../check-digits/iso7064.js";
import { error, type Issue } from "../issue.js";
import { asciiUpper, foldKey, type NamespaceRule } from "../rule.js";

/**
 * XXXX-XXXX-XXXX-XXXX-C-XXXX-XXXX-C, position by position: the classes (see ascii.ts) each
 * character may have. An ISAN is the first 21 or all 33. RFC 4246's BNF says hexnum = 4*(hex),
 * "4 or more"; ISO 15706 fixes the groups at exactly 4.
 */
const SHAPE = Uint8Array.from("hhhh-hhhh-hhhh-hhhh-c-hhhh-hhhh-c", (p) =>
  p === "h" ? HEX : p === "-" ? HYPHEN : ALNUM,
);

// Module constants: V8 folds these in the loop, where it reloads an imported binding and checks
// it on every character.
const HEX_ONLY = HEX;
const classOf = charClass;
const step = mod37_36Step;

/**
 * An NSS read as an ISAN: the class bits of its characters ORed together (0 when it is no ISAN),
 * and the MOD 37,36 running values over its hex digits up to the first check character (`root`:
 * root and episode) and up to the second (`full`: those and the version). The rule's last reading
 * (see NamespaceRule): an ISAN holds no "%", so the key's NSS is the NSS and it serves both.
 */
class Reading {
  /** The URN read last; the fields below are about it. */
  urn: URN | undefined = undefined;
  seen = 0;
  root = 0;
  full = 0;
}

const lastRead = new Reading();

/** One pass over the URN's NSS: its shape, and the check characters' runs on the way. */
function readIsan(urn: URN): Reading {
  const r = lastRead;
  const s = urn.assignedName;
  const from = urn.nssStart;
  const n = s.length - from;
  r.urn = urn;
  r.seen = 0;
  if (n !== 21 && n !== 33) return r;
  let seen = 0;
  let p = 36;
  let root = 36;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(from + i);
    const k = classOf(c);
    const shape = SHAPE[i] as number;
    if ((k & shape) === 0) return r;
    seen |= k;
    // Only the hex digits count: hyphens and check characters are no part of the runs.
    if (shape === HEX_ONLY) p = step(p, c);
    if (i === 18) root = p;
  }
  r.seen = seen;
  r.root = root;
  r.full = p;
  return r;
}

/**
 * Whether the letter or digit at s[i] is the check character `want` in either case (| 0x20
 * lowercases a letter and leaves a digit as it is).
 */
function isCheckChar(s: string, i: number, want: string): boolean {
  return (s.charCodeAt(i) | 0x20) === (want.charCodeAt(0) | 0x20);
}

export const isanRule: NamespaceRule = {
  nid: "isan",
  validate(urn, name, at) {
    const reading = readIsan(urn);
    if (reading.seen === 0) {
      return [
        error(
          "isan-syntax",
          "an ISAN is XXXX-XXXX-XXXX-XXXX-C, optionally followed by -XXXX-XXXX-C (hex groups, check characters)",
          at,
        ),
      ];
    }
    const issues: Issue[] = [];
    // The first check character covers the root and episode; the second those and the version.
    const first = mod37_36Completion(reading.root);
    if (!isCheckChar(name, at + 20, first)) {
      issues.push(
        error("isan-check-character", `first check character should be ${first}`, at + 20),
      );
    }
    if (name.length - at === 33) {
      const second = mod37_36Completion(reading.full);
      if (!isCheckChar(name, at + 32, second)) {
        issues.push(
          error("isan-check-character", `second check character should be ${second}`, at + 32),
        );
      }
    }
    return issues;
  },
  // A conforming ISAN already in uppercase is its own key.
  equivalenceKey(urn) {
    const seen = (lastRead.urn === urn ? lastRead : readIsan(urn)).seen;
    return seen !== 0 && (seen & LOWER) === 0 ? urn.equivalenceKey : foldKey(urn, asciiUpper);
  },
};
