// `urnkit verify`: a registry checked as a whole, on one snapshot, in the database where it can
// be (scans and aggregates; only the keys are recomputed here, a page of records at a time). The
// schema version comes first: the other checks read the schema this software knows, so they run
// only when the database has exactly that.

import { expectedSchema } from "../storage/expected-schema.js";
import type { Engine } from "../storage/guard.js";
import { type Orphans, RECORD_CHILDREN, type RecordChild } from "../storage/integrity.js";
import type { Migration } from "../storage/migration.js";
import { migrations as postgresMigrations } from "../storage/postgres/migrations.js";
import { migrations as sqliteMigrations } from "../storage/sqlite/migrations.js";
import type { Store } from "../storage/store.js";
import { copyFindings } from "./copy.js";
import {
  type CheckName,
  type CheckOutcome,
  EXAMPLES,
  type Finding,
  type VerifyReport,
} from "./finding.js";
import { keyFindings } from "./keys.js";
import { orphanFindings } from "./orphans.js";
import { schemaVersionFindings } from "./schema-version.js";
import { CANDIDATES, sequenceFindings } from "./sequences.js";
import { statisticsFindings } from "./statistics.js";
import { triggerFindings } from "./triggers.js";

const MIGRATIONS: Record<Engine, readonly Migration[]> = {
  sqlite: sqliteMigrations,
  postgres: postgresMigrations,
};

const CHECKS_AFTER_VERSION: readonly CheckName[] = [
  "triggers",
  "sequences",
  "orphans",
  "keys",
  "statistics",
  "copy",
];

export async function verifyRegistry(store: Store): Promise<VerifyReport> {
  const engine = store.engine as Engine;
  const expected = expectedSchema(engine, MIGRATIONS[engine]);
  const knownVersion = Math.max(...expected.versions);
  return store.integrity.snapshot(async (reads) => {
    const applied = await reads.appliedVersions();
    const findings = schemaVersionFindings(applied, expected.versions);
    const checks: CheckOutcome[] = [{ name: "schema-version", findings: findings.length }];
    const report = (records: number | null): VerifyReport => ({
      ok: findings.length === 0,
      engine,
      schemaVersion: applied === null || applied.length === 0 ? null : Math.max(...applied),
      knownVersion,
      records,
      checks,
      findings,
    });
    if (findings.length > 0) {
      const skipped = "the schema is not the version this urnkit knows";
      for (const name of CHECKS_AFTER_VERSION) checks.push({ name, findings: 0, skipped });
      return report(null);
    }
    const run = async (name: CheckName, found: Promise<Finding[]>) => {
      const list = await found;
      checks.push({ name, findings: list.length });
      findings.push(...list);
    };
    await run(
      "triggers",
      (async () =>
        triggerFindings(engine, expected, {
          triggers: await reads.triggers(),
          functions: await reads.functions(),
          bypassed: await reads.triggersBypassed(),
        }))(),
    );
    await run(
      "sequences",
      (async () =>
        sequenceFindings(
          await reads.numbersAtOrPastNext(CANDIDATES),
          await reads.takenPastNext(),
          await reads.idSequencesBehind(),
        ))(),
    );
    await run(
      "orphans",
      (async () => {
        const found = new Map<RecordChild, Orphans>();
        for (const table of RECORD_CHILDREN) found.set(table, await reads.orphans(table, EXAMPLES));
        return orphanFindings(found);
      })(),
    );
    await run("keys", keyFindings(reads));
    await run("statistics", statisticsFindings(reads));
    await run("copy", (async () => copyFindings(await reads.unfinishedCopy()))());
    return report(await reads.recordCount());
  });
}
