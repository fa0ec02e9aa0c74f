// One kind of line of a whole registry's export (exchange/registry-export/) and the table it is
// read from and written to, in SQL both engines run: `?` parameters (numbered for PostgreSQL by
// the engine), `{C}` where a text sort must be in byte order (PostgreSQL's "C" collation; SQLite
// compares bytes already) and `{IS}` for a comparison that takes NULL as a value. A line refers to
// other objects by what names them in every registry (a URN, a locator's URN and URL, a token's
// hash, a harvest source's URL, set and format), never by a row id, which each database assigns.

export type Dialect = "sqlite" | "postgres";

/** SQL the same in both engines, or one text for each. */
export type DialectSql = string | Readonly<Record<Dialect, string>>;

/** A row as read: the line's fields under their names, and hidden ones starting with "_". */
export type TableRow = Record<string, unknown>;

/** A line's object as checked, with values the import adds for the SQL (`_key`: a URN's key). */
export type LineObject = Record<string, unknown>;

/** How a kind of line is read: its rows in the export's order, page by page. */
export interface ReadKind {
  /** The line's type: the one key of its JSON object. */
  readonly kind: string;
  /** Whether the line is exported only on request (tokens, the audit log). */
  readonly optIn?: "tokens" | "history";
  /** SELECT of the line's fields as quoted aliases, with FROM and joins; no WHERE or ORDER BY. */
  readonly select: DialectSql;
  /** Columns (SQL) the lines go in, unique together, and the row fields holding their values. */
  readonly order: readonly { readonly sql: string; readonly field: string }[];
  /** Fields read as 0/1 or booleans, given as booleans. */
  readonly booleans?: readonly string[];
  /** Fields holding JSON text, given as their JSON value. */
  readonly json?: readonly string[];
  /** Fields left out of the line when NULL (otherwise given as null). */
  readonly omitNull?: readonly string[];
  /** The line made from its decoded fields, or null for a row that makes no line. */
  finish?(line: LineObject): LineObject | null;
}

/** A kind of line written row by row (records have a batch writer of their own). */
export interface TableKind extends ReadKind {
  /**
   * The WHERE condition finding the stored row a line would be (its natural key), and its
   * parameters. A history row (no key of its own) is matched on every field: found, it is the
   * line already imported; otherwise it is new.
   */
  readonly match: DialectSql;
  matchParams(line: LineObject): unknown[];
  /** Whether a stored row of the line's key with other values is a conflict (false: history). */
  readonly keyed: boolean;
  readonly insert: DialectSql;
  insertParams(line: LineObject): unknown[];
}

/** SQL for one engine. */
export function dialectSql(sql: DialectSql, dialect: Dialect): string {
  const text = typeof sql === "string" ? sql : sql[dialect];
  return dialect === "postgres"
    ? text.replaceAll("{C}", ' COLLATE "C"').replaceAll("{IS}", "IS NOT DISTINCT FROM")
    : text.replaceAll("{C}", "").replaceAll("{IS}", "IS");
}

/** A boolean as both engines take it as a parameter: 1 or 0 (PostgreSQL reads '1' as true). */
export const flag = (value: unknown): 0 | 1 => (value === true ? 1 : 0);

/** A JSON value as the text column holding it. */
export const jsonText = (value: unknown): string | null =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** A value that may be absent from a line, as a parameter. */
export const orNull = (value: unknown): unknown => (value === undefined ? null : value);

/**
 * The line of a row (null: none): hidden fields dropped, booleans and JSON decoded, NULLs left out
 * as asked.
 */
export function rowLine(kind: ReadKind, row: TableRow): LineObject | null {
  const line: LineObject = {};
  for (const field in row) {
    if (field.startsWith("_")) continue;
    const value = row[field];
    if (value === null || value === undefined) {
      if (!kind.omitNull?.includes(field)) line[field] = null;
      continue;
    }
    if (kind.booleans?.includes(field)) line[field] = value === true || value === 1;
    else if (kind.json?.includes(field))
      line[field] = typeof value === "string" ? JSON.parse(value) : value;
    else line[field] = value;
  }
  return kind.finish === undefined ? line : kind.finish(line);
}

/** The position after `row` in the kind's order. */
export function positionOf(kind: ReadKind, row: TableRow): unknown[] {
  return kind.order.map((o) => row[o.field]);
}

/** Whether two lines hold the same values (field order, hidden fields and null or absent aside). */
export function sameLine(a: LineObject, b: LineObject): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([k, v]) => !k.startsWith("_") && v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
