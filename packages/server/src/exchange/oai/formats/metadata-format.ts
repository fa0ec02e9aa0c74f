// A metadata format the provider disseminates (OAI-PMH 2.0 §3.4 metadataPrefix, schema,
// metadataNamespace): every record can be shown in each of them.

import type { OaiRecord } from "../../../storage/oai.js";

export interface MetadataFormat {
  prefix: string;
  /** The XSD's URL; `base` is the provider's base URL (a schema served by this server). */
  schema(base: string): string;
  namespace: string;
  /** The record's metadata: one element in the format's namespace, with xsi:schemaLocation. */
  write(record: OaiRecord, base: string): string;
  /** The format is a record's URLs: a record without an active locator has none to give. */
  needsActiveLocator?: true;
}

/** Whether `record` can be given in `format` (OAI-PMH §4.4: formats are per item). */
export function disseminates(format: MetadataFormat, record: OaiRecord): boolean {
  return format.needsActiveLocator !== true || record.locators.some((l) => l.active);
}

export const XSI = "http://www.w3.org/2001/XMLSchema-instance";
