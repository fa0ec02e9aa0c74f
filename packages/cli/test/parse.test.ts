// `urnkit parse`: RFC 8141 §2 syntax reported per input, JSON Lines shape, streaming input
// handling (CRLF, no final newline, empty lines, BOM) and exit codes 0/1/2.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";

/** Each JSON line's input and verdict, in order. */
const verdicts = (stdout: string) =>
  (jsonLines(stdout) as { input: string; valid: boolean }[]).map((l) => [l.input, l.valid]);

import { jsonLines, run } from "./run-cli.js";

const VALID_KEYS = [
  "input",
  "valid",
  "nid",
  "nss",
  "rComponent",
  "qComponent",
  "fComponent",
  "equivalenceKey",
];

function pick(o: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, o[k]]));
}

describe("urnkit parse --json", () => {
  test("all three optional components and the §3.1 key of a URN", async () => {
    const r = await run(["parse", "--json", "URN:Example:a123%2cz456?+res?=op=map#part"]);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    const [line] = jsonLines(r.stdout) as Record<string, unknown>[];
    // The contracted fields come first, in this order; later fields may follow.
    assert.deepEqual(Object.keys(line ?? {}).slice(0, VALID_KEYS.length), VALID_KEYS);
    assert.deepEqual(pick(line ?? {}, VALID_KEYS), {
      input: "URN:Example:a123%2cz456?+res?=op=map#part",
      valid: true,
      nid: "Example",
      nss: "a123%2cz456",
      rComponent: "res",
      qComponent: "op=map",
      fComponent: "part",
      // §3.1: "urn" and the NID lowercased, %hh hex uppercased, r/q/f left out.
      equivalenceKey: "urn:example:a123%2Cz456",
    });
  });

  test("absent components are null; a trailing '#' is an empty f-component", async () => {
    const r = await run(["parse", "--json", "urn:example:a", "urn:example:a#"]);
    const [plain, hash] = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.equal(plain?.rComponent, null);
    assert.equal(plain?.qComponent, null);
    assert.equal(plain?.fComponent, null);
    assert.equal(hash?.fComponent, "");
    assert.equal(r.code, 0);
  });

  test('"?+" after a q-component belongs to the q-component (§2.3: r comes before q)', async () => {
    const r = await run(["parse", "--json", "urn:example:a?=x?+y"]);
    const [line] = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.equal(line?.rComponent, null);
    assert.equal(line?.qComponent, "x?+y");
  });

  test("an invalid URN: error with code, index, component and message; exit 1", async () => {
    // u r n : e x a m p l e : a ? b  ->  the bare "?" is at index 13 of the NSS part.
    const r = await run(["parse", "--json", "urn:example:a?b"]);
    assert.equal(r.code, 1);
    const [line] = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(Object.keys(line ?? {}), ["input", "valid", "error"]);
    const error = line?.error as Record<string, unknown>;
    assert.deepEqual(Object.keys(error), ["code", "index", "component", "message"]);
    assert.equal(line?.valid, false);
    assert.equal(error.code, "bare-question-mark");
    assert.equal(error.index, 13);
    assert.equal(error.component, "nss");
    assert.match(String(error.message), /\?/);
  });

  test("--syntax rfc2141: a 1-character NID is fine, '/' in the NSS is reserved", async () => {
    const legacy = await run(["parse", "--json", "--syntax", "rfc2141", "urn:x:y"]);
    assert.equal(legacy.code, 0);
    const slash = await run(["parse", "--json", "--syntax", "rfc2141", "urn:example:a/b"]);
    assert.equal(slash.code, 1);
    const [line] = jsonLines(slash.stdout) as { error: { index: number; component: string } }[];
    assert.equal(line?.error.index, 13);
    assert.equal(line?.error.component, "nss");
    // The same 1-character NID is an error under RFC 8141 (NID is 2 to 32 characters).
    assert.equal((await run(["parse", "--json", "urn:x:y"])).code, 1);
  });

  test("mixed arguments: one object per argument, in order; exit 1 when any is invalid", async () => {
    const r = await run(["parse", "--json", "urn:example:a", "nope", "urn:example:b"]);
    assert.equal(r.code, 1);
    assert.deepEqual(verdicts(r.stdout), [
      ["urn:example:a", true],
      ["nope", false],
      ["urn:example:b", true],
    ]);
  });
});

describe("urnkit parse reading standard input", () => {
  test("one object per line; exit 0 when all are valid", async () => {
    const r = await run(["parse", "--json"], { stdin: "urn:example:a\nurn:example:b\n" });
    assert.equal(r.code, 0);
    assert.deepEqual(
      (jsonLines(r.stdout) as { input: string }[]).map((l) => l.input),
      ["urn:example:a", "urn:example:b"],
    );
  });

  test("CRLF line ends are not part of the input", async () => {
    const r = await run(["parse", "--json"], { stdin: "urn:example:a\r\nurn:example:b\r\n" });
    assert.equal(r.code, 0);
    assert.deepEqual(verdicts(r.stdout), [
      ["urn:example:a", true],
      ["urn:example:b", true],
    ]);
  });

  test("a last line without a newline is still read", async () => {
    const r = await run(["parse", "--json"], { stdin: "urn:example:a\nurn:example:b" });
    assert.equal(jsonLines(r.stdout).length, 2);
  });

  test("an empty line is an invalid input (the scheme is missing at index 0)", async () => {
    const r = await run(["parse", "--json"], { stdin: "urn:example:a\n\nurn:example:b\n" });
    assert.equal(r.code, 1);
    const lines = jsonLines(r.stdout) as {
      input: string;
      valid: boolean;
      error?: { index: number; component: string };
    }[];
    assert.equal(lines.length, 3);
    assert.equal(lines[1]?.input, "");
    assert.equal(lines[1]?.valid, false);
    assert.equal(lines[1]?.error?.index, 0);
    assert.equal(lines[1]?.error?.component, "scheme");
  });

  test("--skip-empty leaves empty lines out", async () => {
    const r = await run(["parse", "--json", "--skip-empty"], {
      stdin: "urn:example:a\n\r\n\nurn:example:b\n",
    });
    assert.equal(r.code, 0);
    assert.equal(jsonLines(r.stdout).length, 2);
  });

  test("a UTF-8 byte order mark before the first line is not part of it", async () => {
    const r = await run(["parse", "--json"], { stdin: "\ufeffurn:example:a\n" });
    assert.equal(r.code, 0);
    assert.equal((jsonLines(r.stdout)[0] as { input: string }).input, "urn:example:a");
  });

  test("empty input: nothing to report, exit 0", async () => {
    const r = await run(["parse", "--json"], { stdin: "" });
    assert.equal(r.code, 0);
    assert.equal(r.stdout, "");
  });

  test("--input reads the lines of a file, '-' standard input", async () => {
    const dir = mkdtempSync(join(tmpdir(), "urnkit-"));
    const file = join(dir, "urns.txt");
    writeFileSync(file, "urn:example:a\r\nurn:example:b");
    try {
      const r = await run(["parse", "--json", "--input", file]);
      assert.equal(r.code, 0);
      assert.deepEqual(
        (jsonLines(r.stdout) as { input: string }[]).map((l) => l.input),
        ["urn:example:a", "urn:example:b"],
      );
    } finally {
      rmSync(dir, { recursive: true });
    }
    const dash = await run(["parse", "--json", "-i", "-"], { stdin: "urn:example:c\n" });
    assert.equal((jsonLines(dash.stdout)[0] as { input: string }).input, "urn:example:c");
  });

  test("--input reads a file; a missing file is an I/O error (exit 2, no stack trace)", async () => {
    const r = await run(["parse", "--input", "/nonexistent/urns.txt"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no such file/);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  });
});

describe("urnkit parse text report", () => {
  test("one URN: labelled fields", async () => {
    const r = await run(["parse", "URN:Example:a123%2cz456?+res"]);
    assert.equal(r.code, 0);
    const lines = r.stdout.split("\n");
    assert.ok(lines.some((l) => /^NID\s+Example$/.test(l)));
    assert.ok(lines.some((l) => /^NSS\s+a123%2cz456$/.test(l)));
    assert.ok(lines.some((l) => /^r-component\s+res$/.test(l)));
    assert.ok(lines.some((l) => /^q-component\s+\(none\)$/.test(l)));
    assert.ok(lines.some((l) => /^equivalence key\s+urn:example:a123%2Cz456$/.test(l)));
  });

  test("one invalid URN: a caret under the offending character, and the message", async () => {
    const r = await run(["parse", "urn:example:a?b"]);
    assert.equal(r.code, 1);
    const [input, caret] = r.stdout.split("\n");
    assert.equal(caret?.indexOf("^"), (input ?? "").indexOf("urn:") + 13);
    assert.match(r.stdout, /bare-question-mark/);
  });

  test("control characters are shown escaped, the caret still under them", async () => {
    const r = await run(["parse", "urn:example:a\u001b[31mb"]);
    assert.equal(r.code, 1);
    assert.ok(!r.stdout.includes("\u001b"));
    const [input, caret] = r.stdout.split("\n");
    const at = (input ?? "").indexOf("urn:") + 13;
    assert.equal(input?.slice(at, at + 4), "\\x1B");
    assert.equal(caret?.indexOf("^"), at);
  });

  test("several inputs: one line each, status first, empty lines shown as (empty)", async () => {
    const r = await run(["parse"], { stdin: "urn:example:a\n\nurn:example:a?b\n" });
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 3);
    assert.match(lines[0] ?? "", /^valid\s+urn:example:a$/);
    assert.match(lines[1] ?? "", /^invalid\s+\(empty\)\s+the input is empty: .*\(empty\)$/);
    assert.match(lines[2] ?? "", /^invalid\s+urn:example:a\?b\s+.*bare-question-mark/);
  });
});

describe("an empty input line", () => {
  test("has the code empty in the JSON output as in the text output", async () => {
    const json = await run(["parse", "--json"], { stdin: "urn:example:a\n\n" });
    assert.equal(json.code, 1);
    const [, empty] = jsonLines(json.stdout) as { input: string; error?: { code: string } }[];
    assert.equal(empty?.input, "");
    assert.equal(empty?.error?.code, "empty");
    const text = await run(["parse"], { stdin: "urn:example:a\n\n" });
    assert.match(text.stdout, /^invalid\s+\(empty\)\s+.*\(empty\)$/m);
    assert.doesNotMatch(text.stdout + json.stdout, /scheme-not-urn|at index 0/);
    const one = await run(["parse"], { stdin: "\n" });
    assert.match(one.stdout, /^error +empty \(scheme, index 0\)$/m);
  });

  test("is empty for check --json and normalize too", async () => {
    const check = await run(["check", "--json"], { stdin: "\n" });
    const [report] = jsonLines(check.stdout) as { error?: { code: string } }[];
    assert.equal(report?.error?.code, "empty");
    const normalize = await run(["normalize"], { stdin: "\n" });
    assert.match(
      normalize.stderr,
      /line 1: not a URN: \(empty\)\n {2}the input is empty: .*\(empty\)/,
    );
  });
});
