// URN.from (RFC 8141 §2 applied to each part on its own): vectors/builder.json.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN } from "../src/index.js";
import { assertUrnError, thrownBy } from "./assert-urn-error.js";
import { type BuilderTable, loadVectors } from "./vectors.js";

const { valid, invalid } = loadVectors<BuilderTable>("builder.json");

describe("URN.from composes", () => {
  for (const c of valid) {
    it(`${c.href}${c.comment ? ` (${c.comment})` : ""}`, () => {
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
    it(`${JSON.stringify(c.parts)}${c.comment ? ` (${c.comment})` : ""}`, () => {
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
