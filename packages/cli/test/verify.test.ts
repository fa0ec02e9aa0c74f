// `urnkit verify` on a SQLite file: exit 0 and one line when all is well, exit 1 with each finding
// (code, where, what, what would be right) when not, --json as one object; the database is read
// as it is, never migrated. The checks themselves are tested on both engines in the server
// package (test/verify/).

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, it } from "node:test";
import { openSqliteStore } from "@urnkit/server";
import { run } from "./run-cli.js";

const CHECKS = "schema-version, triggers, sequences, orphans, keys, statistics, copy";

describe("urnkit verify", () => {
  let dir: string;
  let db: string;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-verify-"));
    db = join(dir, "reg.db");
    assert.equal((await run(["init", "--db", db])).code, 0);
    assert.equal((await run(["namespace", "create", "example", "--local", "--db", db])).code, 0);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Raw SQL on the file, as the sqlite3 shell would run it. */
  const exec = async (sql: string) => {
    const store = await openSqliteStore(db, { mustExist: true, migrate: false });
    store.db.exec(sql);
    await store.close();
  };

  /** The newest schema version the registry holds, read from the file, not from verify. */
  const latest = async () => {
    const store = await openSqliteStore(db, { mustExist: true, migrate: false });
    const row = store.db.prepare("SELECT max(version) AS v FROM schema_migrations").get() as {
      v: number;
    };
    await store.close();
    return row.v;
  };

  it("a registry as urnkit made it: exit 0, one line", async () => {
    const version = await latest();
    const r = await run(["verify", "--db", db]);
    assert.equal(r.code, 0);
    assert.equal(
      r.stdout,
      `ok sqlite registry ${db}, schema version ${version}, 0 records: every check passed (${CHECKS})\n`,
    );
    assert.equal(r.stderr, "");
  });

  it("a guard dropped: exit 1, the finding and what would be right", async () => {
    const version = await latest();
    await exec("DROP TRIGGER records_never_deleted");
    const r = await run(["verify", "--db", db]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        "trigger-missing trigger records_never_deleted on records: missing",
        "  expected: present, as migration 1 makes it",
        `failed sqlite registry ${db}, schema version ${version}, 0 records: 1 problem (triggers 1)`,
        "",
      ].join("\n"),
    );
  });

  it("--json: the report as one object", async () => {
    await exec("DROP TRIGGER records_never_deleted");
    const r = await run(["verify", "--db", db, "--json"]);
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines.length, 1);
    const report = JSON.parse(lines[0] as string);
    assert.equal(report.location, db);
    assert.equal(report.ok, false);
    assert.equal(report.engine, "sqlite");
    assert.equal(report.records, 0);
    assert.deepEqual(report.findings, [
      {
        check: "triggers",
        code: "trigger-missing",
        object: "trigger records_never_deleted on records",
        problem: "missing",
        expected: "present, as migration 1 makes it",
      },
    ]);
    const clean = await run(["verify", "--db", join(dir, "clean.db"), "--json"]);
    assert.equal(clean.code, 2, "a database that does not exist is a usage error");
  });

  it("an old schema is reported, not migrated", async () => {
    const version = await latest();
    await exec(`DELETE FROM schema_migrations WHERE version = ${version}`);
    for (let i = 0; i < 2; i++) {
      const r = await run(["verify", "--db", db]);
      assert.equal(r.code, 1);
      assert.ok(
        r.stdout.startsWith(`schema-older schema_migrations: version ${version} is not applied\n`),
        r.stdout,
      );
      assert.ok(r.stdout.includes(`, schema version ${version - 1}: 1 problem`), r.stdout);
      assert.match(
        r.stdout,
        /\nfailed sqlite registry .*, schema version \d+: 1 problem \(schema-version 1\); not checked, as the schema is not the version this urnkit knows: triggers, sequences, orphans, keys, statistics, copy\n$/,
      );
    }
  });
});
