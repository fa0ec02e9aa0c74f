// classifyNid: RFC 8141 §5.1 (formal NIDs and the strings reserved from them), §5.2 (informal
// NIDs), draft-ietf-urnbis-rfc2141bis-urn-03 §2.1 ("urn" is never a NID).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { classifyNid, type NidKind } from "../src/index.js";

/** [NID, kind, a phrase the reason must cite]. */
const CASES: [string, NidKind, string][] = [
  // §5.2: "urn-" Number, Number = DigitNonZero 0*Digit.
  ["urn-1", "informal", "§5.2"],
  ["urn-7", "informal", "§5.2"],
  ["urn-10", "informal", "§5.2"],
  ["URN-123456789", "informal", "§5.2"],
  // §5.1 rule 2: any other "urn-" string is reserved for informal namespaces.
  ["urn-0", "reserved", "§5.1 rule 2"],
  ["urn-01", "reserved", "§5.1 rule 2"],
  ["urn-1a", "reserved", "§5.1 rule 2"],
  ["urn-x", "reserved", "§5.1 rule 2"],
  ["Urn-Foo", "reserved", "§5.1 rule 2"],
  // draft -03 §2.1: "urn" itself, in any case.
  ["urn", "reserved", "§2.1"],
  ["URN", "reserved", "§2.1"],
  // §5.1 rule 3: more than two characters.
  ["ab", "reserved", "§5.1 rule 3"],
  ["12", "reserved", "§5.1 rule 3"],
  ["A1", "reserved", "§5.1 rule 3"],
  // §5.1 rule 3: ALPHA ALPHA "-" (ISO 3166-1 alpha-2 country codes), including "xn--".
  ["de-nbn", "reserved", "§5.1 rule 3"],
  ["US-x", "reserved", "§5.1 rule 3"],
  ["xn--a", "reserved", "§5.1 rule 3"],
  ["XN--bcher-kva", "reserved", "§5.1 rule 3"],
  ["ab--c", "reserved", "§5.1 rule 3"],
  // §5.1 rule 4: the retired experimental prefix "X-".
  ["X-foo", "reserved", "§5.1 rule 4"],
  ["x-1", "reserved", "§5.1 rule 4"],
  // Everything else may be registered as a formal namespace.
  ["isbn", "formal", "§5.1"],
  ["example", "formal", "§5.1"],
  ["abc", "formal", "§5.1"],
  ["urnx", "formal", "§5.1"],
  ["urn1", "formal", "§5.1"],
  ["a-b", "formal", "§5.1"],
  ["a1-bc", "formal", "§5.1"],
  ["12-abc", "formal", "§5.1"],
  ["xy1-a", "formal", "§5.1"],
  ["y-foo", "formal", "§5.1"],
  ["abcdefghijklmnopqrstuvwxyz012345", "formal", "§5.1"],
];

describe("classifyNid", () => {
  for (const [nid, kind, cites] of CASES) {
    it(`${nid} is ${kind} (${cites})`, () => {
      const c = classifyNid(nid);
      assert.equal(c.kind, kind);
      assert.ok(c.reason.includes(cites), `reason "${c.reason}" should cite ${cites}`);
    });
  }

  it("names DNS A-labels when the two letters are followed by two hyphens", () => {
    assert.match(classifyNid("xn--a").reason, /A-label/);
    assert.match(classifyNid("de-nbn").reason, /country/);
  });

  it("throws UrnSyntaxError for strings that are not RFC 8141 NIDs", () => {
    for (const nid of ["", "a", "-ab", "ab-", "a_b", "ab:c", "é12", "a".repeat(33)]) {
      assert.throws(() => classifyNid(nid), { name: "UrnSyntaxError" }, nid);
    }
  });

  it("does not depend on case", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9-]{0,30}[a-zA-Z0-9]$/), (nid) => {
        assert.deepEqual(classifyNid(nid.toUpperCase()), classifyNid(nid.toLowerCase()));
      }),
    );
  });
});
