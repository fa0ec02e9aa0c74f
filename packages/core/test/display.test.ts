// toDisplayString and displayWarnings: RFC 8141 §4.4 display, §3.2 look-alikes.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { displayWarnings, encodeNss, toDisplayString, URN } from "../src/index.js";
import { type DisplayTable, loadVectors } from "./vectors.js";

const { cases } = loadVectors<DisplayTable>("display-cases.json");

/** Percent-encodes every character outside ASCII as UTF-8 with uppercase hex. */
function encodeNonAscii(s: string): string {
  return s.replace(/[^\0-\x7f]/gu, (ch) => encodeURIComponent(ch));
}

describe("toDisplayString and displayWarnings", () => {
  for (const c of cases) {
    it(c.name, () => {
      const urn = new URN(c.urn);
      const display = toDisplayString(urn);
      assert.equal(display, c.display);
      const warnings = displayWarnings(urn);
      assert.deepEqual(
        warnings.map((w) => [w.code, w.display.start, w.display.end, w.href.start, w.href.end]),
        c.warnings,
      );
      for (const w of warnings) {
        assert.ok(w.message.length > 0);
        // The two ranges hold the same characters, one decoded and one as written.
        assert.equal(
          encodeNonAscii(display.slice(w.display.start, w.display.end)),
          c.urn.slice(w.href.start, w.href.end).replace(/%[0-9a-f]{2}/gi, (t) => t.toUpperCase()),
        );
      }
    });
  }

  it("takes a string too, and throws UrnSyntaxError for one that is not a URN", () => {
    assert.equal(toDisplayString("urn:example:caf%C3%A9"), "urn:example:café");
    assert.throws(() => toDisplayString("urn:example:%"), { name: "UrnSyntaxError" });
  });
});

describe("display properties", () => {
  it("re-encoding the display form gives back the URN (any text encoded with encodeNss)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1 }), (text) => {
        const href = `urn:example:${encodeNss(text)}`;
        assert.equal(encodeNonAscii(toDisplayString(href)), href);
      }),
    );
  });

  it("every character left in the display form is visible ASCII or a decoded visible character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1 }), (text) => {
        const display = toDisplayString(`urn:example:${encodeNss(text)}`);
        assert.doesNotMatch(display, /[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\p{Cs}]/u);
      }),
    );
  });
});
