// checkUrn: RFC 8141 §2 syntax, NID class (§5.1, §5.2), IANA registration, namespace rules and
// both equivalence keys in one report; equivalent() on top of the namespace keys.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import fc from "fast-check";
import { checkUrn, equivalent, namespaceKey, namespaceRules } from "../src/index.js";
import { vectorsDir } from "./shared-data.js";

describe("checkUrn", () => {
  it("reports a registered formal namespace with its registry entry and keys", () => {
    const r = checkUrn("URN:ISBN:951-0-18435-7?=x#y");
    assert.equal(r.valid, true);
    assert.equal(r.ok, true);
    assert.equal(r.nid, "ISBN");
    assert.equal(r.nidClass?.kind, "formal");
    assert.equal(r.registration, "formal");
    assert.equal(r.registryEntry?.nid, "isbn");
    assert.deepEqual(r.issues, []);
    assert.equal(r.equivalenceKey, "urn:isbn:951-0-18435-7");
    assert.equal(r.namespaceKey, "urn:isbn:9789510184356");
  });

  it("reports an informal namespace", () => {
    const r = checkUrn("urn:urn-7:3gpp-service.ims.icsi.mmtel");
    assert.equal(r.nidClass?.kind, "informal");
    assert.equal(r.registration, "informal");
    assert.equal(r.ok, true);
  });

  it("warns about an unregistered NID without failing the URN", () => {
    const r = checkUrn("urn:acmeparts:0042:brake-pad:3");
    assert.equal(r.registration, "unregistered");
    assert.equal(r.registryEntry, undefined);
    assert.deepEqual(
      r.issues.map((i) => [i.code, i.severity, i.index]),
      [["nid-unregistered", "warning", 4]],
    );
    assert.equal(r.ok, true);
    assert.equal(r.namespaceKey, r.equivalenceKey);
  });

  it("reports NIDs that §5 reserves (valid syntax, never registrable)", () => {
    for (const urn of ["urn:de-x:1", "urn:xn--abc:1", "urn:X-foo:1", "urn:ab:1", "urn:urn-07:1"]) {
      const r = checkUrn(urn);
      assert.equal(r.valid, true, urn);
      assert.equal(r.nidClass?.kind, "reserved", urn);
      assert.equal(r.registration, "reserved", urn);
      assert.equal(r.issues[0]?.code, "nid-reserved", urn);
      assert.equal(r.ok, true, urn);
    }
  });

  it("reports a syntax error with code, index and component, and no namespace result", () => {
    const r = checkUrn("urn:isbn:abc?def");
    assert.equal(r.valid, false);
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, "bare-question-mark");
    assert.equal(r.error?.index, 12);
    assert.equal(r.error?.component, "nss");
    assert.equal(r.nid, undefined);
    assert.equal(r.namespaceKey, undefined);
    assert.deepEqual(r.issues, []);
  });

  it("fails ok on an error-severity namespace issue, not on a warning", () => {
    assert.equal(checkUrn("urn:isbn:0-395-36341-X").ok, false);
    const lenient = checkUrn("urn:isbn:0-8044-2957-x");
    assert.equal(lenient.ok, true);
    assert.equal(lenient.issues[0]?.severity, "warning");
  });

  it("reads RFC 2141 syntax when asked", () => {
    assert.equal(checkUrn("urn:a:b").valid, false, "1-character NID is RFC 2141 only");
    const r = checkUrn("urn:a:b", { syntax: "rfc2141" });
    assert.equal(r.valid, true);
    assert.equal(r.registration, "reserved");
    assert.equal(checkUrn("urn:example:a?+b", { syntax: "rfc2141" }).valid, false);
  });

  it("accepts a URN object", () => {
    const r = checkUrn(new URN("urn:issn:0259000x"));
    assert.equal(r.input, "urn:issn:0259000x");
    assert.equal(r.namespaceKey, "urn:issn:0259-000X");
  });
});

describe("equivalent and namespaceKey", () => {
  it("use the namespace's rules", () => {
    assert.equal(equivalent("urn:isbn:0395363411", "URN:ISBN:978-0-395-36341-6"), true);
    assert.equal(equivalent("urn:service:SOS.fire", "urn:service:sos.FIRE"), true);
  });

  it("merge what URN#equals keeps apart, as the core README and the equals doc say", () => {
    // RFC 8458 §4.3 folds the case of an NBN's prefix; RFC 8141 §3.1 leaves the NSS as written.
    const u = new URN("urn:nbn:de:bvb:19-146642");
    assert.equal(u.equals("urn:nbn:DE:bvb:19-146642"), false);
    assert.equal(equivalent(u, "urn:nbn:DE:bvb:19-146642"), true);
    const readme = readFileSync(resolve(vectorsDir, "../../../core/README.md"), "utf8");
    const intro = readme.slice(0, readme.indexOf("## API"));
    assert.match(
      intro,
      /equivalent\(a, b\)/,
      "the core README names equivalent before its API table",
    );
  });

  it("use the generic rules where the namespace has none", () => {
    assert.equal(equivalent("urn:acmeparts:A", "URN:ACMEPARTS:A#x"), true);
    assert.equal(equivalent("urn:acmeparts:A", "urn:acmeparts:a"), false);
    assert.equal(namespaceKey(new URN("URN:Acmeparts:%2f")), "urn:acmeparts:%2F");
  });

  it("never equate a string that is not a URN", () => {
    assert.equal(equivalent("urn:isbn:", "urn:isbn:"), false);
    assert.equal(equivalent("urn:example:a", "not a urn"), false);
  });

  it("never equate URNs of different namespaces", () => {
    assert.equal(equivalent("urn:isbn:9789510184356", "urn:isan:9789510184356"), false);
  });
});

describe("checkUrn on arbitrary input", () => {
  const nids = [...namespaceRules.map((r) => r.nid), "acmeparts", "ab", "urn-09", "X-foo"];
  const text = fc
    .array(
      fc.constantFrom(..."aZ09-._~!$&'()*+,;=:@/?#%2fFxX ä".split(""), "%2F", "%c3%a4", "%ff"),
      {
        maxLength: 30,
      },
    )
    .map((parts) => parts.join(""));

  it("never throws, and its verdicts agree with the syntax check and the issues", () => {
    fc.assert(
      fc.property(fc.constantFrom(...nids), text, (nid, nss) => {
        const input = `urn:${nid}:${nss}`;
        const report = checkUrn(input);
        assert.equal(report.valid, URN.validate(input) === null);
        assert.equal(report.ok, report.valid && !report.issues.some((i) => i.severity === "error"));
        for (const issue of report.issues) {
          assert.ok(issue.index === undefined || (issue.index >= 0 && issue.index <= input.length));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it("never throws on near misses of real namespaced URNs", () => {
    const seeds: string[] = JSON.parse(
      readFileSync(resolve(vectorsDir, "urn-namespace-test-vectors.json"), "utf8"),
    ).examples.map((e: { urn: string }) => e.urn);
    const edit = fc.tuple(
      fc.constantFrom(...seeds),
      fc.nat(),
      fc.constantFrom("", "-", "x", "X", ":", ".", "0", "9", "%2F", "/", "a", "Z", ";", "@"),
      fc.integer({ min: 0, max: 2 }),
    );
    fc.assert(
      fc.property(edit, ([seed, at, insert, remove]) => {
        const i = 4 + (at % Math.max(seed.length - 4, 1));
        const input = seed.slice(0, i) + insert + seed.slice(i + remove);
        const report = checkUrn(input);
        assert.equal(report.valid, URN.validate(input) === null);
        if (report.valid) assert.equal(typeof report.namespaceKey, "string");
      }),
      { numRuns: 5000 },
    );
  });
});
