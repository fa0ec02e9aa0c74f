// RFC 8141 §3 URN-equivalence: the §3.2 example groups and further pairs in
// vectors/equivalence.json. equals() and equivalenceKey must always agree.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN } from "../src/index.js";
import { caseTitle, type EquivalenceTable, loadVectors } from "./vectors.js";

const { groups, pairs } = loadVectors<EquivalenceTable>("equivalence.json");

/** equals() both ways, with a URN and with a string, and key equality all give `expected`. */
function assertEquivalence(a: URN, b: URN, expected: boolean): void {
  assert.equal(a.equals(b), expected, `${a.href} equals ${b.href}`);
  assert.equal(b.equals(a), expected, `${b.href} equals ${a.href}`);
  assert.equal(a.equals(b.href), expected);
  assert.equal(b.equals(a.href), expected);
  assert.equal(a.equivalenceKey === b.equivalenceKey, expected);
  assert.equal(a.normalize().equals(b.normalize()), expected);
}

describe("RFC 8141 §3.2 examples", () => {
  const parsed = groups.map((group) => group.urns.map((s) => new URN(s)));

  groups.forEach((group, g) => {
    it(caseTitle(group.key, group.comment), () => {
      for (const a of parsed[g] ?? []) {
        assert.equal(a.equivalenceKey, group.key);
        for (const b of parsed[g] ?? []) assertEquivalence(a, b, true);
      }
    });
  });

  it("no two groups are equivalent", () => {
    parsed.forEach((left, g) => {
      parsed.forEach((right, h) => {
        if (g === h) return;
        for (const a of left) for (const b of right) assertEquivalence(a, b, false);
      });
    });
  });
});

describe("equivalence pairs", () => {
  for (const p of pairs) {
    it(caseTitle(`${p.a} ${p.equivalent ? "≡" : "≢"} ${p.b}`, p.comment), () => {
      const options = { syntax: p.syntax ?? "rfc8141" };
      assertEquivalence(new URN(p.a, options), new URN(p.b, options), p.equivalent);
    });
  }
});

describe("equals() with what is not a URN", () => {
  it("is false for strings that do not parse", () => {
    const urn = new URN("urn:ab:c");
    for (const other of ["", "urn:ab:", "URN:AB:c?", "urn:ab:c#a#b", "urn:ab:c "]) {
      assert.equal(urn.equals(other), false, JSON.stringify(other));
    }
  });

  it("reads a string in the URN's own grammar", () => {
    assert.equal(new URN("urn:ab-:c", { syntax: "rfc2141" }).equals("URN:AB-:c"), true);
    assert.equal(new URN("urn:ab:c").equals("urn:ab:c#f"), true);
    assert.equal(new URN("urn:ab:c", { syntax: "rfc2141" }).equals("urn:ab:c#f"), false);
  });
});
