// urn:isbn, IANA template v2 (2017, ISO 2108:2017), which replaced RFC 3187 (RFC 8254): an
// ISBN-13 or ISBN-10 with optional hyphens. Equivalence: ISBN-10 converted to ISBN-13, hyphens
// removed, compared character by character.

import type { URN } from "@urnkit/core";
import { isbn10CheckDigit, isbn10To13, isbn13CheckDigit } from "../check-digits/isbn.js";
import { error, type Issue, warning } from "../issue.js";
import { foldKey, LastReading, type NamespaceRule, nssOffset } from "../rule.js";

/**
 * An NSS read as an ISBN: how many digits (X included) and hyphens it has and its canonical
 * ISBN-13 when it conforms, or where and why reading it failed.
 */
type Reading =
  | { digits: number; hyphens: number; problem?: undefined; isbn13: string | undefined }
  | { problem: "isbn-syntax" | "isbn-hyphenation"; at: number; message: string };

/** One pass over the NSS: digits, "-" only between digits, "X"/"x" only as the last character. */
function readIsbn(nss: string): Reading {
  let hyphens = 0;
  for (let i = 0; i < nss.length; i++) {
    const c = nss.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) continue;
    if (c === 0x2d) {
      if (i === 0 || i === nss.length - 1 || nss.charCodeAt(i - 1) === 0x2d) {
        return {
          problem: "isbn-hyphenation",
          at: i,
          message: "hyphens only separate digit groups",
        };
      }
      hyphens++;
    } else if (!((c === 0x58 || c === 0x78) && i === nss.length - 1)) {
      const message =
        c === 0x58 || c === 0x78
          ? "X may only be the check character of an ISBN-10"
          : "an ISBN holds only digits, hyphens and a final X";
      return { problem: "isbn-syntax", at: i, message };
    }
  }
  const digits = nss.length - hyphens;
  return { digits, hyphens, isbn13: canonicalIsbn13(nss, digits, hyphens) };
}

// The reading of urn.nss serves the key too: the key's NSS differs only in the case of %hh
// hex, and any "%" makes both readings fail.
const memo = new LastReading<Reading>();
const read = (urn: URN) => readIsbn(urn.nss);

export const isbnRule: NamespaceRule = {
  nid: "isbn",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    const reading = memo.get(urn, read);
    if (reading.problem !== undefined)
      return [error(reading.problem, reading.message, at + reading.at)];
    // A conforming ISBN (the usual case): nothing to report unless its check character is "x".
    if (reading.isbn13 !== undefined && !nss.endsWith("x")) return [];
    const { digits, hyphens } = reading;
    if (digits !== 10 && digits !== 13) {
      return [error("isbn-length", `an ISBN has 10 or 13 digits, not ${digits}`, at)];
    }
    const last = nss[nss.length - 1] ?? "";
    const checkAt = at + nss.length - 1;
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
      const want = isbn10CheckDigit(nss);
      if (last.toUpperCase() !== want) {
        issues.push(error("isbn-check-digit", `ISBN-10 check digit should be ${want}`, checkAt));
      }
      return issues;
    }
    if (!/^97[89]/.test(nss.replaceAll("-", ""))) {
      issues.push(error("isbn-prefix", "an ISBN-13 starts with 978 or 979", at));
    }
    const want = isbn13CheckDigit(nss);
    if (last !== want) {
      issues.push(error("isbn-check-digit", `ISBN-13 check digit should be ${want}`, checkAt));
    }
    return issues;
  },
  equivalenceKey(urn) {
    const reading = memo.get(urn, read);
    const isbn = reading.problem === undefined ? reading.isbn13 : undefined;
    return isbn === undefined ? urn.equivalenceKey : foldKey(urn, () => isbn);
  },
};

/** The 13 digits of a conforming ISBN with a correct check digit; undefined otherwise. */
function canonicalIsbn13(nss: string, digits: number, hyphens: number): string | undefined {
  if (digits === 10 && hyphens <= 3) {
    const check = isbn10CheckDigit(nss);
    const last = nss[nss.length - 1];
    return last === check || (check === "X" && last === "x") ? isbn10To13(nss) : undefined;
  }
  if (digits === 13 && hyphens <= 4) {
    const isbn = hyphens === 0 ? nss : nss.replaceAll("-", "");
    // readIsbn let only the last character be X; an ISBN-13 has none.
    const prefix = isbn.startsWith("978") || isbn.startsWith("979");
    return prefix && isbn[12] === isbn13CheckDigit(isbn) ? isbn : undefined;
  }
  return undefined;
}
