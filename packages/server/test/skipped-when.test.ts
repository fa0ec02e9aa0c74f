// skipped-when.ts makes the runner count every test of a skipped suite. Seen before: without
// PostgreSQL, `npm test` said "skipped 2" while 22 suites printed "# SKIP": node:test (Node 20)
// counts a skipped describe as a suite and none of its tests. A fixture with suites as the
// project writes them (hooks, a test with options, a nested describe) is run by node --test, and
// its summary read; so is a real engine-looped file without PostgreSQL.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { skipOptions } from "./skipped-when.js";

const helper = new URL("./skipped-when.ts", import.meta.url).href;

/** The summary counts of node --test on `source` (TAP), and its standard output. */
async function runFixture(dir: string, source: string) {
  const file = join(dir, `fixture-${Math.random().toString(36).slice(2)}.test.ts`);
  writeFileSync(file, source);
  return runTap(file, process.env);
}

/** node --test on one file with the TAP reporter: its summary counts and standard output. */
async function runTap(file: string, environment: NodeJS.ProcessEnv) {
  // Without NODE_TEST_CONTEXT, which makes a child of the runner report to it, not in TAP.
  const { NODE_TEST_CONTEXT: _runner, ...env } = environment;
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

  it("an engine-looped file without URNKIT_TEST_PG: its PostgreSQL half counted skipped, saying why", async () => {
    const { URNKIT_TEST_PG: _server, ...env } = process.env;
    const file = fileURLToPath(new URL("./registry/token-list.test.ts", import.meta.url));
    const r = await runTap(file, env);
    // The TAP lines of each engine's suite: its tests, indented one level under it.
    const testsOf = (engine: string) => {
      const suite = r.stdout.indexOf(`# Subtest: token listing (${engine})`);
      const end = r.stdout.indexOf(`- token listing (${engine})`, suite);
      return r.stdout.slice(suite, end).match(/^ {4}(?:not )?ok \d+ - .*$/gm) ?? [];
    };
    const [onSqlite, onPostgres] = [testsOf("sqlite"), testsOf("postgres")];
    assert.ok(onSqlite.length > 0, r.stdout);
    // The same tests on each engine, every PostgreSQL one skipped with its reason.
    assert.equal(onPostgres.length, onSqlite.length, r.stdout);
    for (const line of onPostgres)
      assert.match(line, /# SKIP needs PostgreSQL: set URNKIT_TEST_PG/);
    assert.deepEqual(
      [r.tests, r.skipped, r.pass],
      [2 * onSqlite.length, onPostgres.length, onSqlite.length],
      r.stdout,
    );
  });

  it("every suite looped over the engines takes its tests from skippedWhen(engine.skip)", () => {
    const root = fileURLToPath(new URL(".", import.meta.url));
    const unguarded: string[] = [];
    let suites = 0;
    for (const name of readdirSync(root, { recursive: true }) as string[]) {
      if (!name.endsWith(".test.ts")) continue;
      const source = readFileSync(join(root, name), "utf8");
      if (!/for \(const engine of engines\)/.test(source)) continue;
      // Each suite named after its engine opens with the engine's skip.
      for (const m of source.matchAll(
        /describe\(\s*`[^`]*\$\{engine\.name\}[^`]*`,\s*\(\) => \{\n(.*)\n/g,
      )) {
        suites += 1;
        if (!/skippedWhen\(engine\.skip\b/.test(m[1] as string))
          unguarded.push(`${name}: ${m[0].split("\n")[0]?.trim()}`);
      }
    }
    assert.ok(suites >= 40, `${suites} looped suites found`);
    assert.deepEqual(unguarded, []);
  });

  it("skipOptions adds the reason to a test's own options, or leaves them", () => {
    assert.deepEqual(skipOptions("no peer", { timeout: 5 }), { timeout: 5, skip: "no peer" });
    assert.deepEqual(skipOptions(false, { timeout: 5 }), { timeout: 5 });
    assert.deepEqual(skipOptions(undefined), {});
  });
});
