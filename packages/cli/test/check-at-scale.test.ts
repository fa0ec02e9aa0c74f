// `urnkit check` over large inputs (issue 17, item 14): --summary counts inputs per code,
// --only-failures reports just the inputs that are not ok, every report of a line carries its
// line number, and JSON lines leave out what is the same for every URN of a namespace unless
// --details asks for it.

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

// Line 1: a wrong ISBN-13 check digit (978-0-306-40615-7 is right); 2: a valid ISBN-10; 3: empty,
// not a URN; 4: the same wrong check digit in another spelling; 5: an unregistered NID (a warning,
// still ok); 6: a valid ISSN.
const INPUT = [
  "urn:isbn:978-0-306-40615-6",
  "URN:ISBN:0-395-36341-1",
  "",
  "urn:isbn:9780306406155",
  "urn:acmeparts:1",
  "urn:issn:0259-000X",
].join("\n");

test("--summary: the totals and the inputs per code, most frequent first; no reports", async () => {
  const r = await run(["check", "--summary"], { stdin: INPUT });
  assert.equal(r.code, 1);
  assert.equal(
    r.stdout,
    [
      "6 inputs: 3 ok, 3 not ok (1 not a URN)",
      "errors (inputs per code):",
      "  isbn-check-digit  2",
      "  empty             1",
      "warnings (inputs per code):",
      "  nid-unregistered  1",
      "",
    ].join("\n"),
  );
});

test("--summary --json: one object at the end", async () => {
  const r = await run(["check", "--summary", "--json"], { stdin: INPUT });
  assert.deepEqual(jsonLines(r.stdout), [
    {
      summary: {
        inputs: 6,
        ok: 3,
        notOk: 3,
        notUrns: 1,
        errors: { "isbn-check-digit": 2, empty: 1 },
        warnings: { "nid-unregistered": 1 },
      },
    },
  ]);
});

test("--only-failures: the failing lines alone, each with its line number; exit 1", async () => {
  const r = await run(["check", "--only-failures", "--json"], { stdin: INPUT });
  assert.equal(r.code, 1);
  const lines = jsonLines(r.stdout) as { line: number; ok: boolean }[];
  assert.deepEqual(
    lines.map((l) => [l.line, l.ok]),
    [
      [1, false],
      [3, false],
      [4, false],
    ],
  );
  const text = await run(["check", "--only-failures"], { stdin: INPUT });
  assert.match(text.stdout, /^input +urn:isbn:978-0-306-40615-6 {2}\(line 1\)$/m);
  assert.match(text.stdout, /^input +\(empty\) {2}\(line 3\)$/m);
  assert.match(text.stdout, /^input +urn:isbn:9780306406155 {2}\(line 4\)$/m);
  assert.doesNotMatch(text.stdout, /0-395-36341-1|acmeparts|issn/);
});

test("--only-failures --summary: the failing reports, then the summary of every input", async () => {
  const r = await run(["check", "--only-failures", "--summary", "--json"], { stdin: INPUT });
  const lines = jsonLines(r.stdout) as Record<string, unknown>[];
  assert.equal(lines.length, 4);
  const alone = jsonLines((await run(["check", "--summary", "--json"], { stdin: INPUT })).stdout);
  assert.deepEqual(lines[3], alone[0], "the same counts: every input, not only the failures");
});

test("nothing failing: --only-failures prints nothing and exits 0", async () => {
  const r = await run(["check", "--only-failures"], { stdin: "urn:issn:0259-000X\n" });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "");
});

test("JSON lines are compact: no IANA entry nor class reason unless --details", async () => {
  const [compact] = jsonLines((await run(["check", "--json", "urn:isbn:0-395-36341-1"])).stdout);
  assert.deepEqual(Object.keys(compact as object), [
    "argument",
    "input",
    "valid",
    "nid",
    "nidClass",
    "registration",
    "issues",
    "equivalenceKey",
    "namespaceKey",
    "ok",
  ]);
  assert.deepEqual((compact as { nidClass: unknown }).nidClass, { kind: "formal" });
  const [full] = jsonLines(
    (await run(["check", "--json", "--details", "urn:isbn:0-395-36341-1"])).stdout,
  ) as { registryEntry: { nid: string }; nidClass: { reason: string } }[];
  assert.equal(full?.registryEntry.nid, "isbn");
  assert.match(full?.nidClass.reason ?? "", /RFC 8141 §5\.1/);
});

test("a line of JSON for a registered URN stays under 400 bytes (was over 600 with the entry)", async () => {
  const r = await run(["check", "--json"], { stdin: "urn:isbn:978-0-306-40615-6\n" });
  assert.ok(Buffer.byteLength(r.stdout) < 400, `${Buffer.byteLength(r.stdout)} bytes`);
});
