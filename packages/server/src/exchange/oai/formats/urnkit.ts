// urnkit, the native format: the record as the registry keeps it (status, locators with their
// owners, successors, the organisation's identifiers, metadata as JSON), in the namespace and
// schema of formats/urnkit-schema.ts, which this server serves.

import type { OaiRecord } from "../../../storage/oai.js";
import { attrs, element } from "../xml.js";
import { type MetadataFormat, XSI } from "./metadata-format.js";
import { URNKIT_NAMESPACE, URNKIT_SCHEMA_PATH } from "./urnkit-schema.js";

/** The schema's URL from the provider's base URL (…/oai). */
function schemaUrl(base: string): string {
  return `${base.replace(/\/oai$/, "")}${URNKIT_SCHEMA_PATH}`;
}

export const urnkit: MetadataFormat = {
  prefix: "urnkit",
  schema: schemaUrl,
  namespace: URNKIT_NAMESPACE,
  write(record: OaiRecord, base: string): string {
    let out = `<record${attrs({
      xmlns: URNKIT_NAMESPACE,
      "xmlns:xsi": XSI,
      "xsi:schemaLocation": `${URNKIT_NAMESPACE} ${schemaUrl(base)}`,
    })}>`;
    out += element("urn", record.urn);
    out += element("status", record.status);
    if (record.organisation !== null) out += element("organisation", record.organisation);
    if (record.prefix !== null) out += element("prefix", record.prefix);
    out += element("created", record.created);
    out += element("updated", record.updated);
    if (record.status === "deactivated")
      out += element("deactivation", record.reason ?? "", { at: record.deactivated });
    for (const l of record.locators)
      out += element("locator", l.url, {
        priority: l.priority,
        active: l.active ? "true" : "false",
        mediaType: l.mediaType,
        owner: l.owner,
        created: l.created,
      });
    for (const s of record.successors) out += element("successor", s);
    for (const i of record.identifiers) out += element("identifier", i.value, { type: i.type });
    if (record.metadata !== null) out += element("metadata", JSON.stringify(record.metadata));
    return `${out}</record>`;
  },
};
