// The PostgreSQL-only connection options of `urnkit serve` (--db-read, --db-listen): with a
// SQLite --db each is refused as a usage error (exit 2) that says what --db must be, before
// anything is opened or created.

import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { run } from "./run-cli.js";

describe("serve: PostgreSQL connection options with a SQLite --db", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-serve-pg-options-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    [
      "--db-read",
      ["--db-read", "postgres://replica/urnkit"],
      {},
      /--db-read needs a PostgreSQL database: pass a postgres:\/\/ URL as --db/,
    ],
    [
      "--db-listen",
      ["--db-listen", "postgres://db/urnkit"],
      {},
      /--db-listen needs a PostgreSQL database: pass a postgres:\/\/ URL as --db/,
    ],
  ];
  for (const [name, args, env, message] of cases)
    it(`refuses ${name}`, async () => {
      const db = join(dir, `${name}.db`);
      const r = await run(["serve", "--db", db, "--create", "--port", "0", ...args], { env });
      assert.equal(r.code, 2);
      assert.match(r.stderr, message);
      assert.equal(existsSync(db), false, "nothing created");
    });
});
