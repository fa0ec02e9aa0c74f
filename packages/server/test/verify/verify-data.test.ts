// `urnkit verify` on both engines, the data half: each defect put in by hand (through the store
// where the registry lets it in, by raw SQL with the guard out of the way where it does not) is
// reported with the finding worked out here, and nothing else is.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { verifyRegistry } from "../../src/verify/verify-registry.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import {
  builtForEachTest,
  bySql,
  createUnder,
  DAY,
  idOf,
  PREFIX,
  withTriggerLifted,
} from "./registry-fixture.js";

const T = "2026-11-20T10:00:00.000Z";

/** Raw SQL with the foreign keys and guards of the session out of the way (an operator's shell). */
function unguarded(h: EngineHandle, sqliteTrigger: string, table: string, insert: string) {
  if (h.store.engine === "postgres")
    return h.rawExec(
      `SET session_replication_role = replica; ${insert}; SET session_replication_role = origin;`,
    );
  return withTriggerLifted(
    h,
    table,
    sqliteTrigger,
    `PRAGMA foreign_keys = OFF; ${insert}; PRAGMA foreign_keys = ON`,
  );
}

for (const engine of engines) {
  describe(`verify: sequences, orphans, keys, statistics (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const built = builtForEachTest(engine);

    const findings = async () => {
      const report = await verifyRegistry(built.h.store);
      assert.equal(report.ok, report.findings.length === 0);
      return report.findings;
    };

    it("a number past its prefix's sequence that no audit row accounts for (moved without history)", async () => {
      // Written as minting writes number 7, by raw SQL: no audit row says a registrar named it, so
      // the sequence (at 3) may have given it. urn:example:p-00099 (99, but not written as the
      // prefix writes a number) is not counted.
      await built.h.rawExec(
        `INSERT INTO records (key, urn, nid, status, created, updated, organisation, prefix)
         VALUES ('${PREFIX}0007', '${PREFIX}0007', 'example', 'reserved', '${T}', '${T}', 'org-a', '${PREFIX}')`,
      );
      assert.deepEqual(await findings(), [
        {
          check: "sequences",
          code: "sequence-behind",
          object: `prefix ${PREFIX}`,
          problem: `its sequence stands at 3, but number 7 is registered: ${PREFIX}0007 (record ${await idOf(built.h, `${PREFIX}0007`)})`,
          expected: "next at least 8",
        },
      ]);
    });

    it("a URN a registrar named in minting's shape past the sequence is no number taken", async () => {
      // The audit log holds its creation and no mint of number 7: minting skips it when it gets
      // there, so the sequence at 3 gives nothing twice.
      await createUnder(built.h, `${PREFIX}0007`, "reserved");
      assert.deepEqual(await findings(), []);
    });

    it("a sequence set back behind numbers taken (its guard lifted)", async () => {
      await withTriggerLifted(
        built.h,
        "prefixes",
        "prefixes_sequence_forward",
        `UPDATE prefixes SET next = 2 WHERE prefix = '${PREFIX}'`,
      );
      // Number 2's record is in the log, and so is the reservation that took it: the log says.
      assert.deepEqual(await findings(), [
        {
          check: "sequences",
          code: "sequence-behind",
          object: `prefix ${PREFIX}`,
          problem: "its sequence stands at 2, but the audit log records numbers taken up to 2",
          expected: "next at least 3",
        },
      ]);
    });

    if (engine.name === "postgres")
      it("an identity sequence behind the ids taken (a copy that left it behind)", async () => {
        await built.h.rawExec("SELECT setval(pg_get_serial_sequence('records', 'id'), 2)");
        assert.deepEqual(await findings(), [
          {
            check: "sequences",
            code: "id-sequence-behind",
            object: "sequence of records.id",
            problem: "it gives 3 next, but ids up to 5 are taken: inserts would fail",
            expected: "next at least 6 (SELECT setval(pg_get_serial_sequence('records', 'id'), 5))",
          },
        ]);
      });

    it("a locator, an identifier and a successor link without their record", async () => {
      await unguarded(
        built.h,
        "locators_never_replaced",
        "locators",
        `INSERT INTO locators (record_id, url, created) VALUES (999, 'https://lost.example/', '${T}')`,
      );
      await unguarded(
        built.h,
        "identifiers_need_record",
        "record_identifiers",
        `INSERT INTO record_identifiers (organisation, type, value, record_id, created)
         VALUES ('org-a', 'isbn', '0-00', 998, '${T}')`,
      );
      await unguarded(
        built.h,
        "successors_need_record",
        "successors",
        `INSERT INTO successors (record_id, successor_urn, successor_key, created)
         VALUES (997, 'urn:example:a', 'urn:example:a', '${T}')`,
      );
      const locator = (await built.h.rawRows("locators")).find((l) => Number(l.record_id) === 999);
      assert.deepEqual(await findings(), [
        {
          check: "orphans",
          code: "orphan-locator",
          object: "locators",
          problem: `1 locator without its record: locator ${locator?.id} (record 999)`,
          expected: "every locator's record present (restore the registry whole from its backup)",
        },
        {
          check: "orphans",
          code: "orphan-identifier",
          object: "record_identifiers",
          problem: "1 identifier without its record: identifier org-a isbn 0-00 (record 998)",
          expected:
            "every identifier's record present (restore the registry whole from its backup)",
        },
        {
          check: "orphans",
          code: "orphan-successor",
          object: "successors",
          problem: "1 successor link without its record: successor urn:example:a (record 997)",
          expected:
            "every successor link's record present (restore the registry whole from its backup)",
        },
      ]);
    });

    it("two equivalent URNs, one stored under a key that is not its equivalence key", async () => {
      // RFC 8141 §3.1: "urn", the NID and percent-encoding are case-insensitive, so
      // URN:EXAMPLE:a is urn:example:a, whatever key it was stored under.
      await built.h.rawExec(
        `INSERT INTO records (key, urn, nid, status, created, updated)
         VALUES ('URN:EXAMPLE:a', 'URN:EXAMPLE:a', 'example', 'active', '${T}', '${T}')`,
      );
      const a = await idOf(built.h, "urn:example:a");
      const copy = await idOf(built.h, "URN:EXAMPLE:a");
      assert.deepEqual(await findings(), [
        {
          check: "keys",
          code: "key-mismatch",
          object: `record ${copy} (URN:EXAMPLE:a)`,
          problem:
            "its stored key is URN:EXAMPLE:a, but its URN's equivalence key is urn:example:a",
          expected: "the key urn:example:a",
        },
        {
          check: "keys",
          code: "key-collision",
          object: `records ${a} and ${copy}`,
          problem:
            "urn:example:a and URN:EXAMPLE:a are equivalent (RFC 8141 §3): both have the key urn:example:a",
          expected: "one record for each equivalence key",
        },
      ]);
    });

    it("an assignment count past the records that could have made it", async () => {
      // The prefix's bucket: p-0001 and p-0002 (reserved) and p-00099 (active), all registered.
      await built.h.rawExec(
        `UPDATE stat_assignments SET count = count + 5
         WHERE event = 'registered' AND prefix = '${PREFIX}'`,
      );
      assert.deepEqual(await findings(), [
        {
          check: "statistics",
          code: "stat-assignments-past-records",
          object: `stat_assignments example ${PREFIX} org-a`,
          problem:
            "it counts 8 registered, 0 activated and 0 deactivated, but there are 3 records, 1 past reserved and 0 deactivated",
          expected:
            "at most one registration a record, one activation a record past reserved, one deactivation a deactivated record",
        },
      ]);
    });

    it("a URN's rollup row counting more than its bucket", async () => {
      // a: 2 rolled up + 1 logged against 4 in the bucket; 10 more makes 13.
      await built.h.rawExec(
        `UPDATE stat_resolution_urns SET count = count + 10 WHERE key = 'urn:example:a'`,
      );
      assert.deepEqual(await findings(), [
        {
          check: "statistics",
          code: "stat-urns-past-bucket",
          object: `stat_resolution_urns ${DAY} example - org-a`,
          problem:
            "its URNs' resolutions add up to 13 by people and 0 by crawlers, but stat_resolutions counts 4 and 0",
          expected: "per-URN counts at most their bucket's",
        },
      ]);
    });

    it("a log entry naming no record", async () => {
      const entry = `[[999,"example","","org-a",1,0]]`;
      await bySql(built.h, {
        sqlite: `INSERT INTO stat_resolution_urn_log (day, urns) VALUES ('2026-11-21', '${entry}')`,
        postgres: `INSERT INTO stat_resolution_urn_log (day, urns) VALUES ('2026-11-21', '${entry}'::jsonb)`,
      });
      const chunk = Math.max(
        ...(await built.h.rawRows("stat_resolution_urn_log")).map((r) => Number(r.id)),
      );
      assert.deepEqual(await findings(), [
        {
          check: "statistics",
          code: "stat-log-orphan",
          object: "stat_resolution_urn_log",
          problem: `1 entry naming a record that does not exist: chunk ${chunk} (2026-11-21) record 999; their counts would be lost when rolled up`,
          expected: "every entry's record present",
        },
        {
          // Its bucket has no resolutions at all that day.
          check: "statistics",
          code: "stat-urns-past-bucket",
          object: "stat_resolution_urns 2026-11-21 example - org-a",
          problem:
            "its URNs' resolutions add up to 1 by people and 0 by crawlers, but stat_resolutions counts 0 and 0",
          expected: "per-URN counts at most their bucket's",
        },
      ]);
    });

    it("a rollup row marked as having taken in chunks the log still holds", async () => {
      // The log holds the second flush's chunk; marking a's row as having taken in up to 50
      // counts that chunk twice and puts every id the log gives next at or below it.
      await built.h.rawExec("UPDATE stat_resolution_urns SET logged_to = 50");
      const [chunk] = (await built.h.rawRows("stat_resolution_urn_log")).map((r) => Number(r.id));
      assert.deepEqual(await findings(), [
        {
          check: "statistics",
          code: "stat-log-rolled-up",
          object: "stat_resolution_urn_log",
          problem: `1 entry still in the log though their URN's rollup row took them in, so counted twice: chunk ${chunk} (${DAY}) urn:example:a, its rollup row at logged_to 50`,
          expected:
            "a chunk only in the log until its rollup rows take it in (logged_to below the chunk's id)",
        },
        {
          check: "statistics",
          code: "stat-log-sequence-behind",
          object: "stat_resolution_urn_log ids",
          problem: `the next chunk gets id ${Number(chunk) + 1}, but the rollup has taken in chunks up to 50: new chunks would count as rolled up`,
          expected: "the next chunk id at least 51",
        },
      ]);
    });
  });
}
