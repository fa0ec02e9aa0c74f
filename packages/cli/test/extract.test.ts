// `urnkit extract`: URNs in text files and standard input (RFC 8141 §2, draft -03 §2.5.3), with
// positions, JSON Lines, near misses and exit codes.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

const dir = mkdtempSync(join(tmpdir(), "urnkit-extract-"));
after(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

// Columns are 1-based: "See " is 4 characters, so the first URN starts at column 5; on line 2,
// "No URN:ISBN here; <" is 19, so the URN there starts at column 20.
const NOTES =
  'See urn:example:a. And (urn:x:y) "urn:isbn:0451450523"\r\nNo URN:ISBN here; <urn:ietf:rfc:8141>\n';

describe("urnkit extract", () => {
  test("prints FILE:LINE:COLUMN: URN for each match, skipping near misses", async () => {
    const notes = file("notes.txt", NOTES);
    const r = await run(["extract", notes]);
    assert.equal(r.code, 0);
    assert.equal(r.stderr, "");
    assert.equal(
      r.stdout,
      `${notes}:1:5: urn:example:a\n${notes}:1:35: urn:isbn:0451450523\n${notes}:2:20: urn:ietf:rfc:8141\n`,
    );
  });

  test("--json: one object per match with file, line and column", async () => {
    const r = await run(["extract", "--json"], { stdin: NOTES });
    assert.equal(r.code, 0);
    assert.deepEqual(jsonLines(r.stdout), [
      { file: "-", line: 1, column: 5, valid: true, urn: "urn:example:a" },
      { file: "-", line: 1, column: 35, valid: true, urn: "urn:isbn:0451450523" },
      { file: "-", line: 2, column: 20, valid: true, urn: "urn:ietf:rfc:8141" },
    ]);
  });

  test("--invalid lists near misses with their error, in text order; exit 1", async () => {
    const r = await run(["extract", "--json", "--invalid", "-"], { stdin: NOTES });
    assert.equal(r.code, 1);
    const lines = jsonLines(r.stdout) as Record<string, unknown>[];
    assert.deepEqual(
      lines.map((l) => [l.line, l.column, l.valid, l.urn ?? l.text]),
      [
        [1, 5, true, "urn:example:a"],
        [1, 25, false, "urn:x:y"],
        [1, 35, true, "urn:isbn:0451450523"],
        [2, 4, false, "URN:ISBN"],
        [2, 20, true, "urn:ietf:rfc:8141"],
      ],
    );
    const miss = lines[1] as { error: Record<string, unknown> };
    assert.deepEqual(Object.keys(miss.error), ["code", "index", "component", "message"]);
    assert.equal(miss.error.code, "nid-too-short");
    assert.equal((lines[3] as { error: { code: string } }).error.code, "missing-nss");
  });

  test("--invalid in text form marks near misses", async () => {
    const r = await run(["extract", "--invalid"], { stdin: "x urn:example:100% y\n" });
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^-:1:3: not a URN: urn:example:100% {2}.*\(bad-percent-encoding\)\n$/);
  });

  test("--syntax rfc2141 reads with the 1997 grammar", async () => {
    const text = "urn:a:b urn:example:a/b\n";
    const legacy = await run(["extract", "--syntax", "rfc2141"], { stdin: text });
    // The NSS ends at "/" in RFC 2141 text (draft -03 §2.5.3), as at "?" and "#".
    assert.equal(legacy.stdout, "-:1:1: urn:a:b\n-:1:9: urn:example:a\n");
    const current = await run(["extract"], { stdin: text });
    assert.equal(current.stdout, "-:1:9: urn:example:a/b\n");
  });

  test("several files in order, line numbers restarting per file", async () => {
    const a = file("a.md", "[x](urn:example:one)\n");
    const b = file("b.csv", "id,urn\n1,urn:example:two\n");
    const r = await run(["extract", "--json", a, b]);
    assert.deepEqual(jsonLines(r.stdout), [
      { file: a, line: 1, column: 5, valid: true, urn: "urn:example:one" },
      { file: b, line: 2, column: 3, valid: true, urn: "urn:example:two" },
    ]);
  });

  test("a URN wrapped onto the next line is not joined", async () => {
    const r = await run(["extract"], {
      stdin: "urn:example:weather?=op=map&lat=39.56\n   &lon=-104.85\n",
    });
    assert.equal(r.stdout, "-:1:1: urn:example:weather?=op=map&lat=39.56\n");
  });

  test("no URNs: no output, exit 0; a missing file: exit 2", async () => {
    const none = await run(["extract"], { stdin: "nothing to see: turn: x-urn:a:b\n" });
    assert.equal(none.code, 0);
    assert.equal(none.stdout, "");
    const missing = await run(["extract", join(dir, "does-not-exist.txt")]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /ENOENT/);
  });
});
