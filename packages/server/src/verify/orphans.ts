// No locator, identifier or successor link without its record. The schema refuses one (foreign
// keys, and SQLite's guards whatever its pragmas say), so one found here came in around it: a
// restore of part of a database, a copy made table by table, or SQL with the guards lifted.

import type { Orphans, RecordChild } from "../storage/integrity.js";
import { counted, type Finding, listed } from "./finding.js";

const KINDS: Record<RecordChild, { code: string; noun: string }> = {
  locators: { code: "orphan-locator", noun: "locator" },
  record_identifiers: { code: "orphan-identifier", noun: "identifier" },
  successors: { code: "orphan-successor", noun: "successor link" },
};

export function orphanFindings(found: ReadonlyMap<RecordChild, Orphans>): Finding[] {
  const findings: Finding[] = [];
  for (const [table, { count, examples }] of found) {
    if (count === 0) continue;
    const { code, noun } = KINDS[table];
    const named = examples.map((example) => `${example.row} (record ${example.recordId})`);
    findings.push({
      check: "orphans",
      code,
      object: table,
      problem: `${counted(count, noun)} without its record: ${listed(named, count)}`,
      expected: `every ${noun}'s record present (restore the registry whole from its backup)`,
    });
  }
  return findings;
}
