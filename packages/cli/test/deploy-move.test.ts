// docs/deploy.md, "Moving to PostgreSQL (and back)": its commands, run as written with this
// machine's paths and a test database in place of the guide's, move a SQLite registry holding one
// of everything (test/full-registry.ts) to PostgreSQL and back, `urnkit verify` passing each
// copy; the three registries' exports are equal line for line.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { openSqliteStore } from "../../server/src/storage/sqlite/sqlite-store.js";
import { fillRegistry } from "../../server/test/full-registry.js";
import { createTestDatabase, TEST_PG } from "../../server/test/pg-database.js";
import { skippedWhen } from "../../server/test/skipped-when.js";
import { run } from "./run-cli.js";

const GUIDE_FILE = "/var/lib/urnkit/urnkit.db";
const GUIDE_URL = "postgres://urnkit@db.internal/urnkit";

/** The `urnkit …` lines of each sh block of the section, as arguments. */
function sectionCommands(): string[][][] {
  const guide = readFileSync(new URL("../../../docs/deploy.md", import.meta.url), "utf8");
  const section = guide.slice(guide.indexOf("## 12. Moving to PostgreSQL"));
  const end = section.indexOf("\n## ", 4);
  const text = end < 0 ? section : section.slice(0, end);
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((block) =>
    (block[1] as string)
      .split("\n")
      .filter((line) => line.startsWith("urnkit "))
      .map((line) => line.split(/\s+/).slice(1)),
  );
}

async function exported(db: string): Promise<string> {
  const r = await run(["export", "--all", "--with-tokens", "--with-history", "--db", db]);
  assert.equal(r.code, 0, r.stderr);
  return r.stdout;
}

describe("docs/deploy.md: moving to PostgreSQL and back", () => {
  const { it } = skippedWhen(TEST_PG === null ? "URNKIT_TEST_PG is not set" : false);
  it("the guide's commands copy the registry there and back, each copy verified", async () => {
    const blocks = sectionCommands();
    assert.equal(blocks.length, 2, "two blocks: there, and back");
    assert.deepEqual(
      blocks.map((b) => b.map((args) => args[0])),
      [
        ["copy", "verify"],
        ["copy", "verify"],
      ],
    );
    const dir = mkdtempSync(join(tmpdir(), "urnkit-move-"));
    const database = await createTestDatabase();
    try {
      const source = join(dir, "urnkit.db");
      const back = join(dir, "back.db");
      assert.equal((await run(["init", "--db", source])).code, 0);
      const store = await openSqliteStore(source, { mustExist: true });
      try {
        await fillRegistry({
          store,
          rawRows: async (table) =>
            store.db.prepare<[], Record<string, unknown>>(`SELECT * FROM ${table}`).all(),
        });
      } finally {
        await store.close();
      }
      const expected = await exported(source);
      for (const [i, block] of blocks.entries())
        for (const args of block) {
          const file = i === 0 ? source : back;
          const actual = args.map((a) =>
            a === GUIDE_FILE ? file : a === GUIDE_URL ? database.url : a,
          );
          const r = await run(actual);
          assert.equal(r.code, 0, `urnkit ${actual.join(" ")}: ${r.stdout}${r.stderr}`);
          // fillRegistry's 10 records, every check run and passed.
          if (args[0] === "verify")
            assert.match(
              r.stdout,
              /^ok (sqlite|postgres) registry .*, schema version \d+, 10 records: every check passed \(schema-version, triggers, sequences, orphans, keys, statistics, copy\)\n$/,
            );
        }
      assert.equal(await exported(database.url), expected);
      assert.equal(await exported(back), expected);
    } finally {
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
