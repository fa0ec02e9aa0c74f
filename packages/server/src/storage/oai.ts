// What the OAI-PMH provider (exchange/oai/) reads: records in datestamp order (the record's last
// change, then its id), selected by namespace, organisation and a datestamp range, a page at a
// time after a position, so a list of any length is read in bounded pieces.

import type { UrnRecord } from "./records.js";

/** Which records a list holds (OAI-PMH selective harvesting, §3.4). */
export interface OaiSelection {
  /** Records of this namespace (set `nid:{nid}`). */
  nid?: string;
  /** Records of this organisation (set `org:{id}`). */
  organisation?: string;
  /** Only records that have an organisation (set `org`). */
  withOrganisation?: boolean;
  /**
   * Only the records a statement of where URNs resolve speaks of (epicur): active ones with an
   * active locator, and deactivated ones; no reserved one.
   */
  activeWithLocatorOrDeactivated?: boolean;
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
  page(selection: OaiSelection, after: OaiPosition | null, limit: number): Promise<OaiItem[]>;
  /** How many records the selection holds. */
  count(selection: OaiSelection): Promise<number>;
  /** The oldest last change of any record; null when there is none. */
  earliest(): Promise<string | null>;
}

/**
 * Which records after a position a statement reads: all of them, by a row comparison
 * (updated, id) > (?, ?) ("row", PostgreSQL: one index range); or, where the engine's seek uses
 * only the first column of such a comparison (SQLite), those with the position's datestamp and a
 * larger id ("tie") and then those with a later datestamp ("later"). Many records share a
 * datestamp (an import batch is written at one instant), and a seek on updated alone would walk
 * past all the earlier records of the tie on every page; each half is one index range instead.
 */
export type OaiPart = "row" | "tie" | "later";

/**
 * The WHERE clause of a selection (after a position, the part of it), in SQL both engines speak;
 * `param` names the next parameter in the engine's style and `values` receives its value.
 */
export function oaiWhere(
  selection: OaiSelection,
  after: OaiPosition | null,
  part: OaiPart,
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
  // A CASE rather than an OR: SQLite would read an OR of two statuses by the status index and
  // sort the whole list, where the page must be one range of the datestamp index.
  if (selection.activeWithLocatorOrDeactivated)
    terms.push(
      "CASE r.status WHEN 'deactivated' THEN TRUE WHEN 'active' THEN EXISTS (SELECT 1 FROM locators l WHERE l.record_id = r.id AND l.active) ELSE FALSE END",
    );
  if (selection.from !== undefined) add((p) => `r.updated >= ${p()}`, selection.from);
  if (selection.before !== undefined) add((p) => `r.updated < ${p()}`, selection.before);
  if (after !== null && part === "tie")
    add((p) => `r.updated = ${p()} AND r.id > ${p()}`, after.updated, after.id);
  if (after !== null && part === "later") add((p) => `r.updated > ${p()}`, after.updated);
  if (after !== null && part === "row")
    add((p) => `(r.updated, r.id) > (${p()}, ${p()})`, after.updated, after.id);
  return terms.length === 0 ? "" : `WHERE ${terms.join(" AND ")}`;
}

/** A selection's shape (which terms it has), to reuse a prepared statement for it. */
export function oaiShape(
  selection: OaiSelection,
  after: OaiPosition | null,
  part: OaiPart,
): string {
  return [
    selection.nid !== undefined,
    selection.organisation !== undefined,
    selection.withOrganisation === true,
    selection.activeWithLocatorOrDeactivated === true,
    selection.from !== undefined,
    selection.before !== undefined,
    after !== null,
  ]
    .map((b) => (b ? "1" : "0"))
    .join("")
    .concat(part);
}

/**
 * Up to `limit` records after `after` in two statements (see OaiPart): the rest of its
 * datestamp's tie, then later ones, each read by `read`.
 */
export async function pageAfter<T>(
  after: OaiPosition | null,
  limit: number,
  read: (part: OaiPart, limit: number) => Promise<T[]> | T[],
): Promise<T[]> {
  if (after === null) return read("later", limit);
  const tie = await read("tie", limit);
  return tie.length >= limit ? tie : tie.concat(await read("later", limit - tie.length));
}
