// Identify (OAI-PMH 2.0 §4.2): the repository's name, base URL, protocol version, administrators,
// earliest datestamp, how deleted records are kept, and the datestamp granularity.
//
// deletedRecord is "no": a URN is never deleted (RFC 8141 §1.1 persistence; the schema refuses
// deletes), so the repository never answers with a deleted record. A deactivated URN is not one:
// it stays, a tombstone with its reason and successors that resolves to them, so it keeps its
// place in every list with a full record saying it is deactivated in each format (urnkit's
// status, oai_dc's dc:description, an epicur record that withdraws its URLs). A header
// status="deleted" (§2.5.1) would say the item's metadata is gone, which it is not, and a
// harvester would drop the record, reason and successors with it.

import { datestamp, GRANULARITY } from "./datestamp.js";
import type { OaiOptions } from "./options.js";
import { element } from "./xml.js";

export function identify(options: OaiOptions, base: string, earliest: string | null): string {
  let out = "<Identify>";
  out += element("repositoryName", options.repositoryName);
  out += element("baseURL", base);
  out += element("protocolVersion", "2.0");
  for (const email of options.adminEmails) out += element("adminEmail", email);
  out += element("earliestDatestamp", datestamp(earliest ?? new Date()));
  out += element("deletedRecord", "no");
  out += element("granularity", GRANULARITY);
  return `${out}</Identify>`;
}
