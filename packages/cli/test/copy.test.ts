// `urnkit copy`: a whole registry into an empty database (a SQLite file, a PostgreSQL database) in
// one step. Killed mid-way (SIGKILL, as a crash would) and run again, it goes on after the last
// committed batch and ends with the registry an uninterrupted copy makes; a target holding a
// registry is refused unless asked.

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe } from "node:test";
import { fileURLToPath } from "node:url";
import { openStore } from "@urnkit/server";
import { createTestDatabase, PG_SKIP } from "../../server/test/pg-database.js";
import { type SkipReason, skippedWhen } from "../../server/test/skipped-when.js";
import { run } from "./run-cli.js";

const bin = fileURLToPath(new URL("../bin/urnkit.js", import.meta.url));

/** Records in the source: enough that the copy is still running when it is killed. */
const RECORDS = 30_000;

async function exported(db: string): Promise<string> {
  const r = await run(["export", "--all", "--with-tokens", "--with-history", "--db", db]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

/**
 * How far the copy into `db` got, as its checkpoint says (0 before the first batch). Read without
 * migrating: the copy may be creating the target's schema at that moment.
 */
async function copiedLines(db: string): Promise<{ line: number; finished: string | null }> {
  const store = await openStore(db, { mustExist: true, migrate: false });
  try {
    return (await store.transfer.copyCheckpoint()) ?? { line: 0, finished: null };
  } finally {
    await store.close();
  }
}

/** A kind of database copied into: each target a new, empty one. */
interface TargetEngine {
  name: string;
  skip: SkipReason;
  /** A new empty target's location (a file path or a postgres:// URL). */
  target(dir: string, name: string): Promise<string>;
  done(): Promise<void>;
}

function sqliteTargets(): TargetEngine {
  return {
    name: "sqlite",
    skip: false,
    target: async (dir, name) => join(dir, `${name}.db`),
    done: async () => {},
  };
}

function postgresTargets(): TargetEngine {
  const drops: (() => Promise<void>)[] = [];
  return {
    name: "postgres",
    skip: PG_SKIP,
    async target() {
      const database = await createTestDatabase();
      drops.push(database.drop);
      return database.url;
    },
    async done() {
      for (const drop of drops) await drop();
    },
  };
}

const dir = mkdtempSync(join(tmpdir(), "urnkit-copy-"));
const source = join(dir, "source.db");
let expected = "";

before(async () => {
  assert.equal((await run(["init", "--example", "--db", source])).code, 0);
  const lines = Array.from({ length: RECORDS }, (_, i) =>
    JSON.stringify({
      urn: `urn:example:copy-${i}`,
      status: i % 7 === 0 ? "reserved" : "active",
      ...(i % 7 === 0 ? {} : { locators: [{ url: `https://copy.example/${i}` }] }),
      metadata: { n: i },
    }),
  );
  const file = join(dir, "records.ndjson");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const imported = await run(["import", file, "--db", source]);
  assert.equal(imported.code, 0, imported.stderr);
  expected = await exported(source);
});
after(() => rmSync(dir, { recursive: true, force: true }));

for (const engine of [sqliteTargets(), postgresTargets()])
  describe(`urnkit copy into ${engine.name}`, () => {
    const { it, after } = skippedWhen(engine.skip);
    after(() => engine.done());
    let whole = "";

    it("makes the source's registry, also when killed and run again", async () => {
      whole = await engine.target(dir, "whole");
      const uninterrupted = await run(["copy", "--from", source, "--to", whole]);
      assert.equal(uninterrupted.code, 0, uninterrupted.stderr);
      assert.equal(await exported(whole), expected);

      const target = await engine.target(dir, "target");
      const child = spawn(process.execPath, [bin, "copy", "--from", source, "--to", target], {
        stdio: ["ignore", "ignore", "inherit"],
      });
      const exited = once(child, "exit");
      // Killed once some records' batches have committed, well before the end.
      let at = { line: 0, finished: null as string | null };
      for (let i = 0; i < 6000 && at.line < 2000; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        at = await copiedLines(target).catch(() => at);
      }
      child.kill("SIGKILL");
      await exited;
      at = await copiedLines(target);
      assert.ok(at.line >= 2000 && at.finished === null, `killed at ${JSON.stringify(at)}`);
      assert.ok(at.line < RECORDS, "the copy was killed before its end");

      const resumed = await run(["copy", "--from", source, "--to", target]);
      assert.equal(resumed.code, 0, resumed.stderr);
      assert.match(resumed.stderr, new RegExp(`resuming the copy after line ${at.line}`));
      assert.equal(await exported(target), expected);
      assert.ok((await copiedLines(target)).finished !== null);
    });

    it("refuses a target that holds a registry unless --allow-non-empty", async () => {
      const refused = await run(["copy", "--from", source, "--to", whole]);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /target-not-empty: the target holds a registry already/);
      const merged = await run(["copy", "--from", source, "--to", whole, "--allow-non-empty"]);
      assert.equal(merged.code, 0, merged.stderr);
      assert.match(merged.stdout, / 0 created, \d+ unchanged, 0 refused/);
    });
  });
