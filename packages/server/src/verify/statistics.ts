// Statistics consistent with their logs. Resolutions of a registered URN are counted twice: in
// their bucket (day, namespace, prefix, organisation, people or crawlers: stat_resolutions) and
// per URN, first in the URN log (chunks naming records by id), then rolled up into the URN's row
// of the day (stat_resolution_urns), which marks the last chunk it took in (logged_to) before the
// chunk is removed in the same transaction. So: every log entry names a record; no entry is both
// in the log and taken in (reads add the two: it would count twice); the log's ids go on past
// every logged_to (a new chunk at or below one counts as rolled up and may be removed before it
// is); and a bucket's per-URN counts never exceed its own, which are written first. Assignments
// are counted by triggers on records: a bucket's registrations never exceed its records, its
// activations the records past reserved, its deactivations the deactivated records. (Records
// from before statistics were kept are not counted: fewer counts are no defect.)

import type { IntegrityReads } from "../storage/integrity.js";
import { counted, EXAMPLES, type Finding, listed } from "./finding.js";

const LOG = "stat_resolution_urn_log";

function finding(code: string, object: string, problem: string, expected: string): Finding {
  return { check: "statistics", code, object, problem, expected };
}

/** A bucket as a finding names it: its parts, "-" for none. */
function bucket(...parts: string[]): string {
  return parts.map((part) => (part === "" ? "-" : part)).join(" ");
}

export async function statisticsFindings(reads: IntegrityReads): Promise<Finding[]> {
  const findings: Finding[] = [];
  const orphans = await reads.logEntriesWithoutRecord(EXAMPLES);
  if (orphans.count > 0)
    findings.push(
      finding(
        "stat-log-orphan",
        LOG,
        `${counted(orphans.count, "entry", "entries")} naming a record that does not exist: ${listed(
          orphans.examples.map((e) => `chunk ${e.chunk} (${e.day}) record ${e.record}`),
          orphans.count,
        )}; their counts would be lost when rolled up`,
        "every entry's record present",
      ),
    );
  const rolledUp = await reads.logEntriesRolledUp(EXAMPLES);
  if (rolledUp.count > 0)
    findings.push(
      finding(
        "stat-log-rolled-up",
        LOG,
        `${counted(rolledUp.count, "entry", "entries")} still in the log though their URN's rollup row took them in, so counted twice: ${listed(
          rolledUp.examples.map(
            (e) =>
              `chunk ${e.chunk} (${e.day}) ${e.key}, its rollup row at logged_to ${e.loggedTo}`,
          ),
          rolledUp.count,
        )}`,
        "a chunk only in the log until its rollup rows take it in (logged_to below the chunk's id)",
      ),
    );
  const sequence = await reads.logSequence();
  if (sequence.next <= sequence.loggedTo)
    findings.push(
      finding(
        "stat-log-sequence-behind",
        `${LOG} ids`,
        `the next chunk gets id ${sequence.next}, but the rollup has taken in chunks up to ${sequence.loggedTo}: new chunks would count as rolled up`,
        `the next chunk id at least ${sequence.loggedTo + 1}`,
      ),
    );
  for (const row of await reads.urnCountsPastBuckets(EXAMPLES))
    findings.push(
      finding(
        "stat-urns-past-bucket",
        `stat_resolution_urns ${bucket(row.day, row.nid, row.prefix, row.organisation)}`,
        `its URNs' resolutions add up to ${row.urnPeople} by people and ${row.urnBots} by crawlers, but stat_resolutions counts ${row.bucketPeople} and ${row.bucketBots}`,
        "per-URN counts at most their bucket's",
      ),
    );
  for (const row of await reads.assignmentsPastRecords(EXAMPLES))
    findings.push(
      finding(
        "stat-assignments-past-records",
        `stat_assignments ${bucket(row.nid, row.prefix, row.organisation)}`,
        `it counts ${row.registered} registered, ${row.activated} activated and ${row.deactivated} deactivated, but there are ${counted(row.records, "record")}, ${row.recordsPastReserved} past reserved and ${row.recordsDeactivated} deactivated`,
        "at most one registration a record, one activation a record past reserved, one deactivation a deactivated record",
      ),
    );
  return findings;
}
