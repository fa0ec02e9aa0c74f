// skipped-when.ts makes the runner count every test of a skipped suite. Seen before: without
// PostgreSQL, `npm test` said "skipped 2" while 22 suites printed "# SKIP": node:test (Node 20)
// counts a skipped describe as a suite and none of its tests. A fixture with suites as the
// project writes them (hooks, a test with options, a nested describe) is run by node --test, and
// its summary read.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { skipOptions } from "./skipped-when.js";

const helper = new URL("./skipped-when.ts", import.meta.url).href;

/** The summary counts of node --test on `source` (TAP), and its standard output. */
async function runFixture(dir: string, source: string) {
  const file = join(dir, `fixture-${Math.random().toString(36).slice(2)}.test.ts`);
  writeFileSync(file, source);
  // Without NODE_TEST_CONTEXT, which makes a child of the runner report to it, not in TAP.
  const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
  const stdout = await new Promise<string>((done) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "--test", "--test-reporter=tap", file],
      { env },
      (_error, out, err) => done(`${out}${err}`),
    );
  });
  const count = (name: string) => Number(new RegExp(`^# ${name} (\\d+)$`, "m").exec(stdout)?.[1]);
  return { tests: count("tests"), skipped: count("skipped"), pass: count("pass"), stdout };
}

describe("skippedWhen: a skipped suite's tests are counted skipped", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-skip-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("three tests skipped by reason: skipped 3, and no hook ran", async () => {
    const r = await runFixture(
      dir,
      `import { describe } from "node:test";
import { skippedWhen } from ${JSON.stringify(helper)};
describe("needs PostgreSQL", () => {
  const { it, before, after } = skippedWhen("URNKIT_TEST_PG is not set");
  before(() => { throw new Error("before ran"); });
  after(() => { throw new Error("after ran"); });
  it("one", () => { throw new Error("one ran"); });
  it("two", { timeout: 5000 }, () => { throw new Error("two ran"); });
  describe("nested", () => {
    it("three", () => { throw new Error("three ran"); });
  });
});
describe("runs", () => {
  const { it, before } = skippedWhen(false);
  let ready = false;
  before(() => { ready = true; });
  it("four", () => { if (!ready) throw new Error("before did not run"); });
});
`,
    );
    assert.deepEqual([r.tests, r.skipped, r.pass], [4, 3, 1], r.stdout);
  });

  it("skipOptions adds the reason to a test's own options, or leaves them", () => {
    assert.deepEqual(skipOptions("no peer", { timeout: 5 }), { timeout: 5, skip: "no peer" });
    assert.deepEqual(skipOptions(false, { timeout: 5 }), { timeout: 5 });
    assert.deepEqual(skipOptions(undefined), {});
  });
});
