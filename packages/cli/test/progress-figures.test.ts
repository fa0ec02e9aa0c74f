// The import progress bar's figures (issue 17, item 14: it showed raw bytes): megabytes read and
// records per second.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { megabytes, perSecond } from "../src/progress-figures.js";
import { run } from "./run-cli.js";

test("megabytes: 10^6 bytes, one decimal", () => {
  assert.equal(megabytes(0), "0.0 MB");
  assert.equal(megabytes(5_412_345), "5.4 MB");
  assert.equal(megabytes(5_450_000), "5.5 MB");
  assert.equal(megabytes(122_000_000), "122.0 MB");
});

test("perSecond: rounded, thousands grouped, nothing before time has passed", () => {
  assert.equal(perSecond(200_000, 16_000), "12,500/s");
  assert.equal(perSecond(3, 2_000), "2/s");
  assert.equal(perSecond(10, 0), "0/s");
});

test("the import bar on a terminal shows megabytes and records per second", async () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-progress-"));
  try {
    const file = join(dir, "records.ndjson");
    writeFileSync(file, '{"urn":"urn:example:p-1","status":"reserved"}\n');
    const db = join(dir, "r.db");
    assert.equal((await run(["init", "--db", db, "--example"])).code, 0);
    const r = await run(["import", file, "--db", db], { tty: true });
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /importing \[.*\] 100% \| 0\.0 MB of 0\.0 MB \| [\d,]+\/s records \| 1 new/,
    );
    assert.doesNotMatch(r.stderr, /bytes/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
