// urn:isbn, IANA template v2 (2017, ISO 2108:2017), which replaced RFC 3187 (RFC 8254): an
// ISBN-13 or ISBN-10 with optional hyphens. Equivalence: ISBN-10 converted to ISBN-13, hyphens
// removed, compared character by character.

import type { URN } from "@urnkit/core";
import { CHECK_CHARS } from "../check-digits/mod11.js";
import { error, type Issue, warning } from "../issue.js";
import { LastReading, type NamespaceRule } from "../rule.js";

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
  /** An ISBN-13's first three digits as a number (978 or 979); 0 for other lengths. */
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
 * The values of the first 13 digits of the ISBN being read. The check sums are taken over these
 * after the scan (a typed-array read is cheaper than a charCodeAt, and the scan then has one test
 * per digit), and the canonical ISBN-13 is made of them in one String.fromCharCode, cheaper than
 * joining slices or turning numbers into strings.
 */
const digitValues = new Uint8Array(13);

/**
 * One pass over the NSS, s[from, to) (to > from: an NSS is never empty): digits, "-" only between
 * digits, "X"/"x" only as the last character.
 */
function readIsbn(s: string, from: number, to: number): Reading {
  const d = digitValues;
  const last = to - 1;
  let hyphens = 0;
  let n = 0;
  for (let i = from; i <= last; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      if (n < 13) d[n] = c - 0x30;
      n++;
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
  // X counts as a digit; only the last character can be one, so the digits before it are in d.
  const digits = to - from - hyphens;
  const check = s.charCodeAt(last);
  const lowerX = check === 0x78;
  if (digits === 10) {
    // ISO 2108 weights: 10..2 over the first 9 digits; and for the ISBN-13 ("978" then those 9
    // digits, weights 1,3,1,…), 9·1 + 7·3 + 8·1 = 38 and then 3,1,3,….
    let sum10 = 0;
    let sum13 = 38;
    for (let k = 0; k < 9; k++) {
      const v = d[k] as number;
      sum10 += (10 - k) * v;
      sum13 += (k & 1 ? 1 : 3) * v;
    }
    const want = CHECK_CHARS.charAt((11 - (sum10 % 11)) % 11);
    const conforms =
      hyphens <= 3 && (check === want.charCodeAt(0) || (want === "X" && check === 0x78));
    const isbn13 = conforms ? isbn13Text(9, 7, 8, d, 0, (10 - (sum13 % 10)) % 10) : undefined;
    return reading(digits, hyphens, 0, want, conforms, isbn13, lowerX);
  }
  if (digits === 13) {
    // ISO 2108 weights 1,3,1,… over the first 12 digits.
    let sum13 = 0;
    for (let k = 0; k < 12; k++) sum13 += (k & 1 ? 3 : 1) * (d[k] as number);
    const want = CHECK_CHARS.charAt((10 - (sum13 % 10)) % 10);
    const lead = (d[0] as number) * 100 + (d[1] as number) * 10 + (d[2] as number);
    // Only the last character may be X, and an ISBN-13 has none: it never equals `want`.
    const conforms = hyphens <= 4 && (lead === 978 || lead === 979) && check === want.charCodeAt(0);
    const isbn13 =
      conforms && hyphens > 0
        ? isbn13Text(d[0] as number, d[1] as number, d[2] as number, d, 3, d[12] as number)
        : undefined;
    return reading(digits, hyphens, lead, want, conforms, isbn13, lowerX);
  }
  return reading(digits, hyphens, 0, "", false, undefined, lowerX);
}

/**
 * An ISBN-13 as text, made in one string: its three-digit prefix, the nine digits of `d` from
 * `from`, and its check digit.
 */
function isbn13Text(
  p0: number,
  p1: number,
  p2: number,
  d: ArrayLike<number>,
  from: number,
  check: number,
): string {
  return String.fromCharCode(
    0x30 + p0,
    0x30 + p1,
    0x30 + p2,
    0x30 + (d[from] as number),
    0x30 + (d[from + 1] as number),
    0x30 + (d[from + 2] as number),
    0x30 + (d[from + 3] as number),
    0x30 + (d[from + 4] as number),
    0x30 + (d[from + 5] as number),
    0x30 + (d[from + 6] as number),
    0x30 + (d[from + 7] as number),
    0x30 + (d[from + 8] as number),
    0x30 + check,
  );
}

function reading(
  digits: number,
  hyphens: number,
  lead: number,
  want: string,
  conforms: boolean,
  isbn13: string | undefined,
  lowerX: boolean,
): Reading {
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
  return readIsbn(name, urn.nssStart, name.length);
};

export const isbnRule: NamespaceRule = {
  nid: "isbn",
  validate(urn) {
    const reading = memo.get(urn, read);
    // A conforming ISBN (the usual case): nothing to report unless its check character is "x".
    if (reading.conforms && !reading.lowerX) return [];
    if (reading.problem !== undefined) return [error(reading.problem, reading.message, reading.at)];
    const name = urn.assignedName;
    const at = urn.nssStart;
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
