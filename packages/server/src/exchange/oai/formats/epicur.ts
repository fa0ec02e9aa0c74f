// epicur: the German National Library's URN–URL transfer format "xepicur" version 1.0, namespace
// urn:nbn:de:1111-2004033116, schema http://www.persistent-identifier.de/xepicur/version1.0/xepicur.xsd
// (reference description: http://www.persistent-identifier.de/?link=210, schema documentation:
// http://www.persistent-identifier.de/english/230-xepicur-documentation-eng.html).
//
// One <record> per URN: its <identifier> with the scheme of epicur-scheme.ts, and for a URN in
// use a <resource> per active locator: <identifier scheme="url">, role "primary" for the best
// locator and "secondary" for the others, with its media type as <format scheme="imt">.
// update_status says "urn_new" for a record never changed since it was registered and
// "url_update_general" for one changed since; the transfer type is "oai".
//
// The DNB's harvester takes the URLs a record delivers as all the URN's current URLs and deletes
// those it no longer finds, so a record is a statement of where the URN resolves. A deactivated
// URN is therefore given as "url_update_general" without any <resource>, xepicur's way to
// withdraw a URN's URLs (a tombstone keeps its locators, but they are not where it resolves).
// A URN in use without an active locator, or a reserved one, is not given in epicur at all: not
// in its lists, not by GetRecord (cannotDisseminateFormat), not among the record's formats in
// ListMetadataFormats (OAI-PMH §4.4: formats are per item). xepicur has no word for a reservation,
// and a URL of a reserved URN is not one it resolves to; a record without URLs would withdraw it.

import type { OaiRecord } from "../../../storage/oai.js";
import { attrs, element } from "../xml.js";
import { epicurScheme } from "./epicur-scheme.js";
import { type MetadataFormat, XSI } from "./metadata-format.js";

const NAMESPACE = "urn:nbn:de:1111-2004033116";
const SCHEMA = "http://www.persistent-identifier.de/xepicur/version1.0/xepicur.xsd";

/** "urn_new" for a URN in use unchanged since it was registered, else "url_update_general". */
function updateStatus(record: OaiRecord): string {
  return record.status === "active" && record.updated === record.created
    ? "urn_new"
    : "url_update_general";
}

export const epicur: MetadataFormat = {
  prefix: "epicur",
  schema: () => SCHEMA,
  namespace: NAMESPACE,
  urlList: true,
  write(record: OaiRecord): string {
    let out = `<epicur${attrs({
      xmlns: NAMESPACE,
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${NAMESPACE} ${SCHEMA}`,
    })}>`;
    out += `<administrative_data><delivery>${element("update_status", "", {
      type: updateStatus(record),
    })}${element("transfer", "", { type: "oai" })}</delivery></administrative_data>`;
    out += `<record>${element("identifier", record.urn, { scheme: epicurScheme(record.urn) })}`;
    let first = true;
    if (record.status === "active")
      for (const l of record.locators) {
        if (!l.active) continue;
        out += `<resource>${element("identifier", l.url, {
          scheme: "url",
          role: first ? "primary" : "secondary",
        })}${element("format", l.mediaType ?? "text/html", { scheme: "imt" })}</resource>`;
        first = false;
      }
    return `${out}</record></epicur>`;
  },
};
