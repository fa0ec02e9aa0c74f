// The URN–URL pairs one harvested record carries. In oai_dc a record lists its identifiers side by
// side in dc:identifier: the values that are URNs (RFC 8141 §2: "urn:" in any case) are the names,
// the http(s) URLs are where the item is, and every URN of the record gets every URL. In epicur the
// roles are explicit (record/identifier is the URN, resource/identifier scheme="url" a URL).
// Anything else (handles, DOIs, ISBNs) is not ours to register and is passed over.
//
// A URN its source does not have in use gets no URL, whatever the record lists: one an oai_dc
// record states reserved or deactivated (exchange/oai/formats/status-statements.ts, as a urnkit
// provider writes), and one of an epicur record without any URL, which is how xepicur withdraws
// a URN's URLs (the DNB deletes the URLs a record no longer delivers).

import { type StatedStatus, statedStatus } from "../oai/formats/status-statements.js";
import type { OaiRecord } from "./oai-response.js";

export interface RecordPairs {
  urns: string[];
  urls: string[];
  /** The URNs not in use at the source, with their status there; the others have `urls`. */
  notInUse: ReadonlyMap<string, StatedStatus>;
}

/** The reason of a URN an epicur record withdraws: xepicur carries none. */
export const EPICUR_WITHDRAWAL =
  "withdrawn at the harvested source: its epicur record gives the URN no URL";

const URN_START = /^urn:/i;
const WEB_URL = /^https?:\/\//i;

/** The record's URNs (as written: validation refuses a malformed one) and URLs, each once. */
export function recordPairs(record: OaiRecord): RecordPairs {
  const urns = new Set<string>();
  const urls = new Set<string>();
  const epicurUrns = new Set<string>();
  for (const { kind, value } of record.identifiers) {
    if (kind === "urn" || (kind === "dc" && URN_START.test(value))) urns.add(value);
    else if (kind === "url" || (kind === "dc" && WEB_URL.test(value))) urls.add(value);
    if (kind === "urn") epicurUrns.add(value);
  }
  const notInUse = new Map<string, StatedStatus>();
  for (const urn of urns) {
    const stated = statedStatus(urn, record.statements);
    if (stated !== null) notInUse.set(urn, stated);
    else if (epicurUrns.has(urn) && urls.size === 0)
      notInUse.set(urn, { status: "deactivated", reason: EPICUR_WITHDRAWAL, successors: [] });
  }
  return { urns: [...urns], urls: [...urls], notInUse };
}
