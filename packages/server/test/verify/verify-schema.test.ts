// `urnkit verify` on both engines, the schema half: a registry made as urnkit makes it passes;
// a schema version it does not know, and a trigger missing, changed or switched off, each fail
// with the finding worked out here from the migrations (storage/guard-rules.ts says from which
// version each guard holds).

import assert from "node:assert/strict";
import { describe } from "node:test";
import { VERSION } from "../../src/runtime/version.js";
import { migrations as postgresMigrations } from "../../src/storage/postgres/migrations.js";
import {
  openPostgresStore,
  type PostgresStore,
} from "../../src/storage/postgres/postgres-store.js";
import { migrations as sqliteMigrations } from "../../src/storage/sqlite/migrations.js";
import { verifyRegistry } from "../../src/verify/verify-registry.js";
import { engines } from "../engines.js";
import { createTestDatabase, type TestDatabase } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";
import { builtForEachTest, bySql } from "./registry-fixture.js";

// The schema this urnkit writes, read from each engine's migrations (they share their numbers,
// and some steps are one engine's own).
const SQLITE_VERSIONS = sqliteMigrations.map((m) => m.version);
const LATEST_OF = {
  sqlite: Math.max(...SQLITE_VERSIONS),
  postgres: Math.max(...postgresMigrations.map((m) => m.version)),
};

const AFTER_VERSION = ["triggers", "sequences", "orphans", "keys", "statistics", "copy"];

for (const engine of engines) {
  describe(`verify: schema and triggers (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const built = builtForEachTest(engine);
    const LATEST = LATEST_OF[engine.name];
    const NEWER = LATEST + 1;

    it("passes a registry as urnkit made it, every check run", async () => {
      const report = await verifyRegistry(built.h.store);
      assert.deepEqual(report.findings, []);
      assert.equal(report.ok, true);
      assert.equal(report.engine, engine.name);
      assert.equal(report.schemaVersion, LATEST);
      assert.equal(report.knownVersion, LATEST);
      assert.equal(report.records, 5);
      assert.deepEqual(
        report.checks,
        ["schema-version", ...AFTER_VERSION].map((name) => ({ name, findings: 0 })),
      );
    });

    it("a version from a newer urnkit: reported, and nothing else is judged", async () => {
      await built.h.rawExec(
        `INSERT INTO schema_migrations (version, name, applied) VALUES (${NEWER}, 'later', '2027-01-01')`,
      );
      const report = await verifyRegistry(built.h.store);
      assert.equal(report.ok, false);
      assert.equal(report.schemaVersion, NEWER);
      assert.equal(report.records, null);
      assert.deepEqual(report.findings, [
        {
          check: "schema-version",
          code: "schema-newer",
          object: "schema_migrations",
          problem: `version ${NEWER} is applied: written by a newer urnkit than this one (${VERSION})`,
          expected: `at most version ${LATEST}; verify it with the urnkit that wrote it`,
        },
      ]);
      const skipped = "the schema is not the version this urnkit knows";
      assert.deepEqual(report.checks, [
        { name: "schema-version", findings: 1 },
        ...AFTER_VERSION.map((name) => ({ name, findings: 0, skipped })),
      ]);
    });

    it("versions not applied (an old backup), and one this engine's migrations never make", async () => {
      // SQLite's schema has no version 14 or 16 (PostgreSQL's steps of their own).
      await built.h.rawExec(
        engine.name === "sqlite"
          ? `DELETE FROM schema_migrations WHERE version IN (${LATEST - 1}, ${LATEST}); INSERT INTO schema_migrations (version, name, applied) VALUES (14, 'elsewhere', '2026-01-01')`
          : `DELETE FROM schema_migrations WHERE version IN (${LATEST - 1}, ${LATEST})`,
      );
      const report = await verifyRegistry(built.h.store);
      assert.equal(report.schemaVersion, LATEST - 2);
      assert.deepEqual(
        report.findings.map((f) => [f.code, f.problem, f.expected]),
        [
          ...(engine.name === "sqlite"
            ? [
                [
                  "schema-unknown",
                  "version 14 is applied, which no migration of this urnkit makes",
                  `only the versions ${SQLITE_VERSIONS.join(", ")}`,
                ],
              ]
            : []),
          [
            "schema-older",
            `versions ${LATEST - 1}, ${LATEST} are not applied`,
            `every version up to ${LATEST}: any urnkit command that opens the registry (urnkit serve) migrates it`,
          ],
        ],
      );
    });

    it("a guard dropped", async () => {
      await bySql(built.h, {
        sqlite: "DROP TRIGGER records_never_deleted",
        postgres: "DROP TRIGGER records_never_deleted ON records",
      });
      const report = await verifyRegistry(built.h.store);
      assert.equal(report.ok, false);
      assert.deepEqual(report.findings, [
        {
          check: "triggers",
          code: "trigger-missing",
          object: "trigger records_never_deleted on records",
          problem: "missing",
          expected: "present, as migration 1 makes it",
        },
      ]);
      assert.deepEqual(
        report.checks.find((c) => c.name === "triggers"),
        { name: "triggers", findings: 1 },
      );
    });

    it("the trigger that counts assignments dropped (not a guard, but the schema's)", async () => {
      const name = engine.name === "sqlite" ? "records_count_registered" : "records_count_inserted";
      await bySql(built.h, {
        sqlite: `DROP TRIGGER ${name}`,
        postgres: `DROP TRIGGER ${name} ON records`,
      });
      const report = await verifyRegistry(built.h.store);
      assert.deepEqual(
        report.findings.map((f) => [f.code, f.object, f.expected]),
        [["trigger-missing", `trigger ${name} on records`, "present, as migration 19 makes it"]],
      );
    });

    it("the restore mark left set outside a restore: reported, as it keeps records uncounted", async () => {
      // SQLite: a committed row of `restoring`. PostgreSQL: urnkit.restoring set for the
      // database, which reaches the sessions opened after it: a store of its own, opened then.
      let store = built.h.store;
      let rows = (table: string) => built.h.rawRows(table);
      let reopened: PostgresStore | undefined;
      let database: TestDatabase | undefined;
      try {
        if (engine.name === "sqlite")
          await built.h.rawExec("INSERT INTO restoring (id) VALUES (1)");
        else {
          database = await createTestDatabase();
          const made = await openPostgresStore({ url: database.url });
          await made.pool.query(
            "DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET urnkit.restoring = ''on''', current_database()); END $$",
          );
          await made.close();
          const pgStore = await openPostgresStore({ url: database.url }, { migrate: false });
          reopened = pgStore;
          store = pgStore;
          rows = async (table) => (await pgStore.pool.query(`SELECT * FROM ${table}`)).rows;
          await store.namespaces.create({ nid: "example", local: true }, { tokenId: null });
        }
        const counted = async () =>
          (await rows("stat_assignments")).reduce((sum, row) => sum + Number(row.count), 0);
        const before = await counted();
        await store.records.create(
          {
            urn: "urn:example:uncounted",
            key: "urn:example:uncounted",
            nid: "example",
            status: "active",
          },
          { tokenId: null },
        );
        assert.equal(await counted(), before, "the new record is not counted");
        const report = await verifyRegistry(store);
        assert.deepEqual(report.findings, [
          engine.name === "sqlite"
            ? {
                check: "triggers",
                code: "restore-mark-set",
                object: "table restoring",
                problem:
                  "it holds the restore mark outside a restore: records written are not counted in the assignment statistics",
                expected: "empty (DELETE FROM restoring)",
              }
            : {
                check: "triggers",
                code: "restore-mark-set",
                object: "setting urnkit.restoring",
                problem:
                  "'on' in this database's sessions, outside a restore: records written are not counted in the assignment statistics",
                expected:
                  "not set (ALTER DATABASE … RESET urnkit.restoring, or ALTER ROLE … RESET urnkit.restoring)",
              },
        ]);
      } finally {
        await reopened?.close();
        await database?.drop();
      }
    });

    it("a trigger an operator added is theirs: not reported", async () => {
      await bySql(built.h, {
        sqlite: "CREATE TRIGGER local_note AFTER INSERT ON records BEGIN SELECT 1; END",
        postgres:
          "CREATE TRIGGER local_note AFTER INSERT ON records FOR EACH ROW EXECUTE FUNCTION namespaces_notify()",
      });
      assert.deepEqual((await verifyRegistry(built.h.store)).findings, []);
    });

    if (engine.name === "sqlite") {
      it("a guard made again with another body", async () => {
        await built.h.rawExec(`DROP TRIGGER records_status_forward;
CREATE TRIGGER records_status_forward BEFORE UPDATE OF status ON records
WHEN 0
BEGIN
  SELECT RAISE(ABORT, 'a URN status only moves forward: reserved, active, deactivated');
END;`);
        const report = await verifyRegistry(built.h.store);
        assert.deepEqual(report.findings, [
          {
            check: "triggers",
            code: "trigger-altered",
            object: "trigger records_status_forward on records",
            problem: "its definition differs from the one urnkit wrote",
            expected: "its text as migration 1 makes it",
          },
        ]);
      });
    }

    if (engine.name === "postgres") {
      it("a guard disabled", async () => {
        await built.h.rawExec("ALTER TABLE records DISABLE TRIGGER records_status_forward");
        const report = await verifyRegistry(built.h.store);
        assert.deepEqual(report.findings, [
          {
            check: "triggers",
            code: "trigger-disabled",
            object: "trigger records_status_forward on records",
            problem: "disabled: it does not fire",
            expected: "enabled (ALTER TABLE records ENABLE TRIGGER records_status_forward)",
          },
        ]);
      });

      it("a guard's function replaced by one that lets everything through", async () => {
        await built.h.rawExec(
          "CREATE OR REPLACE FUNCTION urnkit_locator_frozen() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$",
        );
        const report = await verifyRegistry(built.h.store);
        assert.deepEqual(report.findings, [
          {
            check: "triggers",
            code: "function-altered",
            object: "function urnkit_locator_frozen",
            problem: "its body differs from the one urnkit wrote",
            expected: "its body as migration 5 makes it",
          },
        ]);
      });

      it("a guard pointed at another function", async () => {
        await built.h.rawExec(`DROP TRIGGER records_never_deleted ON records;
CREATE TRIGGER records_never_deleted BEFORE DELETE ON records
FOR EACH ROW EXECUTE FUNCTION namespaces_notify();`);
        const report = await verifyRegistry(built.h.store);
        assert.deepEqual(
          report.findings.map((f) => [f.code, f.problem, f.expected]),
          [
            [
              "trigger-altered",
              "it runs namespaces_notify()",
              "it runs urnkit_refuse(), as migration 1 makes it",
            ],
          ],
        );
      });
    }
  });
}
