// Sets (OAI-PMH 2.0 §3.4 selective harvesting by set; setSpec is unreserved characters with ":"
// for hierarchy): "nid" holds every record, "nid:{nid}" those of one namespace; "org" holds the
// records that belong to an organisation, "org:{id}" those of one. NIDs (letters, digits, "-")
// and organisation ids (lowercase letters, digits, "-") fit setSpec as they are.
//
// Prefixes are not offered as sets: a prefix is an equivalence-key prefix such as
// "urn:nbn:de:bsz:14-" whose characters ("%", "/", "=", a trailing ":" making an empty
// hierarchy level) setSpec cannot carry without an encoding no harvester's user would guess, and
// a prefix belongs to one organisation, whose set `org:{id}` already selects its records.

import type { NamespaceStore } from "../../storage/namespaces.js";
import type { OaiRecord, OaiSelection } from "../../storage/oai.js";
import type { OrganisationStore } from "../../storage/organisations.js";
import { element } from "./xml.js";

export interface SetSource {
  readonly namespaces: Pick<NamespaceStore, "list">;
  readonly organisations: Pick<OrganisationStore, "list">;
}

/** The selection of a setSpec, or null when no such set exists here. */
export async function setSelection(source: SetSource, spec: string): Promise<OaiSelection | null> {
  if (spec === "nid") return {};
  if (spec === "org") return { withOrganisation: true };
  const [kind, id, ...rest] = spec.split(":");
  if (rest.length > 0 || id === undefined || id === "") return null;
  if (kind === "nid")
    return (await source.namespaces.list()).some((n) => n.nid === id) ? { nid: id } : null;
  if (kind === "org")
    return (await source.organisations.list()).some((o) => o.id === id)
      ? { organisation: id }
      : null;
  return null;
}

/** The setSpecs of a record (the most specific ones; the parents follow from the hierarchy). */
export function recordSets(record: OaiRecord): string[] {
  const specs = [`nid:${record.nid}`];
  if (record.organisation !== null) specs.push(`org:${record.organisation}`);
  return specs;
}

/** Every set, as <set> elements; "" when there are none. */
export async function listSets(source: SetSource): Promise<string> {
  const [namespaces, organisations] = await Promise.all([
    source.namespaces.list(),
    source.organisations.list(),
  ]);
  const set = (spec: string, name: string) =>
    `<set>${element("setSpec", spec)}${element("setName", name)}</set>`;
  let out = "";
  if (namespaces.length > 0) {
    out += set("nid", "By namespace");
    for (const n of namespaces) out += set(`nid:${n.nid}`, `Namespace urn:${n.nid}`);
  }
  if (organisations.length > 0) {
    out += set("org", "By organisation");
    for (const o of organisations) out += set(`org:${o.id}`, o.name);
  }
  return out;
}
