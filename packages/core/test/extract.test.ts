// extractUrns: URNs in free text (RFC 8141 §2; draft-ietf-urnbis-rfc2141bis-urn-03 §2.5.3).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  encodeNss,
  extractUrnCandidates,
  extractUrns,
  URN,
  type UrnNearMiss,
} from "../src/index.js";
import { type ExtractContexts, type ExtractSpecTexts, loadVectors } from "./vectors.js";

/** 1-based line of a UTF-16 offset. */
function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at >= 0 && at < index; at = text.indexOf("\n", at + 1)) line++;
  return line;
}

describe("extractUrns over the spec texts", () => {
  for (const { fixture, urns } of loadVectors<ExtractSpecTexts>("extract-spec-texts.json").texts) {
    it(`finds every URN in ${fixture}, and nothing else`, () => {
      const text = readFileSync(new URL(`fixtures/${fixture}`, import.meta.url), "utf8");
      const found = [...extractUrns(text)].map((m) => {
        assert.equal(text.slice(m.index, m.end), m.urn.href);
        return { line: lineOf(text, m.index), urn: m.urn.href };
      });
      assert.deepEqual(
        found,
        urns.map(({ line, urn }) => ({ line, urn })),
      );
    });
  }
});

describe("extractUrns in context", () => {
  for (const c of loadVectors<ExtractContexts>("extract-contexts.json").cases) {
    it(c.name, () => {
      const options = c.syntax ? { syntax: c.syntax } : undefined;
      const matches = [...extractUrns(c.text, options)];
      assert.deepEqual(
        matches.map((m) => m.urn.href),
        c.urns,
      );
      for (const m of matches) {
        assert.equal(c.text.slice(m.index, m.end), m.urn.href);
        assert.equal(m.urn.syntax, c.syntax ?? "rfc8141");
      }
      const misses = [...extractUrnCandidates(c.text, options)].filter(
        (m): m is UrnNearMiss => m.urn === null,
      );
      assert.deepEqual(
        misses.map((m) => ({ text: m.text, code: m.error.code })),
        c.nearMisses,
      );
      for (const m of misses) assert.equal(c.text.slice(m.index, m.end), m.text);
    });
  }
});

describe("extractUrnCandidates", () => {
  it("yields matches and near misses in text order", () => {
    const text = "urn:x:y then urn:example:a";
    assert.deepEqual(
      [...extractUrnCandidates(text)].map((m) => [m.index, m.end, m.urn === null]),
      [
        [0, 7, true],
        [13, 26, false],
      ],
    );
  });
});

describe("extractUrns with the RFC 2141 grammar", () => {
  it('ends the NSS at "/", "?" and "#" alike (draft -03 §2.5.3), and judges by RFC 2141', () => {
    const text = "urn:ab:x/y urn:ab:p?q urn:ab:m#n urn:ab:a&b urn:ab:t~u urn:a:(x)";
    // "/", "?" and "#" are excluded characters in draft -03, where "the NSS part ends" in text;
    // "&" and "~" are not, so RFC 2141's refusal of them (§2.4) makes near misses.
    const found = [...extractUrnCandidates(text, { syntax: "rfc2141" })].map((m) =>
      m.urn === null ? `${m.text} ${m.error.code}` : m.urn.href,
    );
    assert.deepEqual(found, [
      "urn:ab:x",
      "urn:ab:p",
      "urn:ab:m",
      "urn:ab:a&b invalid-character",
      "urn:ab:t~u invalid-character",
      "urn:a:(x)",
    ]);
  });

  it("finds urn:example:c in urn:example:c?d, and likewise for / and #", () => {
    const found = (text: string) =>
      [...extractUrns(text, { syntax: "rfc2141" })].map((m) => [m.urn.href, m.index, m.end]);
    assert.deepEqual(found("urn:example:c?d"), [["urn:example:c", 0, 13]]);
    assert.deepEqual(found("urn:example:a/b"), [["urn:example:a", 0, 13]]);
    assert.deepEqual(found("urn:example:e#f"), [["urn:example:e", 0, 13]]);
  });
});

describe("extractUrns after non-ASCII letters", () => {
  it("finds the URNs of the issue's sentences", () => {
    const hrefs = (text: string) => [...extractUrns(text)].map((m) => [m.urn.href, m.index]);
    assert.deepEqual(hrefs("参见urn:ietf:rfc:8141。"), [["urn:ietf:rfc:8141", 2]]);
    assert.deepEqual(hrefs("URN是urn:isbn:9784883804788的例子"), [["urn:isbn:9784883804788", 4]]);
    assert.deepEqual(hrefs("見るurn:example:a"), [["urn:example:a", 2]]);
  });

  it("finds a URN after any non-ASCII character, a letter or not (property)", () => {
    const nonAscii = fc
      .integer({ min: 0x80, max: 0x10ffff })
      .filter((cp) => cp < 0xd800 || cp > 0xdfff)
      .map((cp) => String.fromCodePoint(cp));
    fc.assert(
      fc.property(nonAscii, (before) => {
        const found = [...extractUrns(`${before}urn:example:a`)];
        assert.deepEqual(
          found.map((m) => [m.urn.href, m.index]),
          [["urn:example:a", before.length]],
        );
      }),
    );
  });

  it("still refuses a URI scheme that ends in urn (turn:, x-urn:, a.urn:, c+urn:, 1urn:)", () => {
    for (const before of ["t", "T", "x-", "a.", "c+", "1"]) {
      assert.deepEqual([...extractUrns(`${before}urn:example:a`)], [], before);
    }
  });
});

describe("extractUrns with an empty r- or q-component at the end", () => {
  it("keeps the URN and trims the empty ?+ or ?= (the issue's inputs)", () => {
    const found = (text: string) => [...extractUrns(text)].map((m) => [m.urn.href, m.end]);
    assert.deepEqual(found("urn:example:a?+ then"), [["urn:example:a", 13]]);
    assert.deepEqual(found("urn:example:a?= then"), [["urn:example:a", 13]]);
    assert.deepEqual(found("urn:example:a?=."), [["urn:example:a", 13]]);
  });

  it("leaves a ?+ or ?= inside a component alone", () => {
    // RFC 8141 §2: a q-component and an f-component may hold "?", "+" and "=".
    const hrefs = (text: string) => [...extractUrns(text)].map((m) => m.urn.href);
    assert.deepEqual(hrefs("urn:example:a?=q?+ x"), ["urn:example:a?=q?+"]);
    assert.deepEqual(hrefs("urn:example:a#f?= x"), ["urn:example:a#f?="]);
    assert.deepEqual(hrefs("urn:example:a?+r?= x"), ["urn:example:a?+r"]);
  });
});

describe("extractUrns offsets", () => {
  it("counts UTF-16 code units", () => {
    // U+1F600 is two code units, then a space: the URN starts at 3.
    const [m] = [...extractUrns("\u{1F600} urn:example:x.")];
    assert.ok(m);
    assert.deepEqual([m.index, m.end], [3, 16]);
  });

  it("finds a URN at the very start and the very end of the text", () => {
    assert.deepEqual(
      [...extractUrns("urn:example:a")].map((m) => [m.index, m.end]),
      [[0, 13]],
    );
  });

  it("finds nothing in text without URNs", () => {
    assert.deepEqual([...extractUrns("")], []);
    assert.deepEqual([...extractUrns("a:b c: urn urn-1 :urn")], []);
  });
});

describe("extractUrns properties", () => {
  const nid = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,10}[a-z0-9]$/);
  it("extracts exactly a URN set in spaces, whatever its NSS encodes", () => {
    fc.assert(
      fc.property(nid, fc.string({ unit: "grapheme", minLength: 1 }), (n, value) => {
        // The final "x" keeps trailing punctuation of the encoded text from being trimmed.
        const href = `urn:${n}:${encodeNss(value)}x`;
        const found = [...extractUrns(`Before ${href} after.`)];
        assert.equal(found.length, 1);
        assert.equal(found[0]?.urn.href, href);
        assert.equal(found[0]?.index, 7);
      }),
    );
  });

  it("every match is a URN of the grammar asked for and sits at its offsets", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            "urn:",
            "URN:",
            "ex",
            ":",
            "a1",
            "%2C",
            "?+",
            "?=",
            "#",
            ". ",
            ")",
            "(",
            "'",
            " ",
            "/",
            "\n",
            "x-",
            "参见",
            "?+ ",
            "?=.",
          ),
        ),
        (parts) => {
          const text = parts.join("");
          for (const syntax of ["rfc8141", "rfc2141"] as const) {
            for (const m of extractUrns(text, { syntax })) {
              assert.equal(text.slice(m.index, m.end), m.urn.href);
              assert.ok(URN.canParse(m.urn.href, { syntax }));
            }
          }
        },
      ),
    );
  });
});
