// urn:isbn, IANA template v2 (2017, ISO 2108:2017), which replaced RFC 3187 (RFC 8254): an
// ISBN-13 or ISBN-10 with optional hyphens. Equivalence: ISBN-10 converted to ISBN-13, hyphens
// removed, compared character by character.

import type { URN } from "@urnkit/core";
import { CHECK_CHARS } from "../check-digits/mod11.js";
import { error, type Issue, warning } from "../issue.js";
import { LastReading, type NamespaceRule, nssStart } from "../rule.js";

/**
 * An NSS read as an ISBN: where and why reading failed, or how many digits (X included) and
 * hyphens it has, the check character its digits call for (ISBN-10 or -13 by the count) and, when
 * it conforms, its canonical ISBN-13. One shape for every reading.
 */
interface Reading {
  problem: "isbn-syntax" | "isbn-hyphenation" | undefined;
  /** Where the problem is, in the URN. */
  at: number;
  message: string;
  digits: number;
  hyphens: number;
  /** The first three digits as a number (978 or 979 for an ISBN-13). */
  lead: number;
  /** The check character the digits call for; "" when there are neither 10 nor 13. */
  want: string;
  /** A conforming ISBN (check character right, hyphens and prefix allowed), its "x" aside. */
  conforms: boolean;
  /** Its ISBN-13 when it conforms and the NSS is not already that (undefined otherwise). */
  isbn13: string | undefined;
  /** Whether the last character is a lowercase "x". */
  lowerX: boolean;
}

function failed(problem: Reading["problem"], at: number, message: string): Reading {
  return {
    problem,
    at,
    message,
    digits: 0,
    hyphens: 0,
    lead: 0,
    want: "",
    conforms: false,
    isbn13: undefined,
    lowerX: false,
  };
}

/**
 * The char codes of the first 13 digits of the ISBN being read: the canonical ISBN-13 is made of
 * them in one String.fromCharCode, cheaper than joining slices or turning numbers into strings.
 */
const digitCodes = new Uint8Array(13);

/**
 * One pass over the NSS, s[from, to) (to > from: an NSS is never empty): digits, "-" only between
 * digits, "X"/"x" only as the last character.
 */
function readIsbn(s: string, from: number, to: number): Reading {
  const last = to - 1;
  let hyphens = 0;
  let lead = 0;
  // The check sums, summed in the same pass (ISO 2108 weights): ISBN-10 (10..2 over 9 digits),
  // ISBN-13 (1,3,1,… over 12) and the ISBN-13 of an ISBN-10 ("978" then its 9 digits: 3,1,3,…).
  let sum10 = 0;
  let sum13 = 0;
  let sum10To13 = 0;
  for (let i = from; i <= last; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      const n = i - from - hyphens;
      const d = c - 0x30;
      if (n < 3) lead = lead * 10 + d;
      if (n < 9) {
        sum10 += (10 - n) * d;
        sum10To13 += (n & 1 ? 1 : 3) * d;
      }
      if (n < 12) sum13 += (n & 1 ? 3 : 1) * d;
      if (n < 13) digitCodes[n] = c;
    } else if (c === 0x2d) {
      if (i === from || i === last || s.charCodeAt(i - 1) === 0x2d) {
        return failed("isbn-hyphenation", i, "hyphens only separate digit groups");
      }
      hyphens++;
    } else if (!((c === 0x58 || c === 0x78) && i === last)) {
      const message =
        c === 0x58 || c === 0x78
          ? "X may only be the check character of an ISBN-10"
          : "an ISBN holds only digits, hyphens and a final X";
      return failed("isbn-syntax", i, message);
    }
  }
  const digits = to - from - hyphens;
  const want =
    digits === 10
      ? CHECK_CHARS.charAt((11 - (sum10 % 11)) % 11)
      : digits === 13
        ? CHECK_CHARS.charAt((10 - (sum13 % 10)) % 10)
        : "";
  const check = s.charCodeAt(last);
  let conforms = false;
  let isbn13: string | undefined;
  const d = digitCodes;
  if (digits === 10 && hyphens <= 3) {
    if (check === want.charCodeAt(0) || (want === "X" && check === 0x78)) {
      conforms = true;
      // 9·1 + 7·3 + 8·1 = 38 for the "978" in front.
      const check13 = 0x30 + ((10 - ((38 + sum10To13) % 10)) % 10);
      isbn13 = String.fromCharCode(
        0x39,
        0x37,
        0x38,
        d[0] as number,
        d[1] as number,
        d[2] as number,
        d[3] as number,
        d[4] as number,
        d[5] as number,
        d[6] as number,
        d[7] as number,
        d[8] as number,
        check13,
      );
    }
  } else if (digits === 13 && hyphens <= 4 && (lead === 978 || lead === 979)) {
    // readIsbn let only the last character be X; an ISBN-13 has none.
    if (check === want.charCodeAt(0)) {
      conforms = true;
      if (hyphens > 0) {
        isbn13 = String.fromCharCode(
          d[0] as number,
          d[1] as number,
          d[2] as number,
          d[3] as number,
          d[4] as number,
          d[5] as number,
          d[6] as number,
          d[7] as number,
          d[8] as number,
          d[9] as number,
          d[10] as number,
          d[11] as number,
          d[12] as number,
        );
      }
    }
  }
  const lowerX = check === 0x78;
  return {
    problem: undefined,
    at: 0,
    message: "",
    digits,
    hyphens,
    lead,
    want,
    conforms,
    isbn13,
    lowerX,
  };
}

// The reading of the NSS serves the key too: the key's NSS differs only in the case of %hh hex,
// and any "%" makes both readings fail.
const memo = new LastReading<Reading>();
const read = (urn: URN) => {
  const name = urn.assignedName;
  return readIsbn(name, nssStart(name), name.length);
};

export const isbnRule: NamespaceRule = {
  nid: "isbn",
  validate(urn) {
    const reading = memo.get(urn, read);
    // A conforming ISBN (the usual case): nothing to report unless its check character is "x".
    if (reading.conforms && !reading.lowerX) return [];
    if (reading.problem !== undefined) return [error(reading.problem, reading.message, reading.at)];
    const name = urn.assignedName;
    const at = nssStart(name);
    const { digits, hyphens, want } = reading;
    if (digits !== 10 && digits !== 13) {
      return [error("isbn-length", `an ISBN has 10 or 13 digits, not ${digits}`, at)];
    }
    const checkAt = name.length - 1;
    const last = name[checkAt] ?? "";
    if (digits === 13 && (last === "X" || last === "x")) {
      return [error("isbn-syntax", "X may only be the check character of an ISBN-10", checkAt)];
    }
    const issues: Issue[] = [];
    if (hyphens > (digits === 10 ? 3 : 4)) {
      issues.push(error("isbn-hyphenation", `too many hyphens for an ISBN-${digits}`, at));
    }
    if (digits === 10) {
      if (last === "x") {
        issues.push(
          warning(
            "isbn-lowercase-x",
            'the check character is an uppercase "X" (IANA template 2017; RFC 3187 folded "x")',
            checkAt,
          ),
        );
      }
      if (last.toUpperCase() !== want) {
        issues.push(error("isbn-check-digit", `ISBN-10 check digit should be ${want}`, checkAt));
      }
      return issues;
    }
    if (reading.lead !== 978 && reading.lead !== 979) {
      issues.push(error("isbn-prefix", "an ISBN-13 starts with 978 or 979", at));
    }
    if (last !== want) {
      issues.push(error("isbn-check-digit", `ISBN-13 check digit should be ${want}`, checkAt));
    }
    return issues;
  },
  equivalenceKey(urn) {
    // The NID of a URN this rule is for is "isbn" in some case: the generic key starts "urn:isbn:".
    const isbn = memo.get(urn, read).isbn13;
    return isbn === undefined ? urn.equivalenceKey : `urn:isbn:${isbn}`;
  },
};
