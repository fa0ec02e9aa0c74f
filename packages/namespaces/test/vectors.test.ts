// Every example and equivalence pair of the namespace test vectors (compiled from the defining
// RFCs and IANA templates in the reference notes): syntax, namespace rules and namespace keys.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import { checkUrn, equivalent, namespaceKey, ruleFor } from "../src/index.js";
import { vectorsDir } from "./shared-data.js";

interface Example {
  nid: string;
  urn: string;
  valid: boolean;
  note: string;
  reason?: string;
  equivalenceKey?: string;
}
interface Vectors {
  comment: string;
  examples: Example[];
  equivalencePairs: { a: string; b: string; equivalent: boolean }[];
}

const FILE = "urn-namespace-test-vectors.json";
const vectors: Vectors = JSON.parse(readFileSync(resolve(vectorsDir, FILE), "utf8"));

describe("namespace test vectors", () => {
  it("the repository's copy is whole: 192 examples and 22 equivalence pairs", () => {
    // The file the tests below read is the repository's own (compiled 2026-11-22): a copy cut
    // short would silently test less.
    assert.match(vectors.comment, /Compiled 2026-11-22/);
    assert.equal(vectors.examples.length, 192);
    assert.equal(vectors.equivalencePairs.length, 22);
  });

  it("every namespace in the vectors has a rule", () => {
    for (const nid of new Set(vectors.examples.map((e) => e.nid))) {
      assert.ok(ruleFor(nid), nid);
    }
  });

  for (const e of vectors.examples) {
    const title = `${e.valid ? "valid" : "invalid"}: ${e.urn}${e.note ? ` (${e.note})` : ""}`;
    it(title, () => {
      const report = checkUrn(e.urn);
      if (e.valid) {
        assert.equal(report.valid, true, "syntax");
        const errors = report.issues.filter((i) => i.severity === "error");
        assert.deepEqual(errors, [], "no error-severity issue");
        assert.equal(report.ok, true);
        assert.equal(report.namespaceKey, e.equivalenceKey);
        assert.equal(namespaceKey(new URN(e.urn)), e.equivalenceKey);
        return;
      }
      if (e.reason === "RFC 8141 syntax") {
        assert.equal(report.valid, false, "a syntax error");
        assert.ok(report.error);
        return;
      }
      // Invalid under the namespace's rules: an error, or a warning from an unverified rule
      // (those never fail a URN outright).
      assert.equal(report.valid, true, "syntax is fine");
      const flagged = report.issues.filter(
        (i) => i.severity === "error" || (i.unverified === true && i.severity === "warning"),
      );
      assert.ok(flagged.length > 0, `expected an issue for: ${e.reason}`);
      for (const i of report.issues) {
        assert.ok(
          i.index === undefined || (i.index >= 0 && i.index <= e.urn.length),
          `index ${i.index} within the URN (its length for "missing at the end")`,
        );
      }
      assert.equal(report.ok, flagged.some((i) => i.severity === "error") === false);
    });
  }

  for (const p of vectors.equivalencePairs) {
    it(`${p.a} ${p.equivalent ? "≡" : "≢"} ${p.b}`, () => {
      assert.equal(equivalent(p.a, p.b), p.equivalent);
      assert.equal(equivalent(p.b, p.a), p.equivalent);
    });
  }
});
