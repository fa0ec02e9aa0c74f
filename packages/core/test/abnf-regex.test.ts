// RFC 8141 §2 and RFC 2141 §2 as regular expressions written by hand from the ABNF and its prose,
// independent of the library's scanner; both must agree with URN.canParse on 100k near-URN
// strings per grammar (valid URNs with a few random edits), and error indexes must match the
// longest prefix the regex can still complete.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { URN, type UrnSyntax } from "../src/index.js";
import { urn2141, urn8141 } from "./urn-arbitraries.js";
import { type InvalidCase, loadVectors, type SyntaxTable, type ValidCase } from "./vectors.js";

const PCT_ENCODED = "%[0-9A-Fa-f]{2}";
/** RFC 3986 pchar = unreserved / pct-encoded / sub-delims / ":" / "@" */
const PCHAR = `(?:[A-Za-z0-9\\-._~!$&'()*+,;=:@]|${PCT_ENCODED})`;

/**
 * RFC 8141 §2: namestring = "urn" ":" NID ":" NSS [ "?+" r ] [ "?=" q ] [ "#" f ], where
 * NID = alphanum 0*30ldh alphanum, NSS = pchar *(pchar / "/"), r and q = pchar *(pchar / "/" / "?"),
 * f = *(pchar / "/" / "?"). Prose (§2.3.1): the r-component ends at the first "?=", so a "?"
 * inside it is never followed by "=". The NSS cannot hold "?" at all, which makes a bare "?"
 * outside r/q/f an error; r and q are non-empty by their ABNF.
 */
const RFC8141 = new RegExp(
  "^[Uu][Rr][Nn]:" +
    "[A-Za-z0-9][A-Za-z0-9-]{0,30}[A-Za-z0-9]:" +
    `${PCHAR}(?:${PCHAR}|/)*` +
    `(?:\\?\\+${PCHAR}(?:${PCHAR}|/|\\?(?!=))*)?` +
    `(?:\\?=${PCHAR}(?:${PCHAR}|/|\\?)*)?` +
    `(?:#(?:${PCHAR}|/|\\?)*)?$`,
);

/**
 * RFC 2141 §2: <URN> ::= "urn:" <NID> ":" <NSS>, "urn:" in any case; <NID> ::= <let-num>
 * [ 1,31<let-num-hyp> ], not "urn" (§2.1); <NSS> ::= 1*<URN chars> of letters, digits, <other>
 * and "%" <hex> <hex>, with the reserved "/" "?" "#" left out (§2.3.2) and %00 forbidden (§2.4).
 */
const RFC2141 = new RegExp(
  "^[Uu][Rr][Nn]:" +
    "(?![Uu][Rr][Nn]:)[A-Za-z0-9][A-Za-z0-9-]{0,31}:" +
    "(?:[A-Za-z0-9()+,\\-.:=@;$_!*']|%(?!00)[0-9A-Fa-f]{2})+$",
);

/** Characters the edits insert: delimiters, "%" and hex, non-ASCII (a lone surrogate too), ... */
const POOL = [
  ...":/?#[]@!$&'()*+,;=-._~%",
  ..."0aAfFgzZ9uUrRnN",
  " ",
  "\u0000",
  "\u007f",
  "\u00e9",
  "\u0430",
  "\ud83d",
  "\ud83d\ude00",
  "%00",
  "%2f",
  "?+",
  "?=",
  "urn:",
];

/** Mulberry32: a small deterministic PRNG, so every run tests the same strings. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` strings: each a seed URN with one to three random inserts, deletes or replaces. */
function nearUrns(seeds: string[], count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    let s = pick(seeds);
    const edits = 1 + Math.floor(next() * 3);
    for (let e = 0; e < edits; e++) {
      const at = Math.floor(next() * (s.length + 1));
      const op = next();
      if (op < 0.4) s = s.slice(0, at) + pick(POOL) + s.slice(at);
      else if (op < 0.7) s = s.slice(0, at) + s.slice(at + 1);
      else s = s.slice(0, at) + pick(POOL) + s.slice(at + 1);
    }
    out.push(s);
  }
  return out;
}

const vectorInputs = [
  "rfc8141-valid.json",
  "rfc8141-invalid.json",
  "rfc2141-valid.json",
  "rfc2141-invalid.json",
].flatMap((file) =>
  loadVectors<SyntaxTable<ValidCase | InvalidCase>>(file).cases.map((c) => c.input),
);

const grammars: { syntax: UrnSyntax; regex: RegExp; generated: fc.Arbitrary<string> }[] = [
  { syntax: "rfc8141", regex: RFC8141, generated: urn8141 },
  { syntax: "rfc2141", regex: RFC2141, generated: urn2141 },
];

describe("hand-written ABNF regexes", () => {
  for (const { syntax, regex } of grammars) {
    it(`${syntax}: agree with every conformance vector`, () => {
      for (const s of vectorInputs) {
        assert.equal(URN.canParse(s, { syntax }), regex.test(s), JSON.stringify(s));
      }
    });
  }
});

/** Endings that complete any viable prefix: finish a scheme, a NID, a "%" triplet, a "?+" ... */
const COMPLETIONS = [
  "",
  "x",
  "1",
  "01",
  "+x",
  ":x",
  "a:x",
  "b:x",
  "ab:x",
  ":ab:x",
  "n:ab:x",
  "rn:ab:x",
  "urn:ab:x",
];

/** The length of the longest prefix of `s` that some valid URN starts with. */
function viablePrefixLength(s: string, regex: RegExp): number {
  let k = 0;
  while (k < s.length && COMPLETIONS.some((end) => regex.test(s.slice(0, k + 1) + end))) k++;
  return k;
}

describe("100k near-URN strings per grammar", () => {
  for (const [g, { syntax, regex, generated }] of grammars.entries()) {
    const seeds = [
      ...vectorInputs,
      ...fc.sample(generated, { seed: 8141 + g, numRuns: 3000 }),
      ...fc.sample(grammars[1 - g]?.generated ?? generated, { seed: 2141 + g, numRuns: 1000 }),
    ];
    const inputs = nearUrns(seeds, 100_000, 20170401 + g);

    it(`${syntax}: URN.canParse agrees with the regex`, () => {
      const disagreements: string[] = [];
      let valid = 0;
      for (const s of inputs) {
        const expected = regex.test(s);
        if (expected) valid++;
        if (URN.canParse(s, { syntax }) !== expected && disagreements.length < 10) {
          disagreements.push(`${JSON.stringify(s)}: regex says ${expected ? "valid" : "invalid"}`);
        }
      }
      assert.deepEqual(disagreements, []);
      // The corpus must exercise both answers.
      assert.ok(valid > 5_000 && valid < 95_000, `${valid} valid of 100k`);
    });

    it(`${syntax}: errors point where vectors/README.md says, for the first 30k`, () => {
      const wrong: string[] = [];
      for (const s of inputs.slice(0, 30_000)) {
        const error = URN.validate(s, { syntax });
        if (error === null) continue;
        const { code, index } = error;
        const first = viablePrefixLength(s, regex);
        // Rules about a construct point at it; every other error at the first character that
        // no URN could have there.
        const ok =
          code === "nid-too-short" || code === "reserved-nid"
            ? index === 4
            : code === "nid-too-long"
              ? index === 36
              : code === "nid-trailing-hyphen"
                ? s[index] === "-" && first === index + 1
                : code === "bare-question-mark"
                  ? s[index] === "?" && (first === index || first === index + 1)
                  : code === "bad-percent-encoding" || code === "percent-encoded-nul"
                    ? s[index] === "%" && first > index && first <= index + 3
                    : index === first;
        if (!ok && wrong.length < 10) wrong.push(`${JSON.stringify(s)}: ${code} at ${index}`);
      }
      assert.deepEqual(wrong, []);
    });
  }
});
