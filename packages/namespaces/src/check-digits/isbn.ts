// ISBN check digits (ISO 2108, as the urn:isbn IANA template of 2017 describes them): ISBN-10
// weights 10..2 modulo 11 ("X" for 10), ISBN-13 weights 1,3,1,3,… modulo 10. The functions read
// the digits of an ISBN as printed: hyphens are skipped.

import { CHECK_CHARS, weightedMod11CheckChar } from "./mod11.js";

/** The check character of an ISBN-10 from its first 9 digits: "0"-"9" or "X". */
export function isbn10CheckDigit(isbn: string): string {
  return weightedMod11CheckChar(isbn, 9);
}

/** The check digit of an ISBN-13 (or any EAN-13) from its first 12 digits. */
export function isbn13CheckDigit(isbn: string): string {
  let sum = 0;
  for (let i = 0, n = 0; n < 12 && i < isbn.length; i++) {
    const c = isbn.charCodeAt(i);
    if (c !== 0x2d) sum += (n++ % 2 === 0 ? 1 : 3) * (c - 48);
  }
  return CHECK_CHARS.charAt((10 - (sum % 10)) % 10);
}

/** The ISBN-13 of an ISBN-10: "978", its first 9 digits, a new check digit; no hyphens. */
export function isbn10To13(isbn10: string): string {
  const first12 = `978${unhyphenated(isbn10, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

/** The first `max` characters of `s` that are not hyphens, as one string. */
export function unhyphenated(s: string, max: number): string {
  // A run between hyphens at a time: joining slices is cheaper than any replace.
  let out = "";
  for (let from = 0, need = max; need > 0 && from < s.length; ) {
    const hyphen = s.indexOf("-", from);
    const end = Math.min(hyphen < 0 ? s.length : hyphen, from + need);
    out += s.slice(from, end);
    need -= end - from;
    from = end + 1;
  }
  return out;
}
