// `urnkit namespaces`: the IANA registry snapshot (97 formal + 8 informal NIDs of 2026-07-28).

import assert from "node:assert/strict";
import { test } from "node:test";
import { jsonLines, run } from "./run-cli.js";

test("lists every registered namespace, one per line", async () => {
  const r = await run(["namespaces"]);
  assert.equal(r.code, 0);
  const lines = r.stdout.trimEnd().split("\n");
  assert.equal(lines.length, 105);
  assert.match(r.stdout, /^3gpp2 +formal +2018-06-19 +\[RFC8464\]$/m);
  assert.match(r.stdout, /^urn-8 +informal +2025-07-02 /m);
});

test("--json: one entry per line", async () => {
  const entries = jsonLines((await run(["namespaces", "--json"])).stdout) as { kind: string }[];
  assert.equal(entries.filter((e) => e.kind === "formal").length, 97);
  assert.equal(entries.filter((e) => e.kind === "informal").length, 8);
});

test("shows one NID in any case, with whether urnkit knows its rules", async () => {
  const r = await run(["namespaces", "NBN"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^nid +nbn$/m);
  assert.match(r.stdout, /^rules +yes/m);
  const [entry] = jsonLines((await run(["namespaces", "--json", "c2pa"])).stdout) as Record<
    string,
    unknown
  >[];
  assert.equal(entry?.date, "2025-02-04");
  assert.equal(entry?.rules, false);
});

test("an unregistered NID exits 1 and says what RFC 8141 §5 makes of it", async () => {
  const r = await run(["namespaces", "de-books"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /de-books: not in the IANA registry of 2026-07-28/);
  assert.match(r.stdout, /ISO 3166-1 country-code/);
  const [json] = jsonLines((await run(["namespaces", "--json", "acmeparts"])).stdout) as Record<
    string,
    unknown
  >[];
  assert.deepEqual(json?.registered, false);
  assert.equal(json?.kind, "formal");
});

test("an unregistered NID close to registered ones gets a did-you-mean: ISBNN", async () => {
  const r = await run(["namespaces", "ISBNN"]);
  assert.equal(r.code, 1);
  assert.match(r.stdout, /^ISBNN: not in the IANA registry/);
  assert.match(r.stdout, /^ {2}did you mean isbn\?$/m);
  const [json] = jsonLines((await run(["namespaces", "--json", "ISBNN"])).stdout) as Record<
    string,
    unknown
  >[];
  assert.deepEqual(json?.suggestions, ["isbn"]);
});

test("no did-you-mean when nothing is close, nor for an informal NID", async () => {
  const far = await run(["namespaces", "acmeparts"]);
  assert.doesNotMatch(far.stdout, /did you mean/);
  const [json] = jsonLines((await run(["namespaces", "--json", "acmeparts"])).stdout) as Record<
    string,
    unknown
  >[];
  assert.deepEqual(json?.suggestions, []);
  // urn-77 is one digit from urn-7, but IANA numbers informal NIDs: no typo to correct.
  assert.doesNotMatch((await run(["namespaces", "urn-77"])).stdout, /did you mean/);
});
