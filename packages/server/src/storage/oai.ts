// What the OAI-PMH provider (exchange/oai/) reads: records in datestamp order (the record's last
// change, then its id), selected by namespace, organisation and a datestamp range, a page at a
// time after a position, so a list of any length is read in bounded pieces.

import type { UrnRecord } from "./store.js";

/** Which records a list holds (OAI-PMH selective harvesting, §3.4). */
export interface OaiSelection {
  /** Records of this namespace (set `nid:{nid}`). */
  nid?: string;
  /** Records of this organisation (set `org:{id}`). */
  organisation?: string;
  /** Only records that have an organisation (set `org`). */
  withOrganisation?: boolean;
  /** Changed at or after this stored timestamp. */
  from?: string;
  /** Changed before this stored timestamp (exclusive). */
  before?: string;
}

/** Where a page ends: the last record's change time and id. */
export interface OaiPosition {
  updated: string;
  id: number;
}

/** A record as the provider shows it: everything but the names pointing at it. */
export type OaiRecord = Omit<UrnRecord, "predecessors" | "spellings">;

export interface OaiItem {
  id: number;
  record: OaiRecord;
}

export interface OaiStore {
  /** Up to `limit` records of the selection after `after`, in (updated, id) order. */
  oaiPage(selection: OaiSelection, after: OaiPosition | null, limit: number): Promise<OaiItem[]>;
  /** How many records the selection holds. */
  oaiCount(selection: OaiSelection): Promise<number>;
  /** The oldest last change of any record; null when there is none. */
  oaiEarliest(): Promise<string | null>;
}

/**
 * The WHERE clause of a selection after a position, in SQL both engines speak; `param` names the
 * next parameter in the engine's style and `values` receives its value.
 */
export function oaiWhere(
  selection: OaiSelection,
  after: OaiPosition | null,
  param: () => string,
  values: unknown[],
): string {
  const terms: string[] = [];
  const add = (sql: (p: () => string) => string, ...v: unknown[]) => {
    terms.push(sql(param));
    values.push(...v);
  };
  if (selection.nid !== undefined) add((p) => `r.nid = ${p()}`, selection.nid);
  if (selection.organisation !== undefined)
    add((p) => `r.organisation = ${p()}`, selection.organisation);
  if (selection.withOrganisation) terms.push("r.organisation IS NOT NULL");
  if (selection.from !== undefined) add((p) => `r.updated >= ${p()}`, selection.from);
  if (selection.before !== undefined) add((p) => `r.updated < ${p()}`, selection.before);
  if (after !== null) add((p) => `(r.updated, r.id) > (${p()}, ${p()})`, after.updated, after.id);
  return terms.length === 0 ? "" : `WHERE ${terms.join(" AND ")}`;
}

/** A selection's shape (which terms it has), to reuse a prepared statement for it. */
export function oaiShape(selection: OaiSelection, after: OaiPosition | null): string {
  return [
    selection.nid !== undefined,
    selection.organisation !== undefined,
    selection.withOrganisation === true,
    selection.from !== undefined,
    selection.before !== undefined,
    after !== null,
  ]
    .map((b) => (b ? "1" : "0"))
    .join("");
}
