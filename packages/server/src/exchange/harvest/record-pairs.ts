// The URN–URL pairs one harvested record carries. In oai_dc a record lists its identifiers side by
// side in dc:identifier: the values that are URNs (RFC 8141 §2: "urn:" in any case) are the names,
// the http(s) URLs are where the item is, and every URN of the record gets every URL. In epicur the
// roles are explicit (record/identifier is the URN, resource/identifier scheme="url" a URL).
// Anything else (handles, DOIs, ISBNs) is not ours to register and is passed over.

import type { OaiRecord } from "./oai-response.js";

export interface RecordPairs {
  urns: string[];
  urls: string[];
}

const URN_START = /^urn:/i;
const WEB_URL = /^https?:\/\//i;

/** The record's URNs (as written: validation refuses a malformed one) and URLs, each once. */
export function recordPairs(record: OaiRecord): RecordPairs {
  const urns = new Set<string>();
  const urls = new Set<string>();
  for (const { kind, value } of record.identifiers) {
    if (kind === "urn" || (kind === "dc" && URN_START.test(value))) urns.add(value);
    else if (kind === "url" || (kind === "dc" && WEB_URL.test(value))) urls.add(value);
  }
  return { urns: [...urns], urls: [...urls] };
}
