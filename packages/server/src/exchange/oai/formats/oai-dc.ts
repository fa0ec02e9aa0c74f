// oai_dc (OAI-PMH 2.0 §3.4, the required format; schema http://www.openarchives.org/OAI/2.0/oai_dc.xsd):
// unqualified Dublin Core. dc:identifier holds the URN and, for a URN in use, the URLs of its
// active locators, best first: harvesters read URN–URL pairs from them, so a deactivated URN (a
// tombstone keeps its locators as they were) or a reserved one lists no URL, and says what it is
// in dc:description (status-statements.ts); a deactivated URN's successors are also dc:relation.
// Metadata members named like a Dublin Core element (title, creator, …) with text values fill
// that element, but for a URN not in use an http(s) URL among its identifiers is left out: a
// harvester would take it for a location of the URN.

import type { OaiRecord } from "../../../storage/oai.js";
import { attrs, element } from "../xml.js";
import { type MetadataFormat, XSI } from "./metadata-format.js";
import { statusStatements } from "./status-statements.js";

const NAMESPACE = "http://www.openarchives.org/OAI/2.0/oai_dc/";
const SCHEMA = "http://www.openarchives.org/OAI/2.0/oai_dc.xsd";
const DC = "http://purl.org/dc/elements/1.1/";

/** The fifteen elements of the Dublin Core Metadata Element Set 1.1. */
const ELEMENTS = [
  "title",
  "creator",
  "subject",
  "description",
  "publisher",
  "contributor",
  "date",
  "type",
  "format",
  "identifier",
  "source",
  "language",
  "relation",
  "coverage",
  "rights",
] as const;

const WEB_URL = /^https?:\/\//i;

/** The texts of a metadata value: a string, a number, or an array of them. */
function texts(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value === "number" || typeof value === "boolean") return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => (Array.isArray(v) ? [] : texts(v)));
  return [];
}

export const oaiDc: MetadataFormat = {
  prefix: "oai_dc",
  schema: () => SCHEMA,
  namespace: NAMESPACE,
  write(record: OaiRecord): string {
    let out = `<oai_dc:dc${attrs({
      "xmlns:oai_dc": NAMESPACE,
      "xmlns:dc": DC,
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${NAMESPACE} ${SCHEMA}`,
    })}>`;
    out += element("dc:identifier", record.urn);
    if (record.status === "active")
      for (const l of record.locators) if (l.active) out += element("dc:identifier", l.url);
    for (const sentence of statusStatements(record)) out += element("dc:description", sentence);
    const metadata = record.metadata ?? {};
    const inUse = record.status === "active";
    for (const name of ELEMENTS)
      if (Object.hasOwn(metadata, name))
        for (const t of texts(metadata[name]))
          if (inUse || name !== "identifier" || !WEB_URL.test(t)) out += element(`dc:${name}`, t);
    for (const s of record.successors) out += element("dc:relation", s);
    return `${out}</oai_dc:dc>`;
  },
};
