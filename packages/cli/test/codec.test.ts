// `urnkit encode` and `urnkit decode`: text to canonical URN parts and back (RFC 8141 §2.2,
// RFC 3986 §2.1), with expected values worked out from the rules: UTF-8, %HH in uppercase, only
// what the part cannot hold literally encoded.

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

test("encode: UTF-8 as uppercase %HH; '?', '#', '%' and a leading '/' encoded in an NSS", async () => {
  // ß is U+00DF, UTF-8 C3 9F.
  const r = await run(["encode", "Straße/2024?draft", "/a#b%c", "a:b@c~d&e"]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "Stra%C3%9Fe/2024%3Fdraft\n%2Fa%23b%25c\na:b@c~d&e\n");
});

test("encode --syntax rfc2141: '/', '~' and '&' are encoded too", async () => {
  const r = await run(["encode", "--syntax", "rfc2141", "a/b~c&d"]);
  assert.equal(r.stdout, "a%2Fb%7Ec%26d\n");
});

test("encode --part: an r-component's leading '?' and its '?=' are encoded; f keeps '?' and '/'", async () => {
  assert.equal((await run(["encode", "--part", "r", "?=x"])).stdout, "%3F=x\n");
  assert.equal((await run(["encode", "--part", "q", "a=1&b=/c?"])).stdout, "a=1&b=/c?\n");
  assert.equal((await run(["encode", "--part", "f", "/x?y#z"])).stdout, "/x?y%23z\n");
});

test("encode: empty text has no NSS spelling: stderr and exit 1, the other inputs still done", async () => {
  const r = await run(["encode"], { stdin: "a b\n\nc\n" });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "a%20b\nc\n");
  assert.match(r.stderr, /line 2: cannot encode: \(empty\)/);
  assert.match(r.stderr, /empty-nss/);
});

test("decode: strict UTF-8; a malformed sequence is reported with its code", async () => {
  const r = await run(["decode", "Stra%C3%9Fe/2024%3Fdraft", "%C3%28"]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "Straße/2024?draft\n");
  assert.match(r.stderr, /argument 2: cannot decode: %C3%28/);
  assert.match(r.stderr, /invalid-utf8/);
});

test("decode refuses a value that is not a valid part (a bare '?' in an NSS)", async () => {
  const r = await run(["decode", "a?b"]);
  assert.equal(r.code, 1);
  assert.match(r.stderr, /bare-question-mark/);
});

test("--json: one object per input, in input order", async () => {
  // E0 80 80 is an overlong encoding (RFC 3629 §3).
  const r = await run(["decode", "--json"], { stdin: "a%20b\n%E0%80%80\n" });
  assert.equal(r.code, 1);
  assert.deepEqual(jsonLines(r.stdout), [
    { input: "a%20b", valid: true, output: "a b" },
    {
      input: "%E0%80%80",
      valid: false,
      error: {
        code: "invalid-utf8",
        index: 0,
        component: "nss",
        message: "percent-encoded bytes at index 0 are not valid UTF-8",
      },
    },
  ]);
});

test("encode then decode gives the text back", async () => {
  const text = "Ünïcødé / text ? # % 𝄞";
  const encoded = (await run(["encode", text])).stdout.trimEnd();
  assert.equal((await run(["decode", encoded])).stdout, `${text}\n`);
});

test("an unknown --part is a usage error", async () => {
  const r = await run(["encode", "--part", "z", "x"]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /nss, r, q, f/);
});
