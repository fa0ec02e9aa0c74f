// `urnkit normalize`: the canonical spelling of RFC 8141 §3.1 (lowercase "urn" and NID, uppercase
// %HH hex), never decoding; invalid inputs go to stderr and make the exit code 1.

import assert from "node:assert/strict";
import { test } from "node:test";
import { run } from "./run-cli.js";

test("scheme and NID lowercased, %hh hex uppercased in the NSS", async () => {
  const r = await run(["normalize", "URN:EXAMPLE:a123%2cz456"]);
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "urn:example:a123%2Cz456\n");
});

test("%hh hex is uppercased in the r-, q- and f-components too", async () => {
  const r = await run(["normalize", "urn:example:a?+r%2f?=q%7e#f%aa"]);
  assert.equal(r.stdout, "urn:example:a?+r%2F?=q%7E#f%AA\n");
});

test("nothing is decoded and NSS letters keep their case", async () => {
  const r = await run(["normalize", "urn:example:A123,z456", "urn:example:a123%2Cz456"]);
  assert.equal(r.stdout, "urn:example:A123,z456\nurn:example:a123%2Cz456\n");
});

test("from standard input; invalid lines reported on stderr with their line number", async () => {
  const r = await run(["normalize"], { stdin: "URN:Example:x\r\nurn:example:a?b\n\nurn:ISBN:1\n" });
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "urn:example:x\nurn:isbn:1\n");
  assert.match(r.stderr, /line 2: not a URN: urn:example:a\?b/);
  assert.match(r.stderr, /bare-question-mark/);
  assert.match(r.stderr, /line 3: not a URN: \(empty\)/);
});

test("--skip-empty: empty lines are neither output nor errors", async () => {
  const r = await run(["normalize", "--skip-empty"], { stdin: "URN:Example:x\n\n" });
  assert.equal(r.code, 0);
  assert.equal(r.stdout, "urn:example:x\n");
  assert.equal(r.stderr, "");
});
