// The rules read check characters in one pass over the URN (ISBN sums over a digit buffer, ISAN
// runs taken during the shape check, MOD 97-10 and the ISSN weights over a range of the URN).
// Each is checked here against a plain reference written from the standard's definition.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import fc from "fast-check";
import { checkUrn, mod37_36CheckChar, mod97_10Remainder, namespaceKey } from "../src/index.js";

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** ISO 2108: ISBN-10 weights 10..2 over 9 digits, check (11 - sum mod 11) mod 11, 10 as "X". */
function refIsbn10Check(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(nine[i]);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? "X" : String(c);
}

/** ISO 2108: ISBN-13 weights 1,3,1,… over 12 digits, check (10 - sum mod 10) mod 10. */
function refIsbn13Check(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(twelve[i]);
  return String((10 - (sum % 10)) % 10);
}

/** ISO 7064 MOD 37,36 (hybrid): P starts at 36; S = (P + value) mod 36 (0 → 36); P = 2S mod 37. */
function refMod37_36(chars: string): string {
  let p = 36;
  for (const ch of chars.toUpperCase()) {
    if (ch === "-") continue;
    let s = (p + ALNUM.indexOf(ch)) % 36;
    if (s === 0) s = 36;
    p = (2 * s) % 37;
  }
  return ALNUM.charAt((37 - p) % 36);
}

/** ISO 7064 MOD 97-10: letters as 10..35, the whole string as one decimal number, mod 97. */
function refMod97(chars: string): number {
  let digits = "";
  for (const ch of chars.toUpperCase()) digits += String(ALNUM.indexOf(ch));
  return Number(BigInt(digits) % 97n);
}

/** ISO 3297: weights 8..2 over 7 digits, check (11 - sum mod 11) mod 11, 10 as "X". */
function refIssnCheck(seven: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (8 - i) * Number(seven[i]);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? "X" : String(c);
}

const digits = (n: number) =>
  fc.array(fc.constantFrom(..."0123456789"), { minLength: n, maxLength: n }).map((a) => a.join(""));

/** `s` with hyphens before the positions in `cuts` (interior, distinct: hyphens between digits). */
function hyphenate(s: string, cuts: number[]): string {
  const at = new Set(cuts.filter((c) => c > 0 && c < s.length));
  let out = "";
  for (let i = 0; i < s.length; i++) out += (at.has(i) ? "-" : "") + s[i];
  return out;
}

const codes = (urn: string) => checkUrn(urn).issues.map((i) => i.code);

describe("urn:isbn check digits and ISBN-13 key against the ISO 2108 definition", () => {
  it("ISBN-10: the check digit error exactly when the check is wrong; the key is the ISBN-13", () => {
    fc.assert(
      fc.property(
        digits(9),
        fc.constantFrom(..."0123456789Xx"),
        fc.array(fc.integer({ min: 1, max: 9 }), { maxLength: 3 }),
        (nine, check, cuts) => {
          const urn = `urn:isbn:${hyphenate(nine + check, cuts)}`;
          const right = check.toUpperCase() === refIsbn10Check(nine);
          assert.equal(codes(urn).includes("isbn-check-digit"), !right, urn);
          const twelve = `978${nine}`;
          const expected = right
            ? `urn:isbn:${twelve}${refIsbn13Check(twelve)}`
            : new URN(urn).equivalenceKey;
          assert.equal(namespaceKey(new URN(urn)), expected, urn);
          assert.equal(checkUrn(urn).namespaceKey, expected, urn);
        },
      ),
    );
  });

  it("ISBN-13: the check digit error exactly when the check is wrong; hyphens leave the key", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("978", "979"),
        digits(9),
        fc.constantFrom(..."0123456789"),
        fc.array(fc.integer({ min: 1, max: 12 }), { maxLength: 4 }),
        (lead, nine, check, cuts) => {
          const twelve = lead + nine;
          const urn = `urn:isbn:${hyphenate(twelve + check, cuts)}`;
          const right = check === refIsbn13Check(twelve);
          assert.equal(codes(urn).includes("isbn-check-digit"), !right, urn);
          const expected = right ? `urn:isbn:${twelve}${check}` : new URN(urn).equivalenceKey;
          assert.equal(checkUrn(urn).namespaceKey, expected, urn);
        },
      ),
    );
  });
});

describe("urn:isan check characters against ISO 7064 MOD 37,36", () => {
  const hex = (n: number) =>
    fc
      .array(fc.constantFrom(..."0123456789ABCDEFabcdef"), { minLength: n, maxLength: n })
      .map((a) => a.join(""));
  const groups = (s: string) => s.match(/.{4}/g)?.join("-") ?? "";

  it("both check characters are reported exactly when they differ from the reference", () => {
    fc.assert(
      fc.property(
        hex(16),
        hex(8),
        fc.constantFrom(...ALNUM),
        fc.constantFrom(...ALNUM),
        fc.boolean(),
        (root, version, c1, c2, right) => {
          const first = right ? refMod37_36(root) : c1;
          const second = right ? refMod37_36(root + version) : c2;
          const urn = `urn:isan:${groups(root)}-${first}-${groups(version)}-${second}`;
          const messages = checkUrn(urn)
            .issues.filter((i) => i.code === "isan-check-character")
            .map((i) => i.message);
          const expected: string[] = [];
          if (first.toUpperCase() !== refMod37_36(root)) {
            expected.push(`first check character should be ${refMod37_36(root)}`);
          }
          if (second.toUpperCase() !== refMod37_36(root + version)) {
            expected.push(`second check character should be ${refMod37_36(root + version)}`);
          }
          assert.deepEqual(messages, expected, urn);
        },
      ),
    );
  });

  it("mod37_36CheckChar agrees with the reference, hyphens skipped", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...`${ALNUM}abcxyz-`), { maxLength: 40 }).map((a) => a.join("")),
        (s) => assert.equal(mod37_36CheckChar(s), refMod37_36(s)),
      ),
    );
  });
});

describe("ISO 7064 MOD 97-10 (urn:lei) against a big-integer reference", () => {
  const alnum = fc
    .array(fc.constantFrom(...`${ALNUM}abcxyz`), { minLength: 1, maxLength: 40 })
    .map((a) => a.join(""));

  it("mod97_10Remainder over a whole string and over a range of one", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 5 }), alnum, fc.string({ maxLength: 5 }), (a, s, b) => {
        assert.equal(mod97_10Remainder(s), refMod97(s));
        assert.equal(mod97_10Remainder(a + s + b, a.length, a.length + s.length), refMod97(s));
      }),
    );
  });

  it("00, 01 and 99 are never check digits, though they leave remainder 1 where 97, 98, 02 do", () => {
    // The pair is 98 - (base · 100 mod 97), 02 to 98; a pair 97 apart leaves the same remainder.
    const pairFor = (base: string) => 98 - ((refMod97(base) * 100) % 97);
    const baseWith = (pair: number) =>
      Array.from({ length: 97 * 97 }, (_, i) => `${i}`.padStart(18, "A")).find(
        (b) => pairFor(b) === pair,
      ) as string;
    assert.equal(pairFor("NGTDQKPCU3VFD2TCH1"), 97);
    for (const [pair, twin] of [
      ["97", "00"],
      ["98", "01"],
      ["02", "99"],
    ] as const) {
      const base = baseWith(Number(pair));
      assert.deepEqual(codes(`urn:lei:${base}${pair}`), []);
      assert.deepEqual(codes(`urn:lei:${base}${twin}`), ["lei-check-digits"]);
    }
  });

  it("an LEI with the check digits ISO 17442 computes passes; any other pair fails", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom(...ALNUM), { minLength: 18, maxLength: 18 })
          .map((a) => a.join("")),
        fc.integer({ min: 0, max: 99 }),
        (base, other) => {
          // The check digits make the whole number ≡ 1 (mod 97): 98 - (base·100 mod 97).
          const check = 98 - ((refMod97(base) * 100) % 97);
          const good = `urn:lei:${base}${String(check).padStart(2, "0")}`;
          assert.deepEqual(codes(good), [], good);
          const bad = `urn:lei:${base}${String(other).padStart(2, "0")}`;
          assert.equal(codes(bad).includes("lei-check-digits"), other !== check, bad);
        },
      ),
    );
  });
});

describe("urn:issn check character against the ISO 3297 definition", () => {
  it("reported exactly when it differs; a lowercase x counts as X", () => {
    fc.assert(
      fc.property(
        digits(7),
        fc.constantFrom(..."0123456789Xx"),
        fc.boolean(),
        (seven, check, h) => {
          const urn = `urn:issn:${seven.slice(0, 4)}${h ? "-" : ""}${seven.slice(4)}${check}`;
          const right = check.toUpperCase() === refIssnCheck(seven);
          assert.deepEqual(codes(urn), right ? [] : ["issn-check-digit"], urn);
        },
      ),
    );
  });
});
