// Each prefix's sequence at or past every number minted or reserved under it: the audit log
// records no number taken past where it stands, and where the log does not say how a record came
// (a registry moved without its history), no record holds a URN the sequence would give again. A
// record's key counts as a number of its prefix only when it is exactly what minting that number
// makes (padding, check character, the namespace's key); one whose creation the log holds is left
// to the log (storage/integrity.ts, CREATION_NOT_LOGGED): a URN a registrar named in minting's
// shape takes no number, and minting skips it. In PostgreSQL, each identity column's sequence is
// past every id too (a restore or a copy that leaves one behind makes inserts fail).

import { URN } from "@urnkit/core";
import { numberedUrn } from "../registry/mint.js";
import { registeredKey } from "../registry/registration.js";
import type { IdSequence, NumberedRecord, TakenNumbers } from "../storage/integrity.js";
import type { CheckScheme } from "../storage/prefixes.js";
import { counted, type Finding } from "./finding.js";

/** Candidate records read at most: there are none unless a sequence is behind. */
export const CANDIDATES = 10_000;

/** Whether `record` holds exactly the URN its prefix mints for the number its digits spell. */
function isMinted(record: NumberedRecord): boolean {
  const { digits, width } = record;
  if (digits.length > width && digits.startsWith("0")) return false;
  const urn = URN.parse(
    numberedUrn({ prefix: record.prefix, check: record.check as CheckScheme }, digits),
  );
  return urn !== null && registeredKey(urn) === record.key;
}

function finding(
  object: string,
  problem: string,
  expected: string,
  code = "sequence-behind",
): Finding {
  return { check: "sequences", code, object, problem, expected };
}

export function sequenceFindings(
  numbered: readonly NumberedRecord[],
  taken: readonly TakenNumbers[],
  ids: readonly IdSequence[],
): Finding[] {
  const findings: Finding[] = [];
  // Each prefix's candidates come highest first: the first minted one says how far it must go.
  const byPrefix = new Map<string, { highest: NumberedRecord; count: number }>();
  for (const record of numbered) {
    if (!isMinted(record)) continue;
    const seen = byPrefix.get(record.prefix);
    if (seen === undefined) byPrefix.set(record.prefix, { highest: record, count: 1 });
    else seen.count += 1;
  }
  for (const { highest, count } of byPrefix.values()) {
    const n = BigInt(highest.digits);
    const more =
      count > 1 ? ` (and ${counted(count - 1, "number")} more at or past ${highest.next})` : "";
    findings.push(
      finding(
        `prefix ${highest.prefix}`,
        `its sequence stands at ${highest.next}, but number ${n} is registered: ${highest.urn} (record ${highest.id})${more}`,
        `next at least ${n + 1n}`,
      ),
    );
  }
  for (const { prefix, next, past } of taken)
    findings.push(
      finding(
        `prefix ${prefix}`,
        `its sequence stands at ${next}, but the audit log records numbers taken up to ${past - 1}`,
        `next at least ${past}`,
      ),
    );
  for (const { table, column, next, maxId } of ids)
    findings.push(
      finding(
        `sequence of ${table}.${column}`,
        `it gives ${next} next, but ids up to ${maxId} are taken: inserts would fail`,
        `next at least ${maxId + 1} (SELECT setval(pg_get_serial_sequence('${table}', '${column}'), ${maxId}))`,
        "id-sequence-behind",
      ),
    );
  return findings;
}
