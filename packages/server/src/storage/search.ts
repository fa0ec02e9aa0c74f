// Listing and searching records (GET /api/v1/urns, the search page, /uri-res/L2Ns): the query
// both engines answer, and the SQL they share. Pages are keyset pages (no OFFSET), each one index
// range: in equivalence-key order when the list is a namespace or prefix and nothing else (its
// key range in the unique key index); in order of last change (updated, then id) when it is
// updatedSince and nothing else (records_by_updated: no index holds a range of change times in
// id order); in registration order (record id) otherwise (a status alone: records_by_status).
// Each order is total, and a record's place in it moves only when the record itself changes, so
// paging to the end sees every record present throughout exactly once while others are added (in
// change order a record changed meanwhile is seen again at its new place: it changed since).

import type { OaiPosition } from "./oai.js";
import type { RecordStatus } from "./records.js";

export type RecordOrder = "key" | "id" | "updated";

export interface RecordQuery {
  nid?: string;
  /** An equivalence-key prefix ("urn:nbn:de:0001-"). */
  prefix?: string;
  organisation?: string;
  status?: RecordStatus;
  /** ISO-8601 UTC, as the records store it: records updated at or after it. */
  updatedSince?: string;
  /** A locator URL as given: each engine normalises it (locator-url-key.ts). */
  url?: string;
  /** Words (runs of letters and digits), every one of which a record must hold. */
  words?: readonly string[];
  order: RecordOrder;
  /** Leave out reserved records (the DNB API's lists: only URNs registered for use). */
  registeredOnly?: boolean;
  /** The last key, id, or change time and id of the page before (as `order`). */
  after?: string | number | OaiPosition;
  /**
   * Records to skip before the page, for lists paged by position (the DNB API's offset); bounded
   * by the caller, since skipped rows are still read.
   */
  offset?: number;
  limit: number;
}

/** What records.count counts: the filters of a query, none of its paging. */
export type RecordCountQuery = Omit<RecordQuery, "order" | "after" | "offset" | "limit">;

/** One record as a list shows it (its locators and links are on the record itself). */
export interface RecordSummary {
  urn: string;
  key: string;
  nid: string;
  status: RecordStatus;
  organisation: string | null;
  prefix: string | null;
  metadata: Record<string, unknown> | null;
  created: string;
  updated: string;
}

/** A record found, with the row id its page's cursor may need. */
export interface SearchHit {
  id: number;
  record: RecordSummary;
}

export interface SearchStore {
  /** At most `limit` records matching every filter, after `after` in `order`. */
  records(query: RecordQuery): Promise<SearchHit[]>;
  /** How many records match every filter of `query`. */
  count(query: RecordCountQuery): Promise<number>;
  /**
   * The URN of the first record (in registration order) holding `url` as an active locator, the
   * record of `exceptKey` aside; null when none does. `url` is normalised as a query's `url` is.
   * One index lookup: the DNB API asks it on every write that adds a URL (a URL belongs to one
   * URN there).
   */
  urlHolder(url: string, exceptKey: string | null): Promise<string | null>;
}

/** The SELECT of urlHolder, with the engine's condition on a locator's URL as `dialect` has it. */
export function urlHolderSql(dialect: SearchDialect): string {
  return `SELECT r.urn FROM locators l JOIN records r ON r.id = l.record_id
    WHERE ${dialect.locatorUrl(dialect.placeholder(1))} AND r.key IS DISTINCT FROM ${dialect.placeholder(2)}
    ORDER BY l.record_id LIMIT 1`;
}

/**
 * The order a query is answered in: key order when it lists a namespace or prefix alone, change
 * order when it lists updatedSince alone, registration order otherwise.
 */
export function orderFor(query: Omit<RecordQuery, "order" | "limit">): RecordOrder {
  const range = query.nid !== undefined || query.prefix !== undefined;
  const other = query.words ?? query.url ?? query.organisation ?? query.status;
  if (other !== undefined) return "id";
  if (range) return query.updatedSince === undefined ? "key" : "id";
  return query.updatedSince === undefined ? "id" : "updated";
}

/** The first string after every string starting with `prefix` (keys are ASCII: RFC 8141 §2). */
export function prefixEnd(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** What differs between the engines' SQL for a search. */
export interface SearchDialect {
  /** The placeholder of the n-th parameter (from 1). */
  placeholder(n: number): string;
  /** The FROM clause of a full-text search, its condition and the record id it orders by. */
  fullText(match: string): { from: string; where: string; id: string };
  /** The text the engine's full-text condition takes for `words` (all of them). */
  matchText(words: readonly string[]): string;
  /** The condition on locator `l` for a locator URL given as parameter `url`. */
  locatorUrl(url: string): string;
}

export const SUMMARY_COLUMNS =
  "r.id, r.key, r.urn, r.nid, r.status, r.metadata, r.organisation, r.prefix, r.created, r.updated";

/** A row of SUMMARY_COLUMNS. */
export interface SummaryRow {
  id: number | string;
  key: string;
  urn: string;
  nid: string;
  status: RecordStatus;
  metadata: string | null;
  organisation: string | null;
  prefix: string | null;
  created: string;
  updated: string;
}

export function toHit(row: SummaryRow): SearchHit {
  return { id: Number(row.id), record: toSummary(row) };
}

function toSummary(row: SummaryRow): RecordSummary {
  return {
    urn: row.urn,
    key: row.key,
    nid: row.nid,
    status: row.status,
    organisation: row.organisation,
    prefix: row.prefix,
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    created: row.created,
    updated: row.updated,
  };
}

/** Adds a parameter to a statement and gives its placeholder. */
type Placeholder = (value: unknown) => string;

/** A statement's parameters in order, and `p`, which adds one and gives its placeholder. */
function parameters(dialect: SearchDialect): { params: unknown[]; p: Placeholder } {
  const params: unknown[] = [];
  const p = (value: unknown): string => {
    params.push(value);
    return dialect.placeholder(params.length);
  };
  return { params, p };
}

/** The namespace and prefix of `query` as conditions on the key range of `column`. */
function keyRanges(query: RecordCountQuery, column: string, p: Placeholder): string[] {
  return [query.nid === undefined ? null : `urn:${query.nid}:`, query.prefix].flatMap((start) =>
    start == null ? [] : [`${column} >= ${p(start)}`, `${column} < ${p(prefixEnd(start))}`],
  );
}

function whereClause(where: readonly string[]): string {
  return where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
}

/** The SELECT for `query` in `dialect`, with its parameters in order. */
export function searchSql(
  query: RecordQuery,
  dialect: SearchDialect,
): { sql: string; params: unknown[] } {
  const { params, p } = parameters(dialect);
  const where: string[] = [];
  if (query.order === "key") {
    // The page's keys first, from the key index alone (an index-only scan that stops after the
    // page), then their rows. Asked in one, PostgreSQL estimates a prefix's key range as a few
    // rows and fetches and sorts every record of the prefix instead.
    where.push(...keyRanges(query, "k.key", p));
    if (query.registeredOnly === true) where.push("k.status <> 'reserved'");
    if (query.after !== undefined) where.push(`k.key > ${p(query.after)}`);
    const keys = `SELECT k.key FROM records k WHERE ${where.join(" AND ")} ORDER BY k.key LIMIT ${p(query.limit)}${offsetClause(query, p)}`;
    return {
      sql: `SELECT ${SUMMARY_COLUMNS} FROM records r WHERE r.key IN (${keys}) ORDER BY r.key`,
      params,
    };
  }
  if (query.order === "updated") {
    // One range of records_by_updated from the first change time on, or on from the last record
    // of the page before: (updated, id) after it. SQLite seeks such a row comparison by its first
    // column and steps over the records of the cursor's change time that came before it: at most
    // the records of one write (an import batch).
    where.push(`r.updated >= ${p(query.updatedSince)}`);
    if (typeof query.after === "object")
      where.push(`(r.updated, r.id) > (${p(query.after.updated)}, ${p(query.after.id)})`);
    return {
      sql: `SELECT ${SUMMARY_COLUMNS} FROM records r WHERE ${where.join(" AND ")} ORDER BY r.updated, r.id LIMIT ${p(query.limit)}`,
      params,
    };
  }
  const { from, id } = filters(query, dialect, p, where);
  if (query.after !== undefined) where.push(`${id} > ${p(query.after)}`);
  const sql = `SELECT ${SUMMARY_COLUMNS} FROM ${from}${whereClause(where)} ORDER BY ${id} LIMIT ${p(query.limit)}${offsetClause(query, p)}`;
  return { sql, params };
}

function offsetClause(query: RecordQuery, p: Placeholder): string {
  return query.offset === undefined || query.offset === 0 ? "" : ` OFFSET ${p(query.offset)}`;
}

/**
 * The FROM clause, the id column and (added to `where`) the conditions of a query's filters, as
 * registration order and a count read them.
 */
function filters(
  query: RecordCountQuery,
  dialect: SearchDialect,
  p: Placeholder,
  where: string[],
): { from: string; id: string } {
  let from = "records r";
  let id = "r.id";
  if (query.words !== undefined) {
    const fts = dialect.fullText(p(dialect.matchText(query.words)));
    from = fts.from;
    id = fts.id;
    where.push(fts.where);
  }
  where.push(...keyRanges(query, "r.key", p));
  if (query.organisation !== undefined) where.push(`r.organisation = ${p(query.organisation)}`);
  if (query.status !== undefined) where.push(`r.status = ${p(query.status)}`);
  if (query.registeredOnly === true) where.push("r.status <> 'reserved'");
  if (query.updatedSince !== undefined) where.push(`r.updated >= ${p(query.updatedSince)}`);
  if (query.url !== undefined)
    where.push(
      `${id} IN (SELECT l.record_id FROM locators l WHERE ${dialect.locatorUrl(p(query.url))})`,
    );
  return { from, id };
}

/** The SELECT counting the records of `query` in `dialect` (one column, n), with its parameters. */
export function countSql(
  query: RecordCountQuery,
  dialect: SearchDialect,
): { sql: string; params: unknown[] } {
  const { params, p } = parameters(dialect);
  const where: string[] = [];
  const { from } = filters(query, dialect, p, where);
  return {
    sql: `SELECT count(*) AS n FROM ${from}${whereClause(where)}`,
    params,
  };
}
