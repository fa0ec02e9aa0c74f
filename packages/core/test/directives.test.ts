// parseDirectives and resolutionKey: draft-ietf-urnbis-rfc2141bis-urn-03 §2.3 and §5 step 5b.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
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

  it("directive order does not matter, everything else does", () => {
    const key = resolutionKey("urn:example:a?+s=I2L&c=ToC");
    assert.equal(resolutionKey("URN:Example:a?+c=ToC&s=I2L#x"), key);
    assert.notEqual(resolutionKey("urn:example:a?+s=I2L&c=toc"), key);
    assert.notEqual(resolutionKey("urn:example:a?=s=I2L&c=ToC"), key);
  });
});
