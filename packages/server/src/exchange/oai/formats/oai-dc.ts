// oai_dc (OAI-PMH 2.0 §3.4, the required format; schema http://www.openarchives.org/OAI/2.0/oai_dc.xsd):
// unqualified Dublin Core. dc:identifier holds the URN and then the URLs of its active locators,
// best first (a harvester reads URN–URL pairs from them); metadata members named like a Dublin
// Core element (title, creator, …) with text values fill that element; a deactivated URN says
// so in dc:description, and its successors are dc:relation.

import type { OaiRecord } from "../../../storage/oai.js";
import { attrs, element } from "../xml.js";
import { type MetadataFormat, XSI } from "./metadata-format.js";

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
    for (const l of record.locators) if (l.active) out += element("dc:identifier", l.url);
    const metadata = record.metadata ?? {};
    for (const name of ELEMENTS)
      if (Object.hasOwn(metadata, name))
        for (const t of texts(metadata[name])) out += element(`dc:${name}`, t);
    if (record.status === "deactivated")
      out += element("dc:description", `Deactivated${record.reason ? `: ${record.reason}` : ""}`);
    for (const s of record.successors) out += element("dc:relation", s);
    return `${out}</oai_dc:dc>`;
  },
};
