// parseDirectives and resolutionKey: draft-ietf-urnbis-rfc2141bis-urn-03 §2.3 and §5 step 5b.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parseDirectives, resolutionKey, URN } from "../src/index.js";
import { type DirectivesTable, loadVectors } from "./vectors.js";

const cases = loadVectors<DirectivesTable>("directives-cases.json");

describe("parseDirectives", () => {
  for (const c of cases.parse) {
    it(c.name, () => {
      assert.deepEqual(parseDirectives(c.component), c.expected);
    });
  }
});

describe("parseDirectives and pct-encoded", () => {
  it('refuses a "%" without two hex digits after it (pct-encoded = "%" HEXDIG HEXDIG)', () => {
    for (const component of ["k=%", "k=%4", "c=%A", "s=I2L&c=%"]) {
      assert.equal(parseDirectives(component), null, component);
    }
    assert.deepEqual(parseDirectives("c=%41")?.all, [{ keyword: "c", value: "%41" }]);
  });
});

describe("resolutionKey", () => {
  for (const c of cases.key) {
    it(c.name, () => {
      assert.equal(resolutionKey(new URN(c.urn)), c.key);
      assert.equal(resolutionKey(c.urn), c.key);
    });
  }

  it("step 5b keeps apart what step 5a (URN-equivalence) merges: draft -03 §5.1 URNs 2 and 7", () => {
    // URN 7 there is "urn:foo:a123,456?x=y"; RFC 8141 spells its query "?=".
    const two = new URN("urn:foo:a123,456");
    const seven = new URN("urn:foo:a123,456?=x=y");
    assert.ok(two.equals(seven));
    assert.notEqual(resolutionKey(two), resolutionKey(seven));
  });

  it("sorts a q-component's directives too: one key for both orders", () => {
    assert.equal(
      resolutionKey("urn:isbn:0451450523?=s=I2L&c=ToC"),
      resolutionKey("urn:isbn:0451450523?=c=ToC&s=I2L"),
    );
    assert.equal(
      resolutionKey("urn:isbn:0451450523?=c=ToC&s=I2L"),
      "urn:isbn:0451450523?=c=ToC&s=I2L",
    );
  });

  it("is the same for every order of directives with distinct keywords, in r and in q (property)", () => {
    const keyword = fc.stringMatching(/^[A-Za-z](?:-?[A-Za-z0-9]){0,4}$/);
    const value = fc.stringMatching(/^(?:[A-Za-z0-9._~!$'()*+,;=:@/?-]|%[0-9A-Fa-f]{2}){0,6}$/);
    const directives = fc
      .uniqueArray(fc.tuple(keyword, value), { minLength: 1, maxLength: 5, selector: ([k]) => k })
      .chain((ds) => fc.tuple(fc.constant(ds), fc.shuffledSubarray(ds, { minLength: ds.length })));
    const join = (ds: [string, string][]) => ds.map(([k, v]) => `${k}=${v}`).join("&");
    fc.assert(
      fc.property(directives, directives, ([r, rShuffled], [q, qShuffled]) => {
        // A "?=" inside an r-component would end it: keep values of r without "?=".
        fc.pre(!join(r).includes("?="));
        const a = `urn:example:a?+${join(r)}?=${join(q)}`;
        const b = `urn:example:a?+${join(rShuffled)}?=${join(qShuffled)}`;
        assert.equal(resolutionKey(a), resolutionKey(b));
      }),
    );
  });

  it("directive order does not matter, everything else does", () => {
    const key = resolutionKey("urn:example:a?+s=I2L&c=ToC");
    assert.equal(resolutionKey("URN:Example:a?+c=ToC&s=I2L#x"), key);
    assert.notEqual(resolutionKey("urn:example:a?+s=I2L&c=toc"), key);
    assert.notEqual(resolutionKey("urn:example:a?=s=I2L&c=ToC"), key);
  });
});
