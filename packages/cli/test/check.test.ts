// `urnkit check`: the @urnkit/namespaces report per URN (RFC 8141 §2 syntax, §5 NID class and
// IANA registration, namespace rules, §3.1 keys); exit 1 when any URN has an error.

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

test("a valid ISBN-10: registration and the namespace key (ISBN-13 without hyphens)", async () => {
  const r = await run(["check", "URN:ISBN:0-395-36341-1"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^result +ok$/m);
  assert.match(r.stdout, /^registration +formal, \[International ISBN Agency/m);
  assert.match(r.stdout, /^key +urn:isbn:0-395-36341-1$/m);
  assert.match(r.stdout, /^namespace key +urn:isbn:9780395363416$/m);
});

test("a namespace error fails the run with exit 1 and names the code and index", async () => {
  // RFC 4246's own example: the first check character should be J (ISO 7064 MOD 37,36)
  const r = await run(["check", "urn:isan:0123-1230-3210-2310-1", "urn:ietf:rfc:2141"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /should be J \(isan-check-character at 29\)/);
  assert.match(r.stdout, /\n\ninput +urn:ietf:rfc:2141\nresult +ok\n/);
});

test("warnings do not fail a URN", async () => {
  const r = await run(["check", "urn:acmeparts:1", "urn:isbn:0-8044-2957-x"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /registration +unregistered/);
  assert.match(r.stdout, /nid-unregistered at 4/);
  assert.match(r.stdout, /isbn-lowercase-x at 21/);
});

test("a syntax error is reported with a caret under its index", async () => {
  const r = await run(["check", "urn:example:a b"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /result +not ok: not a URN/);
  assert.match(r.stdout, /\n {15} {13}\^\n/);
  assert.match(r.stdout, /\(invalid-character\)/);
});

test("--json: one report per stdin line", async () => {
  const r = await run(["check", "--json"], { stdin: "urn:issn:0259000x\nurn:oid:1.3.06.1\n" });
  assert.equal(r.code, 1);
  const [a, b] = jsonLines(r.stdout) as Record<string, unknown>[];
  assert.equal(a?.ok, true);
  assert.equal(a?.namespaceKey, "urn:issn:0259-000X");
  assert.equal(a?.registration, "formal");
  assert.equal(b?.ok, false);
  assert.deepEqual(
    ((b?.issues ?? []) as { code: string; index: number }[]).map((i) => [i.code, i.index]),
    [["oid-syntax", 12]],
  );
});

test("--syntax rfc2141 reads legacy URNs", async () => {
  const r = await run(["check", "--json", "--syntax", "rfc2141", "urn:a:b"]);
  const [report] = jsonLines(r.stdout) as Record<string, unknown>[];
  assert.equal(report?.valid, true);
  assert.equal(report?.registration, "reserved");
});
