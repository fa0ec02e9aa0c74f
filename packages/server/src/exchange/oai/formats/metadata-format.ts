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
}

export const XSI = "http://www.w3.org/2001/XMLSchema-instance";
