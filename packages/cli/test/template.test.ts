// `urnkit template check|new`: RFC 8141 Appendix A registration templates.

import assert from "node:assert/strict";
import { test } from "node:test";
import { fileURLToPath } from "node:url";
import { jsonLines, run } from "./run-cli.js";

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../namespaces/templates/${name}`, import.meta.url));

test("check: the shipped example templates pass", async () => {
  for (const name of ["formal-example.txt", "informal-example.txt"]) {
    const r = await run(["template", "check", fixture(name)]);
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /: ok\n$/);
  }
});

test("check: every problem is listed, exit 1; reads standard input with -", async () => {
  const r = await run(["template", "check", "-"], {
    stdin: "Namespace ID: urn-07\nVersion: 2\nDate: 2026-02-30\n",
  });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /"Interoperability" is missing or empty \(RFC 8141 §6\.4\.5\)/);
  assert.match(r.stdout, /required when Version is above 1/);
  assert.match(r.stdout, /template-date/);
  assert.match(r.stdout, /template-informal-nid/);
  assert.match(r.stdout, /-: not ok\n$/);
});

test("check --json", async () => {
  const r = await run(["template", "check", "--json", "-"], { stdin: "Version: x\n" });
  const [report] = jsonLines(r.stdout) as { ok: boolean; issues: { code: string }[] }[];
  assert.equal(report?.ok, false);
  assert.ok(report?.issues.some((i) => i.code === "template-version"));
});

test("check: a file that cannot be read is an I/O error (exit 2)", async () => {
  const r = await run(["template", "check", "/nonexistent/template.txt"]);
  assert.equal(r.code, 2);
});

test("new: a skeleton for a formal NID, which check reports as unfilled", async () => {
  const r = await run(["template", "new", "--nid", "acmeparts"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Namespace ID: acmeparts\n\nVersion: 1\n\nDate: \d{4}-\d{2}-\d{2}\n/);
  assert.match(r.stdout, /^Interoperability: <.*MUST be present/m);
  const check = await run(["template", "check", "-"], { stdin: r.stdout });
  assert.equal(check.code, 1);
  assert.match(check.stdout, /template-unfilled-field/);
  assert.doesNotMatch(check.stdout, /template-missing-field|template-date|nid-/);
});

test("new --informal: IANA assigns the NID", async () => {
  const r = await run(["template", "new", "--informal"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Namespace ID: assigned by IANA \(informal namespace\)$/m);
  assert.equal((await run(["template", "new", "--informal", "--nid", "urn-x"])).code, 2);
});

test("new --informal --nid urn-5: a revision of the assigned NID, never a new designation", async () => {
  const r = await run(["template", "new", "--informal", "--nid", "urn-5"]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^Namespace ID: urn-5\n\nVersion: 2\n/);
  assert.match(r.stdout, /^Revision Information: </m);
  const check = await run(["template", "check", "-"], { stdin: r.stdout });
  assert.doesNotMatch(check.stdout, /template-informal-nid-designated/);
});

test("new: a NID that §5.1 forbids is refused with the rule, exit 1", async () => {
  const r = await run(["template", "new", "--nid", "isbn"]);
  assert.equal(r.code, 1);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /It MUST NOT be an already-registered NID/);
});

test("new without --nid or --informal is a usage error", async () => {
  assert.equal((await run(["template", "new"])).code, 2);
});
