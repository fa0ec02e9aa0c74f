// `urnkit parse`: the RFC 8141 §4.4 display form with its warnings, the NID kind of §5.1/§5.2, and
// `--syntax both` (the verdict under RFC 8141 and under RFC 2141).

import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

describe("urnkit parse: display form and warnings", () => {
  test("--json has display, warnings and nidKind (RFC 8141 §3.2 sixth example)", async () => {
    const r = await run(["parse", "--json", "urn:example:%D0%B0123,z456"]);
    assert.equal(r.code, 0);
    const [line] = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.equal(line?.display, "urn:example:а123,z456");
    assert.equal(line?.nidKind, "formal");
    const warnings = line?.warnings as Record<string, unknown>[];
    assert.equal(warnings.length, 1);
    assert.deepEqual(warnings[0], {
      code: "lookalike",
      message: warnings[0]?.message,
      display: { start: 12, end: 13 },
      href: { start: 12, end: 18 },
    });
  });

  test("nidKind: informal, reserved, and null for an RFC 2141-only NID", async () => {
    const r = await run(["parse", "--json", "urn:urn-7:a", "urn:de-nbn:a", "urn:xn--a:b"]);
    assert.deepEqual(
      (jsonLines(r.stdout) as { nidKind: string }[]).map((l) => l.nidKind),
      ["informal", "reserved", "reserved"],
    );
    const legacy = await run(["parse", "--json", "--syntax", "rfc2141", "urn:x:y"]);
    assert.equal((jsonLines(legacy.stdout)[0] as { nidKind: unknown }).nidKind, null);
  });

  test("the detail view shows the display form and one line per warning", async () => {
    const r = await run(["parse", "urn:example:p%D0%B0ypal"]);
    const lines = r.stdout.split("\n");
    assert.ok(lines.includes("display          urn:example:pаypal"), r.stdout);
    const warnings = lines.filter((l) => l.startsWith("warning "));
    assert.equal(warnings.length, 2);
    assert.match(warnings[0] ?? "", /\(mixed-script\)$/);
    assert.match(warnings[1] ?? "", /\(lookalike\)$/);
  });

  test("the one-line view adds the display form when it differs, and counts warnings", async () => {
    const r = await run([
      "parse",
      "urn:example:caf%C3%A9",
      "urn:example:%E2%80%AEx",
      "urn:example:a",
    ]);
    assert.deepEqual(r.stdout.split("\n"), [
      "valid    urn:example:caf%C3%A9  display urn:example:café",
      "valid    urn:example:%E2%80%AEx  1 warning: bidi-control",
      "valid    urn:example:a",
      "",
    ]);
  });
});

describe("urnkit parse --syntax both", () => {
  test("--json: the verdict under each grammar; exit 1 when either rejects", async () => {
    const r = await run(["parse", "--json", "--syntax", "both", "urn:example:a/b", "urn:isbn:123"]);
    assert.equal(r.code, 1);
    const [slash, isbn] = jsonLines(r.stdout) as Record<string, Record<string, unknown>>[];
    assert.equal(slash?.input as unknown, "urn:example:a/b");
    assert.equal(slash?.valid as unknown, false);
    assert.equal(slash?.rfc8141?.valid, true);
    assert.equal(slash?.rfc2141?.valid, false);
    // RFC 2141 §2.3: "/" is reserved; u r n : e x a m p l e : a / -> index 13.
    const error = slash?.rfc2141?.error as Record<string, unknown>;
    assert.deepEqual([error.code, error.index, error.component], ["reserved-character", 13, "nss"]);
    assert.equal(isbn?.valid as unknown, true);
    const ok = await run(["parse", "--json", "--syntax", "both", "urn:isbn:123"]);
    assert.equal(ok.code, 0);
  });

  test("a 1-character NID is valid only under RFC 2141", async () => {
    const r = await run(["parse", "--syntax", "both", "urn:x:y", "urn:ok:fine"]);
    const [x, ok] = r.stdout.split("\n");
    assert.match(
      x ?? "",
      /^rfc8141 invalid {2}rfc2141 valid {4}urn:x:y {2}rfc8141: .*\(nid-too-short\)$/,
    );
    assert.equal(ok, "rfc8141 valid    rfc2141 valid    urn:ok:fine");
  });

  test("the detail view gives one line per grammar", async () => {
    const r = await run(["parse", "--syntax", "both", "urn:example:a/b"]);
    const lines = r.stdout.split("\n");
    assert.equal(lines[0], "input    urn:example:a/b");
    assert.equal(lines[1], "rfc8141  valid");
    assert.match(lines[2] ?? "", /^rfc2141 {2}invalid {2}.*\(reserved-character\)$/);
  });

  test("other grammars are refused", async () => {
    const r = await run(["parse", "--syntax", "rfc3986", "urn:a:b"]);
    assert.equal(r.code, 2);
  });
});
