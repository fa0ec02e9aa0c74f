// RFC 8141 §2 and RFC 2141 §2 conformance: the tables in vectors/rfc*-valid.json and
// vectors/rfc*-invalid.json, plus the API promises every parse entry point keeps about them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { componentName, URN, type UrnSyntax } from "../src/index.js";
import { assertUrnError, thrownBy } from "./assert-urn-error.js";
import {
  caseTitle,
  type InvalidCase,
  loadVectors,
  type SyntaxTable,
  type ValidCase,
} from "./vectors.js";

/** Each case of the vector files as a test of its own, under its file's name. */
function eachCase<Case extends { input: string; comment?: string }>(
  files: readonly string[],
  check: (c: Case, options: { syntax: UrnSyntax }) => void,
): void {
  for (const file of files) {
    const { syntax, cases } = loadVectors<SyntaxTable<Case>>(file);
    const options = { syntax };
    describe(file, () => {
      for (const c of cases) {
        it(caseTitle(JSON.stringify(c.input), c.comment), () => check(c, options));
      }
    });
  }
}

eachCase<ValidCase>(["rfc8141-valid.json", "rfc2141-valid.json"], (c, options) => {
  const syntax = options.syntax;
  const urn = new URN(c.input, options);
  assert.deepEqual(
    {
      nid: urn.nid,
      nss: urn.nss,
      rComponent: urn.rComponent,
      qComponent: urn.qComponent,
      fComponent: urn.fComponent,
      assignedName: urn.assignedName,
      equivalenceKey: urn.equivalenceKey,
      normalized: urn.normalize().href,
    },
    {
      nid: c.nid,
      nss: c.nss,
      rComponent: c.rComponent,
      qComponent: c.qComponent,
      fComponent: c.fComponent,
      assignedName: c.assignedName,
      equivalenceKey: c.equivalenceKey,
      normalized: c.normalized,
    },
  );
  assert.equal(urn.href, c.input);
  assert.equal(urn.toString(), c.input);
  assert.equal(JSON.stringify(urn), JSON.stringify(c.input));
  assert.equal(urn.syntax, syntax);

  assert.equal(URN.parse(c.input, options)?.href, c.input);
  assert.equal(URN.canParse(c.input, options), true);
  assert.equal(URN.validate(c.input, options), null);

  // normalize(): canonical URNs come back as the same object, others as an equivalent one.
  const normal = urn.normalize();
  assert.equal(normal.syntax, syntax);
  if (c.normalized === c.input) assert.equal(normal, urn);
  else assert.notEqual(normal, urn);
  assert.equal(normal.normalize(), normal);
  assert.equal(normal.equivalenceKey, c.equivalenceKey);
  assert.equal(urn.equals(normal), true);
  assert.equal(normal.equals(urn), true);
  // The key is itself a URN (the assigned name), equivalent and canonical.
  const key = new URN(c.equivalenceKey, options);
  assert.equal(key.equivalenceKey, c.equivalenceKey);
  assert.equal(key.normalize(), key);
  assert.equal(urn.equals(c.equivalenceKey), true);
});

eachCase<InvalidCase>(["rfc8141-invalid.json", "rfc2141-invalid.json"], (c, options) => {
  const expected = { code: c.code, index: c.index, component: c.component };
  const thrown = thrownBy(() => new URN(c.input, options));
  assertUrnError(thrown, expected, c.input);
  assert.equal(URN.parse(c.input, options), null);
  assert.equal(URN.canParse(c.input, options), false);
  const returned = URN.validate(c.input, options);
  assertUrnError(returned, expected, c.input);
  assert.equal(returned.message, thrown.message);
});

describe("the two grammars", () => {
  it("default to RFC 8141", () => {
    assert.equal(new URN("urn:ab:c").syntax, "rfc8141");
    assert.equal(URN.canParse("urn:a:b"), false);
    assert.equal(URN.canParse("urn:a:b", { syntax: "rfc2141" }), true);
  });

  it("RFC 8141 components are syntax errors in RFC 2141 mode and the other way round", () => {
    assert.equal(URN.canParse("urn:ab:c?+r?=q#f", { syntax: "rfc2141" }), false);
    assert.equal(URN.canParse("urn:ab-:c", { syntax: "rfc8141" }), false);
  });

  it("an RFC 8141 URN never equals a string that is only an RFC 2141 URN", () => {
    assert.equal(new URN("urn:ab:c").equals("urn:a:c"), false);
    assert.equal(new URN("urn:ab:c").equals("not a urn"), false);
  });
});

describe("componentName", () => {
  it("names each part as RFC 8141 §2 does", () => {
    assert.deepEqual((["scheme", "nid", "nss", "r", "q", "f"] as const).map(componentName), [
      "scheme",
      "NID",
      "NSS",
      "r-component",
      "q-component",
      "f-component",
    ]);
  });
});
