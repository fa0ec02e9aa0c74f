// Properties of @urnkit/core over generated input: RFC 8141 §2 round trips, §3 equivalence laws,
// URN.from and the percent-encoders, and robustness on arbitrary strings.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { URN, UrnSyntaxError } from "../src/index.js";
import { PART_CODECS, readBackInUrn } from "./part-codecs.js";
import {
  anyUtf16,
  compose,
  type GeneratedParts,
  parts2141,
  parts8141,
  scheme,
  urn2141,
  urn8141,
} from "./urn-arbitraries.js";

const RUNS = { numRuns: 2000 };

const grammars = [
  { syntax: "rfc8141", parts: parts8141, urn: urn8141 },
  { syntax: "rfc2141", parts: parts2141, urn: urn2141 },
] as const;

/** RFC 8141 §3.1, written out independently of the library. */
function expectedKey(s: string): string {
  const m = /^urn:([^:]*):([^?#]*)/i.exec(s);
  assert.ok(m, s);
  const [, nid = "", nss = ""] = m;
  return `urn:${nid.toLowerCase()}:${nss.replace(/%[0-9a-f]{2}/gi, (t) => t.toUpperCase())}`;
}

function readBack(urn: URN): GeneratedParts {
  const { nid, nss, rComponent, qComponent, fComponent } = urn;
  return { nid, nss, rComponent, qComponent, fComponent };
}

for (const { syntax, parts, urn } of grammars) {
  const options = { syntax };

  describe(`${syntax}: generated URNs`, () => {
    it("parse to the parts they were built from, and href is the input", () => {
      fc.assert(
        fc.property(scheme, parts, (sch, p) => {
          const s = compose(sch, p);
          const u = new URN(s, options);
          assert.equal(u.href, s);
          assert.deepEqual(readBack(u), { ...p });
          assert.equal(u.assignedName, `${sch}:${p.nid}:${p.nss}`);
          // The NSS read in place is the NSS.
          assert.equal(s.slice(u.nssStart, u.assignedName.length), p.nss);
          assert.equal(u.equivalenceKey.slice(0, u.nssStart), `urn:${p.nid.toLowerCase()}:`);
          assert.equal(URN.validate(s, options), null);
        }),
        RUNS,
      );
    });

    it("normalize() is idempotent and equivalent to the original", () => {
      fc.assert(
        fc.property(urn, (s) => {
          const u = new URN(s, options);
          const n = u.normalize();
          assert.equal(n.normalize(), n);
          assert.equal(n.equals(u), true);
          assert.equal(u.equals(n), true);
          assert.equal(n.equivalenceKey, u.equivalenceKey);
          assert.equal(n.syntax, syntax);
          // Canonical means: already its own key, components aside, and no lowercase hex anywhere.
          assert.ok(n.href.startsWith(n.equivalenceKey));
          assert.doesNotMatch(n.href, /%[0-9A-F]?[a-f]/);
          if (n.href === s) assert.equal(n, u);
        }),
        RUNS,
      );
    });

    it("equivalenceKey is §3.1's case normalization of the assigned name", () => {
      fc.assert(
        fc.property(urn, (s) => {
          assert.equal(new URN(s, options).equivalenceKey, expectedKey(s));
        }),
        RUNS,
      );
    });

    it("URN.from(parts) composes them and reads them back", () => {
      fc.assert(
        fc.property(parts, (p) => {
          const u = URN.from(p, options);
          assert.equal(u.href, compose("urn", p));
          assert.deepEqual(readBack(u), { ...p });
        }),
        RUNS,
      );
    });

    it("any string either parses or is refused with a UrnSyntaxError", () => {
      const input = fc.oneof(
        anyUtf16,
        anyUtf16.map((s) => `urn:${s}`),
        fc.tuple(urn, anyUtf16, fc.nat()).map(([u, s, at]) => {
          const i = at % (u.length + 1);
          return u.slice(0, i) + s + u.slice(i);
        }),
      );
      fc.assert(
        fc.property(input, (s) => {
          let parsed: URN | null = null;
          try {
            parsed = new URN(s, options);
          } catch (error) {
            assert.ok(error instanceof UrnSyntaxError, String(error));
            assert.equal(error.input, s);
            assert.ok(error.index >= 0 && error.index <= s.length);
            const value = URN.validate(s, options);
            assert.ok(value instanceof UrnSyntaxError);
            assert.deepEqual(
              [value.code, value.index, value.component],
              [error.code, error.index, error.component],
            );
          }
          assert.equal(URN.canParse(s, options), parsed !== null);
          assert.equal(URN.parse(s, options)?.href ?? null, parsed?.href ?? null);
          if (parsed !== null) assert.equal(URN.validate(s, options), null);
        }),
        RUNS,
      );
    });

    it("URN.from with arbitrary parts builds a URN or throws a UrnSyntaxError", () => {
      const part = fc.oneof(anyUtf16, fc.constantFrom("", "ab", "a?+b", "?=", "#"));
      fc.assert(
        fc.property(
          fc.record({
            nid: part,
            nss: part,
            rComponent: fc.option(part, { nil: null }),
            qComponent: fc.option(part, { nil: null }),
            fComponent: fc.option(part, { nil: null }),
          }),
          (p) => {
            try {
              assert.deepEqual(readBack(URN.from(p, options)), { ...p });
            } catch (error) {
              assert.ok(error instanceof UrnSyntaxError, String(error));
              // The error is about one of the parts, with an index into it.
              const { component, input, index } = error;
              const part = {
                nid: p.nid,
                nss: p.nss,
                r: p.rComponent,
                q: p.qComponent,
                f: p.fComponent,
              };
              assert.equal(input, part[component as keyof typeof part]);
              assert.ok(index >= 0 && index <= input.length);
            }
          },
        ),
        RUNS,
      );
    });
  });
}

describe("URN-equivalence laws", () => {
  // A small space of spellings, so that equivalent pairs and triples are frequent.
  const spelling = fc
    .tuple(
      scheme,
      fc.constantFrom("ab", "AB", "aB", "ac"),
      fc.constantFrom("x", "X", "%2c", "%2C", "x/", "%2cx", "%2Cx"),
      fc.constantFrom("", "?+r", "?=q", "#f", "?+R?=Q#F"),
    )
    .map(([sch, n, s, rest]) => new URN(`${sch}:${n}:${s}${rest}`));

  it("equals is reflexive, symmetric and transitive, and is key equality", () => {
    fc.assert(
      fc.property(spelling, spelling, spelling, (a, b, c) => {
        assert.equal(a.equals(a), true);
        assert.equal(a.equals(b), b.equals(a));
        assert.equal(a.equals(b), a.equivalenceKey === b.equivalenceKey);
        assert.equal(a.equals(b), expectedKey(a.href) === expectedKey(b.href));
        if (a.equals(b) && b.equals(c)) assert.equal(a.equals(c), true);
      }),
      RUNS,
    );
  });
});

describe("percent-encoding round trips", () => {
  /** Text that every part can hold: non-empty for NSS, r and q; no U+0000 in RFC 2141. */
  const textFor = (part: string) =>
    fc
      .oneof(
        fc.string({ unit: "binary" }),
        fc.string({ unit: fc.constantFrom("?", "=", "+", "#", "/", "%", "a", "é", "\u0000") }),
      )
      .filter((t) => (part === "f" || t.length > 0) && (part !== "nss2141" || !t.includes("\0")));

  for (const [part, codec] of Object.entries(PART_CODECS)) {
    const { encode, decode } = codec;
    it(`${part}: decode(encode(text)) === text, and the encoding is a canonical valid part`, () => {
      fc.assert(
        fc.property(textFor(part), (text) => {
          const encoded = encode(text);
          assert.equal(decode(encoded), text);
          assert.doesNotMatch(encoded, /%(?![0-9A-F]{2})/);
          assert.equal(readBackInUrn(codec, encoded), encoded);
        }),
        RUNS,
      );
    });

    it(`${part}: arbitrary strings encode or throw UrnSyntaxError; decoding likewise`, () => {
      fc.assert(
        fc.property(anyUtf16, (s) => {
          for (const f of [encode, decode]) {
            try {
              f(s);
            } catch (error) {
              assert.ok(error instanceof UrnSyntaxError, String(error));
            }
          }
        }),
        RUNS,
      );
    });
  }
});
