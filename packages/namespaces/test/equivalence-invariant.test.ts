// RFC 8141 §3.1 and §6.4.2 item 3: namespace equivalence rules may only remove false negatives.
// For every plug-in: whenever two URNs have the same generic key, their namespace keys are equal.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import fc from "fast-check";
import { namespaceKey, namespaceRules } from "../src/index.js";
import { vectorsDir } from "./shared-data.js";

const examples: { nid: string; urn: string }[] = JSON.parse(
  readFileSync(resolve(vectorsDir, "urn-namespace-test-vectors.json"), "utf8"),
).examples;

/** NSSs seen in the vectors for a NID (valid ones), so the rules' structured paths get exercised. */
function seedNss(nid: string): string[] {
  return examples
    .filter((e) => e.nid === nid)
    .map((e) => URN.parse(e.urn)?.nss)
    .filter((s): s is string => s !== undefined);
}

const PCHAR = [..."abcXYZ019-._~!$&'()*+,;=:@/"];

const randomNss = fc
  .array(
    fc.oneof(
      fc.constantFrom(...PCHAR),
      fc.constantFrom("%2f", "%2F", "%41", "%61", "%c3%a4", "%C3%A4", "%3a", "%23", "%e2%82"),
    ),
    { minLength: 1, maxLength: 20 },
  )
  .map((parts) => parts.join(""))
  .filter((nss) => !nss.startsWith("/"));

/** Changes only what §3.1 ignores: the case of "urn", the NID and %hh hex, and r/q/f components. */
function genericVariant(urn: string, flips: boolean[], suffix: string): string {
  const nidEnd = urn.indexOf(":", 4);
  let out = "";
  let hexLeft = 0;
  for (let i = 0; i < urn.length; i++) {
    const c = urn[i] ?? "";
    const foldable = i < nidEnd || hexLeft > 0;
    if (hexLeft > 0) hexLeft--;
    if (c === "%" && i > nidEnd) hexLeft = 2;
    out += foldable && flips[i % flips.length] ? swapCase(c) : c;
  }
  return out + suffix;
}

function swapCase(c: string): string {
  return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
}

const components = fc.constantFrom("", "?+r", "?=q=1", "#frag", "?+a?=b#c", "#");

describe("namespace keys never split what the generic key merges (RFC 8141 §3.1)", () => {
  for (const rule of namespaceRules) {
    it(rule.nid, () => {
      const seeds = seedNss(rule.nid);
      const nss = seeds.length > 0 ? fc.oneof(fc.constantFrom(...seeds), randomNss) : randomNss;
      fc.assert(
        fc.property(
          nss,
          fc.array(fc.boolean(), { minLength: 1, maxLength: 7 }),
          components,
          (s, flips, suffix) => {
            const a = URN.parse(`urn:${rule.nid}:${s}`);
            if (a === null) return;
            const b = new URN(genericVariant(a.href, flips, suffix));
            assert.equal(
              b.equivalenceKey,
              a.equivalenceKey,
              "the variant is generically equivalent",
            );
            assert.equal(namespaceKey(b), namespaceKey(a));
            assert.equal(namespaceKey(a.normalize()), namespaceKey(a));
          },
        ),
        { numRuns: 300 },
      );
    });
  }
});
