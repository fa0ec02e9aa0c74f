// RFC 8141 §5.1: the four constraints on a new formal NID, plus "already registered".

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkNewFormalNid } from "../src/index.js";

const codes = (nid: string) => checkNewFormalNid(nid).map((i) => i.code);

describe("checkNewFormalNid", () => {
  it("accepts a free NID that meets every rule", () => {
    assert.deepEqual(checkNewFormalNid("acmeparts"), []);
    assert.deepEqual(checkNewFormalNid("abc"), [], "three characters is more than two");
    assert.deepEqual(
      checkNewFormalNid("a-b-c"),
      [],
      "one letter and a hyphen is not ALPHA ALPHA '-'",
    );
  });

  it("rule 1: not an already-registered NID, in any case", () => {
    assert.deepEqual(codes("isbn"), ["nid-already-registered"]);
    assert.deepEqual(codes("ISBN"), ["nid-already-registered"]);
  });

  it('rule 2: not starting with "urn-"', () => {
    assert.deepEqual(codes("urn-99"), ["nid-informal-prefix"]);
    assert.deepEqual(codes("URN-x"), ["nid-informal-prefix"]);
    assert.deepEqual(codes("urn-7"), ["nid-already-registered", "nid-informal-prefix"]);
  });

  it("rule 3: more than two characters", () => {
    assert.deepEqual(codes("ab"), ["nid-too-short"]);
    assert.deepEqual(codes("a1"), ["nid-too-short"]);
  });

  it('rule 3: not ALPHA ALPHA "-" (country codes), nor two letters and "--" (A-labels)', () => {
    assert.deepEqual(codes("de-books"), ["nid-country-code-prefix"]);
    assert.deepEqual(codes("DE-books"), ["nid-country-code-prefix"]);
    assert.deepEqual(codes("xn--bcher-kva"), ["nid-a-label-prefix"]);
    assert.deepEqual(codes("ab--x"), ["nid-a-label-prefix"]);
    assert.deepEqual(codes("a1-x"), [], "a digit is not ALPHA");
  });

  it('rule 4: not starting with "X-"', () => {
    assert.deepEqual(codes("X-foo"), ["nid-experimental-prefix"]);
    assert.deepEqual(codes("x-foo"), ["nid-experimental-prefix"]);
  });

  it("quotes the sentence of the RFC each rule comes from", () => {
    const [issue] = checkNewFormalNid("X-foo");
    assert.equal(issue?.severity, "error");
    assert.match(issue?.message ?? "", /It MUST NOT start with the string "X-"/);
    assert.match(
      checkNewFormalNid("ab")[0]?.message ?? "",
      /It MUST be more than two characters long/,
    );
    assert.match(
      checkNewFormalNid("isbn")[0]?.message ?? "",
      /It MUST NOT be an already-registered NID/,
    );
  });

  it("reports a string that is no NID at all as a syntax problem (RFC 8141 §2)", () => {
    assert.deepEqual(codes("-abc"), ["nid-syntax"]);
    assert.deepEqual(codes("abc-"), ["nid-syntax"]);
    assert.deepEqual(codes("a".repeat(33)), ["nid-syntax"]);
    assert.deepEqual(codes("a_b"), ["nid-syntax"]);
  });

  it('reports the NID "urn" as reserved', () => {
    assert.deepEqual(codes("urn"), ["nid-reserved"]);
  });
});
