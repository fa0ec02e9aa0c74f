// A metadata format the provider disseminates (OAI-PMH 2.0 §3.4 metadataPrefix, schema,
// metadataNamespace), and which records it can be given for (§4.4: formats are per item).

import type { OaiRecord } from "../../../storage/oai.js";

export interface MetadataFormat {
  prefix: string;
  /** The XSD's URL; `base` is the provider's base URL (a schema served by this server). */
  schema(base: string): string;
  namespace: string;
  /** The record's metadata: one element in the format's namespace, with xsi:schemaLocation. */
  write(record: OaiRecord, base: string): string;
  /**
   * The format is a statement of where a URN resolves (epicur): it gives a URN in use with an
   * active locator, and a deactivated one (whose URLs it withdraws), never a reserved one.
   */
  urlList?: true;
}

/** Whether `record` can be given in `format`. */
export function disseminates(format: MetadataFormat, record: OaiRecord): boolean {
  if (format.urlList !== true || record.status === "deactivated") return true;
  return record.status === "active" && record.locators.some((l) => l.active);
}

export const XSI = "http://www.w3.org/2001/XMLSchema-instance";
