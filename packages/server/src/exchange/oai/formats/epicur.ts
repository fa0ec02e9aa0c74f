// epicur: the German National Library's URN–URL transfer format "xepicur" version 1.0, namespace
// urn:nbn:de:1111-2004033116, schema http://www.persistent-identifier.de/xepicur/version1.0/xepicur.xsd
// (reference description: http://www.persistent-identifier.de/?link=210, schema documentation:
// http://www.persistent-identifier.de/english/230-xepicur-documentation-eng.html).
//
// One <record> per URN: its <identifier> with the scheme of epicur-scheme.ts, and a <resource>
// per active locator: <identifier scheme="url">, role "primary" for the best locator and
// "secondary" for the others, with its media type as <format scheme="imt">. update_status says
// "urn_new" for a record never changed since it was registered and "url_update_general" for one
// changed since; the transfer type is "oai".
//
// A record without an active locator (a reserved URN, one whose locators were all replaced by
// none) is not given in epicur: not in its lists, not by GetRecord (cannotDisseminateFormat), not
// among the record's formats in ListMetadataFormats. xepicur exists to carry URN–URL pairs: the
// reference description gives every record a <resource> with its URL, and the DNB's harvester
// takes the URLs a record delivers as all the URN's current URLs, deleting those it no longer
// finds; a record with none would either be refused as invalid or empty the URN's entry there.

import type { OaiRecord } from "../../../storage/oai.js";
import { attrs, element } from "../xml.js";
import { epicurScheme } from "./epicur-scheme.js";
import { type MetadataFormat, XSI } from "./metadata-format.js";

const NAMESPACE = "urn:nbn:de:1111-2004033116";
const SCHEMA = "http://www.persistent-identifier.de/xepicur/version1.0/xepicur.xsd";

export const epicur: MetadataFormat = {
  prefix: "epicur",
  schema: () => SCHEMA,
  namespace: NAMESPACE,
  needsActiveLocator: true,
  write(record: OaiRecord): string {
    const status = record.updated === record.created ? "urn_new" : "url_update_general";
    let out = `<epicur${attrs({
      xmlns: NAMESPACE,
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${NAMESPACE} ${SCHEMA}`,
    })}>`;
    out += `<administrative_data><delivery>${element("update_status", "", { type: status })}${element(
      "transfer",
      "",
      { type: "oai" },
    )}</delivery></administrative_data>`;
    out += `<record>${element("identifier", record.urn, { scheme: epicurScheme(record.urn) })}`;
    let first = true;
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
