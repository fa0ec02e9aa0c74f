// Every record's key is its URN's equivalence key (RFC 8141 §3, with its namespace's own rules:
// the key a registration gives it), recomputed here from the URN text, and no two records have
// equal keys: neither as stored (the unique index gone) nor as recomputed (a key stored wrong
// hides the record its URN is equivalent to, and the URN could be registered twice). The records
// are read a page at a time; only those whose key is wrong are kept, to look up what they collide
// with.

import { URN } from "@urnkit/core";
import { registeredKey } from "../registry/registration.js";
import type { IntegrityReads, RecordKey } from "../storage/integrity.js";
import { counted, EXAMPLES, type Finding } from "./finding.js";

/** Records with a wrong key kept at most to look up collisions (and reported at most EXAMPLES). */
const MISMATCHES_KEPT = 10_000;

/** Keys looked up at once. */
const LOOKUP = 1000;

function finding(code: string, object: string, problem: string, expected: string): Finding {
  return { check: "keys", code, object, problem, expected };
}

interface Mismatch extends RecordKey {
  computed: string;
}

function collision(a: RecordKey, b: RecordKey, key: string): Finding {
  return finding(
    "key-collision",
    `records ${a.id} and ${b.id}`,
    `${a.urn} and ${b.urn} are equivalent (RFC 8141 §3): both have the key ${key}`,
    "one record for each equivalence key",
  );
}

export async function keyFindings(reads: IntegrityReads): Promise<Finding[]> {
  const findings: Finding[] = [];
  const mismatches: Mismatch[] = [];
  let invalid = 0;
  let wrong = 0;
  for await (const page of reads.recordKeys()) {
    for (const record of page) {
      const urn = URN.parse(record.urn);
      if (urn === null) {
        invalid += 1;
        if (invalid <= EXAMPLES)
          findings.push(
            finding(
              "urn-invalid",
              `record ${record.id}`,
              `its URN ${JSON.stringify(record.urn)} is not an RFC 8141 URN`,
              "a URN that parses",
            ),
          );
        continue;
      }
      const computed = registeredKey(urn);
      if (computed === record.key) continue;
      wrong += 1;
      if (mismatches.length < MISMATCHES_KEPT) mismatches.push({ ...record, computed });
      if (wrong <= EXAMPLES)
        findings.push(
          finding(
            "key-mismatch",
            `record ${record.id} (${record.urn})`,
            `its stored key is ${record.key}, but its URN's equivalence key is ${computed}`,
            `the key ${computed}`,
          ),
        );
    }
  }
  if (invalid > EXAMPLES)
    findings.push(
      finding(
        "urn-invalid",
        "records",
        `${counted(invalid - EXAMPLES, "more record")} like these`,
        "URNs that parse",
      ),
    );
  if (wrong > EXAMPLES)
    findings.push(
      finding(
        "key-mismatch",
        "records",
        `${counted(wrong - EXAMPLES, "more record")} whose stored key is not its URN's`,
        "each record's key its URN's equivalence key",
      ),
    );
  for (const { key, ids } of await reads.duplicateKeys(EXAMPLES))
    findings.push(
      finding(
        "key-collision",
        `records ${ids.join(", ")}`,
        `all have the stored key ${key}`,
        "one record for each equivalence key (the unique index on records.key in place)",
      ),
    );
  findings.push(...(await recomputedCollisions(reads, mismatches)));
  return findings;
}

/**
 * Records whose recomputed key equals another record's key: the stored key of a record that is
 * right, or the recomputed key of another whose stored key is wrong.
 */
async function recomputedCollisions(
  reads: IntegrityReads,
  mismatches: readonly Mismatch[],
): Promise<Finding[]> {
  const findings: Finding[] = [];
  const byComputed = new Map<string, Mismatch[]>();
  for (const record of mismatches) {
    const same = byComputed.get(record.computed);
    if (same === undefined) byComputed.set(record.computed, [record]);
    else same.push(record);
  }
  const keys = [...byComputed.keys()];
  for (let i = 0; i < keys.length && findings.length < EXAMPLES; i += LOOKUP) {
    const holders = await reads.recordsByKeys(keys.slice(i, i + LOOKUP));
    for (const holder of holders)
      for (const record of byComputed.get(holder.key) ?? [])
        if (record.id !== holder.id) findings.push(collision(holder, record, holder.key));
  }
  for (const [key, records] of byComputed)
    for (let j = 1; j < records.length; j++)
      findings.push(collision(records[0] as Mismatch, records[j] as Mismatch, key));
  return findings.slice(0, EXAMPLES);
}
