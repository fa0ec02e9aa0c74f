// urn:isan, RFC 4246 §2 (ISO 15706): root (3 hex groups), episode (1 group), check character,
// then optionally version (2 groups) and a second check character, all joined by "-". The check
// characters are ISO 7064 MOD 37,36. The NSS is case-insensitive; the key is uppercase.

import type { URN } from "@urnkit/core";
import { ALNUM, charClass, HEX, HYPHEN, LOWER } from "../ascii.js";
import { mod37_36CheckChar } from "../check-digits/iso7064.js";
import { error, type Issue } from "../issue.js";
import { asciiUpper, foldKey, LastReading, type NamespaceRule, nssOffset } from "../rule.js";

/**
 * XXXX-XXXX-XXXX-XXXX-C-XXXX-XXXX-C, position by position: the classes (see ascii.ts) each
 * character may have. An ISAN is the first 21 or all 33. RFC 4246's BNF says hexnum = 4*(hex),
 * "4 or more"; ISO 15706 fixes the groups at exactly 4.
 */
const SHAPE = Array.from("hhhh-hhhh-hhhh-hhhh-c-hhhh-hhhh-c", (p) =>
  p === "h" ? HEX : p === "-" ? HYPHEN : ALNUM,
);

/** The class bits of the characters of an ISAN ORed together; 0 when `s` is not one. */
function readIsan(s: string): number {
  if (s.length !== 21 && s.length !== 33) return 0;
  let seen = 0;
  for (let i = 0; i < s.length; i++) {
    const k = charClass(s.charCodeAt(i));
    if ((k & (SHAPE[i] as number)) === 0) return 0;
    seen |= k;
  }
  return seen;
}

/**
 * Whether the letter or digit at s[i] is the check character `want` in either case (| 0x20
 * lowercases a letter and leaves a digit as it is).
 */
function isCheckChar(s: string, i: number, want: string): boolean {
  return (s.charCodeAt(i) | 0x20) === (want.charCodeAt(0) | 0x20);
}

// An ISAN holds no "%", so the key's NSS is urn.nss: one reading serves both methods.
const memo = new LastReading<number>();
const read = (urn: URN) => readIsan(urn.nss);

export const isanRule: NamespaceRule = {
  nid: "isan",
  validate(urn) {
    const nss = urn.nss;
    if (memo.remember(urn, readIsan(nss)) === 0) {
      return [
        error(
          "isan-syntax",
          "an ISAN is XXXX-XXXX-XXXX-XXXX-C, optionally followed by -XXXX-XXXX-C (hex groups, check characters)",
          nssOffset(urn),
        ),
      ];
    }
    const issues: Issue[] = [];
    const first = mod37_36CheckChar(nss.slice(0, 19));
    if (!isCheckChar(nss, 20, first)) {
      issues.push(
        error(
          "isan-check-character",
          `first check character should be ${first}`,
          nssOffset(urn) + 20,
        ),
      );
    }
    if (nss.length === 33) {
      const second = mod37_36CheckChar(nss.slice(0, 19) + nss.slice(21, 31));
      if (!isCheckChar(nss, 32, second)) {
        issues.push(
          error(
            "isan-check-character",
            `second check character should be ${second}`,
            nssOffset(urn) + 32,
          ),
        );
      }
    }
    return issues;
  },
  // A conforming ISAN already in uppercase is its own key.
  equivalenceKey(urn) {
    const seen = memo.get(urn, read);
    return seen !== 0 && (seen & LOWER) === 0 ? urn.equivalenceKey : foldKey(urn, asciiUpper);
  },
};
