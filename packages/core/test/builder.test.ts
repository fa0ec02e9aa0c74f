// URN.from (RFC 8141 §2 applied to each part on its own): vectors/builder.json.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN, type UrnParts } from "../src/index.js";
import { assertUrnError, thrownBy } from "./assert-urn-error.js";
import { type BuilderTable, caseTitle, loadVectors } from "./vectors.js";

const { valid, invalid } = loadVectors<BuilderTable>("builder.json");

describe("URN.from composes", () => {
  for (const c of valid) {
    it(caseTitle(c.href, c.comment), () => {
      const syntax = c.syntax ?? "rfc8141";
      const urn = URN.from(c.parts, { syntax });
      assert.ok(urn instanceof URN);
      assert.equal(urn.href, c.href);
      assert.equal(urn.syntax, syntax);
      // Reading the URN back gives the parts it was built from.
      assert.deepEqual(
        [urn.nid, urn.nss, urn.rComponent, urn.qComponent, urn.fComponent],
        [
          c.parts.nid,
          c.parts.nss,
          c.parts.rComponent ?? null,
          c.parts.qComponent ?? null,
          c.parts.fComponent ?? null,
        ],
      );
    });
  }
});

describe("URN.from refuses", () => {
  for (const c of invalid) {
    it(caseTitle(JSON.stringify(c.parts), c.comment), () => {
      const part = partValue(c.parts, c.component);
      const error = thrownBy(() => URN.from(c.parts, { syntax: c.syntax ?? "rfc8141" }));
      assertUrnError(error, { code: c.code, component: c.component, index: c.index }, part);
    });
  }
});

function partValue(parts: BuilderTable["invalid"][number]["parts"], component: string): string {
  const value = {
    nid: parts.nid,
    nss: parts.nss,
    r: parts.rComponent,
    q: parts.qComponent,
    f: parts.fComponent,
  }[component];
  assert.equal(typeof value, "string", `the table names part ${component}`);
  return value as string;
}

describe("URN.from checks its parts at run time", () => {
  // Plain JavaScript callers have no type checker: these are the calls it would have refused.
  const from = (parts: unknown) => () => URN.from(parts as UrnParts);

  it('throws TypeError for a missing NSS: URN.from({nid:"example"})', () => {
    assert.throws(from({ nid: "example" }), {
      name: "TypeError",
      message: /"nss" is missing; it must be a string/,
    });
  });

  it('throws TypeError for a number as NSS: URN.from({nid:"example", nss:42})', () => {
    assert.throws(from({ nid: "example", nss: 42 }), {
      name: "TypeError",
      message: 'URN.from: "nss" must be a string, not the number 42',
    });
  });

  it('throws TypeError for a spread URN, and says what to use: URN.from({...u, fComponent:"x"})', () => {
    const u = new URN("urn:example:a");
    assert.throws(from({ ...u, fComponent: "x" }), {
      name: "TypeError",
      message: /"nid" is missing.*urn\.with\(\{ … \}\) or \{ \.\.\.urn\.parts, … \}/,
    });
  });

  it("throws TypeError for a component that is neither a string, null nor absent", () => {
    for (const key of ["rComponent", "qComponent", "fComponent"]) {
      assert.throws(from({ nid: "example", nss: "a", [key]: 7 }), {
        name: "TypeError",
        message: `URN.from: "${key}" must be a string, null or absent, not the number 7`,
      });
    }
    assert.throws(from({ nid: ["example"], nss: "a" }), {
      name: "TypeError",
      message: 'URN.from: "nid" must be a string, not an array',
    });
    assert.throws(from(null), { name: "TypeError", message: /expects an object .* not null/ });
    assert.throws(from("urn:example:a"), { name: "TypeError", message: /not the string/ });
  });

  it("still takes null and undefined for absent components", () => {
    const u = URN.from({ nid: "example", nss: "a", rComponent: null, qComponent: undefined });
    assert.equal(u.href, "urn:example:a");
  });
});

describe("urn.parts and urn.with", () => {
  const u = new URN("URN:Example:a?+r?=q#f");

  it("parts is a plain object that spreads, with null for absent components", () => {
    assert.deepEqual(u.parts, {
      nid: "Example",
      nss: "a",
      rComponent: "r",
      qComponent: "q",
      fComponent: "f",
    });
    assert.deepEqual(new URN("urn:example:b").parts, {
      nid: "example",
      nss: "b",
      rComponent: null,
      qComponent: null,
      fComponent: null,
    });
    assert.equal(URN.from({ ...u.parts, fComponent: "x" }).href, "urn:Example:a?+r?=q#x");
    // A copy: changing it changes nothing in the URN.
    const parts = u.parts;
    parts.nss = "z";
    assert.equal(u.nss, "a");
  });

  it("with changes the parts given, keeps the others, and null removes a component", () => {
    assert.equal(u.with({ fComponent: "x" }).href, "urn:Example:a?+r?=q#x");
    assert.equal(u.with({ nss: "b", rComponent: null }).href, "urn:Example:b?=q#f");
    assert.equal(u.with({ fComponent: undefined }).href, "urn:Example:a?+r?=q#f");
    // Composed as URN.from composes: the scheme in lowercase, the parts as written.
    assert.equal(u.with({}).href, "urn:Example:a?+r?=q#f");
  });

  it("with checks what it is given as URN.from does, in the URN's syntax", () => {
    assertUrnError(
      thrownBy(() => u.with({ nss: "a#b" })),
      { code: "delimiter-in-component", component: "nss", index: 1 },
      "a#b",
    );
    const legacy = new URN("urn:x:y", { syntax: "rfc2141" });
    assert.equal(legacy.with({ nss: "z" }).syntax, "rfc2141");
    assertUrnError(
      thrownBy(() => legacy.with({ fComponent: "f" })),
      { code: "component-not-allowed", component: "f", index: 0 },
      "f",
    );
    assert.throws(() => u.with({ nid: 1 as unknown as string }), TypeError);
  });
});
