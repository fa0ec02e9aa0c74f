// `urnkit equal`: RFC 8141 §3.1 URN-equivalence with the examples of §3.2; exit 0 equivalent,
// 1 not equivalent or either is not a URN (an invalid input, DESIGN.md), 2 a usage error.

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

// §3.2 first group: scheme and NID are case-insensitive.
const FIRST = ["urn:example:a123,z456", "URN:example:a123,z456", "urn:EXAMPLE:a123,z456"];
// §3.2 second group: r-, q- and f-components are not taken into account.
const SECOND = [
  "urn:example:a123,z456?+abc",
  "urn:example:a123,z456?=xyz",
  "urn:example:a123,z456#789",
];
// §3.2 third group: "/" and what follows it count.
const THIRD = [
  "urn:example:a123,z456/foo",
  "urn:example:a123,z456/bar",
  "urn:example:a123,z456/baz",
];
// §3.2 fourth group: equivalent only to each other; %2C is not decoded.
const FOURTH = ["urn:example:a123%2Cz456", "URN:EXAMPLE:a123%2cz456"];
// §3.2 fifth and sixth: NSS case counts; U+0430 encoded is not "a".
const OTHERS = ["urn:example:A123,z456", "urn:example:a123,Z456", "urn:example:%D0%B0123,z456"];

async function code(a: string, b: string): Promise<number> {
  return (await run(["equal", a, b])).code;
}

describe("RFC 8141 §3.2 examples", () => {
  test("the first six are equivalent to each other", async () => {
    for (const a of [...FIRST, ...SECOND]) {
      for (const b of [...FIRST, ...SECOND]) assert.equal(await code(a, b), 0, `${a} ${b}`);
    }
  });

  test("the /foo, /bar, /baz URNs are equivalent to none of the others", async () => {
    for (const a of THIRD) {
      for (const b of [...FIRST, ...SECOND, ...THIRD]) {
        assert.equal(await code(a, b), a === b ? 0 : 1, `${a} ${b}`);
      }
    }
  });

  test("the %2C pair is equivalent only within itself", async () => {
    assert.equal(await code(FOURTH[0] ?? "", FOURTH[1] ?? ""), 0);
    for (const a of FOURTH) for (const b of [...FIRST, ...THIRD]) assert.equal(await code(a, b), 1);
  });

  test("NSS letter case and the Cyrillic look-alike make different URNs", async () => {
    for (const a of OTHERS) {
      for (const b of [...FIRST, ...OTHERS]) assert.equal(await code(a, b), a === b ? 0 : 1);
    }
  });
});

describe("the explanation", () => {
  test("equivalent: names the shared key and what was case-folded", async () => {
    const r = await run(["equal", "URN:EXAMPLE:a123%2cz456", "urn:example:a123%2Cz456"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^equivalent: .*urn:example:a123%2Cz456/);
    assert.match(r.stdout, /scheme "URN" vs "urn"/);
    assert.match(r.stdout, /NID "EXAMPLE" vs "example"/);
    assert.match(r.stdout, /hex digits/);
  });

  test("equivalent: says which of r, q, f were ignored", async () => {
    const r = await run(["equal", "urn:example:a?+abc", "urn:example:a#789"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /ignored/);
    assert.match(r.stdout, /r-component \("abc" in A, none in B\)/);
    assert.match(r.stdout, /f-component \(none in A, "789" in B\)/);
  });

  test('not equivalent: %2C vs "," is never decoded, caret at the first difference', async () => {
    const r = await run(["equal", "urn:example:a123%2Cz456", "urn:example:a123,z456"]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^not equivalent/);
    assert.match(r.stdout, /"%2C" in A, "," in B/);
    assert.match(r.stdout, /never decodes/);
    const lines = r.stdout.split("\n");
    const a = lines.find((l) => l.trimStart().startsWith("A "));
    const caret = lines.find((l) => l.trim() === "^");
    // "urn:example:a123" is 16 characters, so the keys differ at index 16.
    assert.equal(caret?.indexOf("^"), (a ?? "").indexOf("urn:") + 16);
  });

  test("not equivalent: different NIDs", async () => {
    const r = await run(["equal", "urn:example:a", "urn:isbn:a"]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /NIDs differ/);
  });

  test("not equivalent: NSS case is significant", async () => {
    const r = await run(["equal", "urn:example:A123,z456", "urn:example:a123,z456"]);
    assert.match(r.stdout, /case-sensitive/);
  });

  test("not a URN: exit 1, the error on stderr with a caret", async () => {
    const r = await run(["equal", "urn:example:a", "urn:example:a?b"]);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /B is not a URN/);
    assert.match(r.stderr, /bare-question-mark/);
    const lines = r.stderr.split("\n");
    const input = lines.findIndex((l) => l.includes("urn:example:a?b"));
    assert.equal(lines[input + 1]?.indexOf("^"), (lines[input] ?? "").indexOf("urn:") + 13);
  });

  test("--syntax rfc2141 accepts a 1-character NID", async () => {
    assert.equal(await code("urn:x:y", "URN:X:y"), 1);
    assert.equal((await run(["equal", "--syntax", "rfc2141", "urn:x:y", "URN:X:y"])).code, 0);
  });
});

describe("--json: one object with equivalent, keys, differsAt, reasons, errors", () => {
  const one = async (...args: string[]) => {
    const r = await run(["equal", "--json", ...args]);
    const objects = jsonLines(r.stdout);
    assert.equal(objects.length, 1);
    return { code: r.code, stderr: r.stderr, report: objects[0] as Record<string, unknown> };
  };

  test("§3.2: URN:EXAMPLE:a123%2cz456 and urn:example:a123%2Cz456 are equivalent", async () => {
    const { code, report } = await one("URN:EXAMPLE:a123%2cz456", "urn:example:a123%2Cz456");
    assert.equal(code, 0);
    assert.equal(report.a, "URN:EXAMPLE:a123%2cz456");
    assert.equal(report.b, "urn:example:a123%2Cz456");
    assert.equal(report.equivalent, true);
    // §3.1: scheme and NID lowercased, the hex of %2c uppercased.
    assert.deepEqual(report.keys, ["urn:example:a123%2Cz456", "urn:example:a123%2Cz456"]);
    assert.equal(report.differsAt, null);
    assert.deepEqual(report.errors, [null, null]);
    assert.ok((report.reasons as string[]).some((r) => /case-insensitively/.test(r)));
  });

  test("§3.2: %2C is never decoded, so a123%2Cz456 and a123,z456 differ at the %", async () => {
    const { code, report } = await one("urn:example:a123%2Cz456", "urn:example:a123,z456");
    assert.equal(code, 1);
    assert.equal(report.equivalent, false);
    assert.deepEqual(report.keys, ["urn:example:a123%2Cz456", "urn:example:a123,z456"]);
    assert.equal(report.differsAt, "urn:example:a123".length);
    assert.ok((report.reasons as string[]).some((r) => /never decodes/.test(r)));
  });

  test("an input that is not a URN: exit 1, its error in errors, nothing on stderr", async () => {
    const { code, stderr, report } = await one("urn:example:a", "urn:example:a?b");
    assert.equal(code, 1);
    assert.equal(stderr, "");
    assert.equal(report.equivalent, false);
    assert.deepEqual(report.keys, ["urn:example:a", null]);
    const [errA, errB] = report.errors as (Record<string, unknown> | null)[];
    assert.equal(errA, null);
    // RFC 8141 §2: a "?" in the NSS must start "?+" or "?="; it is at index 13.
    assert.deepEqual(
      { code: errB?.code, index: errB?.index, component: errB?.component },
      { code: "bare-question-mark", index: 13, component: "nss" },
    );
    assert.match((report.reasons as string[])[0] ?? "", /^B is not a URN \(RFC 8141\)/);
  });
});
