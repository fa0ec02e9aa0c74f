// urn:isbn, IANA template v2 (2017, ISO 2108:2017), which replaced RFC 3187 (RFC 8254): an
// ISBN-13 or ISBN-10 with optional hyphens. Equivalence: ISBN-10 converted to ISBN-13, hyphens
// removed, compared character by character.

import { isbn10CheckDigit, isbn10To13, isbn13CheckDigit } from "../check-digits/isbn.js";
import { error, type Issue, warning } from "../issue.js";
import { keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

export const isbnRule: NamespaceRule = {
  nid: "isbn",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    const bad = nss.search(/[^0-9Xx-]/);
    if (bad >= 0) {
      return [error("isbn-syntax", "an ISBN holds only digits, hyphens and a final X", at + bad)];
    }
    const hyphen = nss.search(/^-|--|-$/);
    if (hyphen >= 0) {
      const where = nss.startsWith("-") ? 0 : nss.endsWith("-") ? nss.length - 1 : hyphen + 1;
      return [error("isbn-hyphenation", "hyphens only separate digit groups", at + where)];
    }
    const digits = nss.replaceAll("-", "");
    const hyphens = nss.length - digits.length;
    if (digits.length !== 10 && digits.length !== 13) {
      return [error("isbn-length", `an ISBN has 10 or 13 digits, not ${digits.length}`, at)];
    }
    const x = digits.search(/[Xx]/);
    if (x >= 0 && (digits.length === 13 || x !== 9)) {
      const index = at + nss.search(/[Xx]/);
      return [error("isbn-syntax", "X may only be the check character of an ISBN-10", index)];
    }
    const issues: Issue[] = [];
    if (hyphens > (digits.length === 10 ? 3 : 4)) {
      issues.push(error("isbn-hyphenation", `too many hyphens for an ISBN-${digits.length}`, at));
    }
    const checkAt = at + nss.length - 1;
    if (digits.length === 10) {
      if (x === 9 && digits[9] === "x") {
        issues.push(
          warning(
            "isbn-lowercase-x",
            'the check character is an uppercase "X" (IANA template 2017; RFC 3187 folded "x")',
            checkAt,
          ),
        );
      }
      const want = isbn10CheckDigit(digits);
      if (digits[9]?.toUpperCase() !== want) {
        issues.push(error("isbn-check-digit", `ISBN-10 check digit should be ${want}`, checkAt));
      }
      return issues;
    }
    if (!digits.startsWith("978") && !digits.startsWith("979")) {
      issues.push(error("isbn-prefix", "an ISBN-13 starts with 978 or 979", at));
    }
    const want = isbn13CheckDigit(digits);
    if (digits[12] !== want) {
      issues.push(error("isbn-check-digit", `ISBN-13 check digit should be ${want}`, checkAt));
    }
    return issues;
  },
  equivalenceKey(urn) {
    const isbn = canonicalIsbn13(keyNss(urn));
    return isbn === undefined ? urn.equivalenceKey : keyWith(urn, isbn);
  },
};

/** The 13 digits of a well-formed ISBN with a correct check digit; undefined otherwise. */
function canonicalIsbn13(nss: string): string | undefined {
  if (!/^[0-9](?:-?[0-9]){8}-?[0-9Xx]$|^97[89](?:-?[0-9]){10}$/.test(nss)) return undefined;
  const digits = nss.replaceAll("-", "").toUpperCase();
  if (digits.length === 10) {
    return digits[9] === isbn10CheckDigit(digits) ? isbn10To13(digits) : undefined;
  }
  return digits[12] === isbn13CheckDigit(digits) ? digits : undefined;
}
