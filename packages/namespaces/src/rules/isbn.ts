// urn:isbn, IANA template v2 (2017, ISO 2108:2017), which replaced RFC 3187 (RFC 8254): an
// ISBN-13 or ISBN-10 with optional hyphens. Equivalence: ISBN-10 converted to ISBN-13, hyphens
// removed, compared character by character.

import type { URN } from "@urnkit/core";
import { CHECK_CHARS } from "../check-digits/mod11.js";
import { error, type Issue, warning } from "../issue.js";
import type { NamespaceRule } from "../rule.js";

/**
 * What one pass over an NSS found: where and why reading failed, or how many digits (X included)
 * and hyphens it has, the check character its digits call for (ISBN-10 or -13 by the count) and
 * whether it conforms. The rule's last reading (see NamespaceRule).
 */
class Reading {
  /** The URN read last; the fields below are about it. */
  urn: URN | undefined = undefined;
  problem: "isbn-syntax" | "isbn-hyphenation" | undefined = undefined;
  /** Where the problem is, in the URN. */
  at = 0;
  message = "";
  digits = 0;
  hyphens = 0;
  /** An ISBN-13's first three digits as a number (978 or 979); 0 for other lengths. */
  lead = 0;
  /** The check character the digits call for; "" when there are neither 10 nor 13. */
  want = "";
  /** A conforming ISBN (check character right, hyphens and prefix allowed), its "x" aside. */
  conforms = false;
  /** The check digit of its ISBN-13 (of the ISBN-13 it converts to, for an ISBN-10). */
  check13 = 0;
  /** Whether the last character is a lowercase "x". */
  lowerX = false;
}

const lastRead = new Reading();

/**
 * The values of the first 13 digits of the ISBN being read, for the canonical ISBN-13 of the key:
 * made of them in one String.fromCharCode, cheaper than joining slices or turning numbers into
 * strings.
 */
const digitValues = new Uint8Array(13);

/**
 * One pass over the URN's NSS into `lastRead`: digits, "-" only between digits, "X"/"x" only as
 * the last character. The check sums are kept on the way, over the first 13 digits (no ISBN has
 * more): the sum of the digits, of those at odd positions, and of the running sums, which after
 * k digits weighs digit i by k - i (the ISBN-10 weights, once k is known). The check digit's own
 * share is taken out at the end, when the count tells which digit that is. (Integers only: a
 * product such as (10 - n) · v can be -0, which keeps V8 in doubles.)
 */
function readIsbn(urn: URN): Reading {
  const r = lastRead;
  r.urn = urn;
  const s = urn.assignedName;
  const from = urn.nssStart;
  const end = s.length - 1;
  const d = digitValues;
  let hyphens = 0;
  let n = 0;
  let sum = 0;
  let odd = 0;
  let runs = 0;
  // A hyphen "before" the first character: a leading hyphen is then one after another.
  let previous = 0x2d;
  for (let i = from; i <= end; i++) {
    const c = s.charCodeAt(i);
    const v = c - 0x30;
    if (v >= 0 && v <= 9) {
      if (n < 13) {
        d[n] = v;
        sum += v;
        odd += v * (n & 1);
        runs += sum;
      }
      n++;
    } else if (c === 0x2d) {
      if (previous === 0x2d || i === end) {
        return failed(r, "isbn-hyphenation", i, "hyphens only separate digit groups");
      }
      hyphens++;
    } else if (!((c === 0x58 || c === 0x78) && i === end)) {
      const message =
        c === 0x58 || c === 0x78
          ? "X may only be the check character of an ISBN-10"
          : "an ISBN holds only digits, hyphens and a final X";
      return failed(r, "isbn-syntax", i, message);
    }
    previous = c;
  }
  // X counts as a digit; only the last character can be one.
  const digits = n + (previous === 0x58 || previous === 0x78 ? 1 : 0);
  r.problem = undefined;
  r.digits = digits;
  r.hyphens = hyphens;
  r.lowerX = previous === 0x78;
  r.lead = 0;
  r.check13 = 0;
  const even = sum - odd;
  if (digits === 10) {
    // ISO 2108 weights: 10..2 over the first 9 digits. A final digit (not X) is the tenth: runs
    // weighs it 1 and the others 10..2; after nine digits (and X) they weigh 9..1, one less.
    const weighted = n === 10 ? runs - (d[9] as number) : runs + sum;
    // The ISBN-13 ("978" then the first 9 digits, weights 1,3,1,…): 9·1 + 7·3 + 8·1 = 38 and
    // then 3,1,3,…; the tenth digit, at an odd position, is out.
    if (n === 10) odd -= d[9] as number;
    const want = CHECK_CHARS.charAt((11 - (weighted % 11)) % 11);
    r.want = want;
    r.conforms =
      hyphens <= 3 && (previous === want.charCodeAt(0) || (want === "X" && previous === 0x78));
    r.check13 = (10 - ((38 + 3 * even + odd) % 10)) % 10;
    return r;
  }
  if (digits === 13) {
    // ISO 2108 weights 1,3,1,… over the first 12 digits (the 13th, at an even position, is out).
    const want = (10 - ((even - (n === 13 ? (d[12] as number) : 0) + 3 * odd) % 10)) % 10;
    const lead = (d[0] as number) * 100 + (d[1] as number) * 10 + (d[2] as number);
    r.want = CHECK_CHARS.charAt(want);
    r.lead = lead;
    // Only the last character may be X, and an ISBN-13 has none: it never equals `want`.
    r.conforms = hyphens <= 4 && (lead === 978 || lead === 979) && previous === 0x30 + want;
    r.check13 = want;
    return r;
  }
  r.want = "";
  r.conforms = false;
  return r;
}

function failed(r: Reading, problem: Reading["problem"], at: number, message: string): Reading {
  r.problem = problem;
  r.at = at;
  r.message = message;
  r.digits = 0;
  r.hyphens = 0;
  r.lead = 0;
  r.want = "";
  r.conforms = false;
  r.check13 = 0;
  r.lowerX = false;
  return r;
}

function reading(urn: URN): Reading {
  return lastRead.urn === urn ? lastRead : readIsbn(urn);
}

/**
 * The ISBN-13 of the conforming ISBN just read, as text: "978" and the first nine digits for an
 * ISBN-10, the thirteen digits for an ISBN-13, then the check digit.
 */
function isbn13Text(r: Reading): string {
  const d = digitValues;
  const isbn10 = r.digits === 10;
  const from = isbn10 ? 0 : 3;
  return String.fromCharCode(
    isbn10 ? 0x39 : 0x30 + (d[0] as number),
    isbn10 ? 0x37 : 0x30 + (d[1] as number),
    isbn10 ? 0x38 : 0x30 + (d[2] as number),
    0x30 + (d[from] as number),
    0x30 + (d[from + 1] as number),
    0x30 + (d[from + 2] as number),
    0x30 + (d[from + 3] as number),
    0x30 + (d[from + 4] as number),
    0x30 + (d[from + 5] as number),
    0x30 + (d[from + 6] as number),
    0x30 + (d[from + 7] as number),
    0x30 + (d[from + 8] as number),
    0x30 + r.check13,
  );
}

// The check digit messages, made once: a wrong check digit is common input.
const shouldBe = (isbn: string) =>
  Object.fromEntries(Array.from(CHECK_CHARS, (c) => [c, `${isbn} check digit should be ${c}`]));
const SHOULD_BE_10 = shouldBe("ISBN-10");
const SHOULD_BE_13 = shouldBe("ISBN-13");

export const isbnRule: NamespaceRule = {
  nid: "isbn",
  validate(urn, name, at) {
    const reading = readIsbn(urn);
    // A conforming ISBN (the usual case): nothing to report unless its check character is "x".
    if (reading.conforms && !reading.lowerX) return [];
    if (reading.problem !== undefined) return [error(reading.problem, reading.message, reading.at)];
    const { digits, hyphens, want } = reading;
    if (digits !== 10 && digits !== 13) {
      return [error("isbn-length", `an ISBN has 10 or 13 digits, not ${digits}`, at)];
    }
    const checkAt = name.length - 1;
    const check = name.charCodeAt(checkAt);
    const x = check === 0x58 || check === 0x78;
    if (digits === 13 && x) {
      return [error("isbn-syntax", "X may only be the check character of an ISBN-10", checkAt)];
    }
    const issues: Issue[] = [];
    if (hyphens > (digits === 10 ? 3 : 4)) {
      issues.push(error("isbn-hyphenation", `too many hyphens for an ISBN-${digits}`, at));
    }
    if (digits === 10) {
      if (check === 0x78) {
        issues.push(
          warning(
            "isbn-lowercase-x",
            'the check character is an uppercase "X" (IANA template 2017; RFC 3187 folded "x")',
            checkAt,
          ),
        );
      }
      if ((x ? 0x58 : check) !== want.charCodeAt(0)) {
        issues.push(error("isbn-check-digit", SHOULD_BE_10[want] as string, checkAt));
      }
      return issues;
    }
    if (reading.lead !== 978 && reading.lead !== 979) {
      issues.push(error("isbn-prefix", "an ISBN-13 starts with 978 or 979", at));
    }
    if (check !== want.charCodeAt(0)) {
      issues.push(error("isbn-check-digit", SHOULD_BE_13[want] as string, checkAt));
    }
    return issues;
  },
  equivalenceKey(urn) {
    // The NID of a URN this rule is for is "isbn" in some case: the generic key starts "urn:isbn:".
    // A conforming ISBN-13 without hyphens is its own key.
    const r = reading(urn);
    return r.conforms && (r.digits === 10 || r.hyphens > 0)
      ? `urn:isbn:${isbn13Text(r)}`
      : urn.equivalenceKey;
  },
};
