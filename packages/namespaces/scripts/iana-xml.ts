// IANA's own publication of the "Uniform Resource Names (URN) Namespaces" registry
// (urn-namespaces.xml, RFC 8141 §7.2), turned into the snapshot CSV of data/ that gen:registry
// reads: one row per namespace with its kind (the formal registry urn-namespaces-1 or the
// informal urn-namespaces-2), its references in IANA's bracket style and its record date. The
// snapshot's notes are not in the XML (they record the registry's history): a NID keeps the note
// of the snapshot it replaces; a new NID gets its template's address.

import { createHash } from "node:crypto";
import { XMLParser } from "fast-xml-parser";
import { csvLine, readNamespaceRows, snapshotDate } from "./registry-csv.js";

interface Xref {
  "@_type": string;
  "@_data": string;
  "#text"?: string;
}

interface XmlRecord {
  name: string;
  "@_date"?: string;
  xref?: Xref[];
  template?: { xref?: Xref[] };
  contact?: { xref?: Xref[] };
}

interface XmlRegistry {
  "@_id"?: string;
  record?: XmlRecord[];
}

interface XmlPerson {
  "@_id": string;
  name: string;
}

const REGISTRIES = { "urn-namespaces-1": "formal", "urn-namespaces-2": "informal" } as const;

/** Whether `text` looks like XML rather than a CSV snapshot. */
export function isXml(text: string): boolean {
  return /^\s*</.test(text);
}

/**
 * The snapshot CSV for IANA's `xml`, read from `source`. `previous` is the snapshot it replaces
 * (for the notes). Throws, naming what is wrong, on XML that is not that registry or holds a
 * reference of a kind this conversion does not know (rather than guess its spelling).
 */
export function namespacesCsvFromIanaXml(xml: string, previous: string, source: string): string {
  const parser = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ["registry", "record", "xref", "person"].includes(name),
    parseTagValue: false,
    trimValues: true,
  });
  const doc = parser.parse(xml) as {
    registry?: { updated?: string; registry?: XmlRegistry[]; people?: { person?: XmlPerson[] } }[];
  };
  const root = doc.registry?.[0];
  const updated = root?.updated;
  if (root === undefined || updated === undefined || !/^\d{4}-\d\d-\d\d$/.test(updated))
    throw new Error("not IANA's URN namespaces registry: no <registry> with an <updated> date");
  const people = new Map((root.people?.person ?? []).map((p) => [p["@_id"], p.name]));
  const notes = new Map(readNamespaceRows(previous).map((r) => [r.nid, r.note]));

  const rows: string[] = [];
  const counts = { formal: 0, informal: 0 };
  for (const registry of root.registry ?? []) {
    const kind = REGISTRIES[registry["@_id"] as keyof typeof REGISTRIES];
    if (kind === undefined) continue;
    for (const record of registry.record ?? []) {
      const nid = String(record.name);
      // urn-7 names its RFC as the contact and has no reference of its own.
      const xrefs =
        record.xref ?? (record.contact?.xref ?? []).filter((x) => x["@_type"] === "rfc");
      const reference = xrefs.map((x) => `[${referenceText(x, nid, people)}]`).join(" ");
      const template = record.template?.xref?.[0]?.["@_data"];
      const note = notes.get(nid) ?? (template === undefined ? "" : `template: ${template}`);
      rows.push(csvLine([nid, kind, reference, record["@_date"] ?? "", note]));
      counts[kind]++;
    }
  }
  if (rows.length === 0) throw new Error("no formal or informal namespace records in the XML");
  const text = [
    `# IANA "Uniform Resource Names (URN) Namespaces" registry snapshot (registry last updated ${updated}): ${counts.formal} formal + ${counts.informal} informal namespaces.`,
    `# Source: ${source} (sha256 ${createHash("sha256").update(xml).digest("hex")}), converted from IANA's XML by npm run gen:registry. "registered" is the IANA record date attribute (empty where IANA records none); reference uses IANA bracket style. note: kept from the previous snapshot for the NIDs it had (their history), else the template URL. Lines starting with # are comments.`,
    "nid,kind,reference,registered,note",
    ...rows,
    "",
  ].join("\n");
  readNamespaceRows(text);
  snapshotDate(text);
  return text;
}

/** One reference as the snapshot spells it inside its brackets. */
function referenceText(x: Xref, nid: string, people: Map<string, string>): string {
  const data = x["@_data"];
  const text = x["#text"];
  switch (x["@_type"]) {
    case "rfc":
      return data.toUpperCase();
    case "rfc-errata":
      return `RFC Errata ${data}`;
    case "person": {
      const name = people.get(data);
      if (name === undefined) throw new Error(`${nid}: person "${data}" is not in <people>`);
      return `${name} (person)`;
    }
    case "uri":
      // A link whose text is only the NID (the informal templates) is shown as the address.
      return text === undefined || text === nid ? data : `${text} <${data}>`;
    default:
      throw new Error(
        `${nid}: a reference of type "${x["@_type"]}", which this conversion does not know`,
      );
  }
}
