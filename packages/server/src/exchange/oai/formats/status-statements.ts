// What an oai_dc record says of a URN that is not in use. Unqualified Dublin Core has no element
// for a status, so the provider says it in dc:description, one sentence a fact, each beginning
// with the URN itself: "urn:x is deactivated: why", "urn:x is replaced by urn:y", "urn:x is
// reserved and not in use yet". They read plainly to a person, and, bound to the record's own URN,
// a description taken from the record's metadata is not mistaken for one. The harvester
// (exchange/harvest/record-pairs.ts) reads them back with statedStatus.

import type { OaiRecord } from "../../../storage/oai.js";

/** What the statements say of a URN that is not in use. */
export type StatedStatus =
  | { status: "reserved" }
  | { status: "deactivated"; reason: string | null; successors: string[] };

const DEACTIVATED = " is deactivated";
const REPLACED_BY = " is replaced by ";
const RESERVED = " is reserved and not in use yet";

/** The statements of `record`'s status: none for a URN in use. */
export function statusStatements(record: OaiRecord): string[] {
  const urn = record.urn;
  if (record.status === "reserved") return [urn + RESERVED];
  if (record.status !== "deactivated") return [];
  const reason = record.reason?.trim() ? `: ${record.reason}` : "";
  return [urn + DEACTIVATED + reason, ...record.successors.map((s) => urn + REPLACED_BY + s)];
}

/** What `sentences` state of `urn` (as the record's identifier spells it); null: nothing. */
export function statedStatus(urn: string, sentences: readonly string[]): StatedStatus | null {
  let reserved = false;
  let deactivated = false;
  let reason: string | null = null;
  const successors: string[] = [];
  for (const sentence of sentences) {
    if (!sentence.startsWith(urn)) continue;
    const rest = sentence.slice(urn.length);
    if (rest === RESERVED) reserved = true;
    else if (rest === DEACTIVATED) deactivated = true;
    else if (rest.startsWith(`${DEACTIVATED}: `)) {
      deactivated = true;
      reason = rest.slice(DEACTIVATED.length + 2);
    } else if (rest.startsWith(REPLACED_BY) && /^urn:\S+$/i.test(rest.slice(REPLACED_BY.length)))
      successors.push(rest.slice(REPLACED_BY.length));
  }
  // A deactivation outranks a reservation: status only moves forward.
  if (deactivated) return { status: "deactivated", reason, successors };
  return reserved ? { status: "reserved" } : null;
}
