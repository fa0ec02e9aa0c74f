// The statements an engine runs for a kind of line: a page of rows in export order after a
// position (keyset paging: each page starts from an index, whatever the table's size), the stored
// row of a line's key, and the line's insert.

import { type Dialect, dialectSql, type ReadKind, type TableKind } from "./table-kind.js";

/** `?` parameters numbered for PostgreSQL ($1, $2, …); SQLite takes them as they are. */
export function parameters(sql: string, dialect: Dialect): string {
  if (dialect === "sqlite") return sql;
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** A page of `kind` after a position (`from`: the first page), `LIMIT ?` the last parameter. */
export function pageSql(kind: ReadKind, dialect: Dialect, from: "start" | "position"): string {
  const order = kind.order.map((o) => o.sql).join(", ");
  const after =
    from === "start" ? "" : ` WHERE (${order}) > (${kind.order.map(() => "?").join(", ")})`;
  return parameters(
    dialectSql(`${dialectSql(kind.select, dialect)}${after} ORDER BY ${order} LIMIT ?`, dialect),
    dialect,
  );
}

export function matchSql(kind: TableKind, dialect: Dialect): string {
  return parameters(
    dialectSql(
      `${dialectSql(kind.select, dialect)} WHERE ${dialectSql(kind.match, dialect)}`,
      dialect,
    ),
    dialect,
  );
}

/** How many stored rows a line's match finds (a history line's alike), as `n`. */
export function countSql(kind: TableKind, dialect: Dialect): string {
  return parameters(
    dialectSql(
      `SELECT count(*) AS "n" FROM (${dialectSql(kind.select, dialect)} WHERE ${dialectSql(kind.match, dialect)}) alike`,
      dialect,
    ),
    dialect,
  );
}

export function insertSql(kind: TableKind, dialect: Dialect): string {
  return parameters(dialectSql(kind.insert, dialect), dialect);
}

/** The kind's insert up to VALUES, and its VALUES tuple without the parentheses. */
function insertParts(kind: TableKind, dialect: Dialect): { head: string; tuple: string } {
  const insert = dialectSql(kind.insert, dialect);
  const at = insert.indexOf("VALUES");
  return {
    head: insert.slice(0, at),
    tuple: insert
      .slice(at + "VALUES".length)
      .trim()
      .slice(1, -1),
  };
}

/**
 * SQLite: the kind's insert for any number of rows in one statement, prepared once: the rows go as
 * one JSON array of their parameter lists, split by jsonb_each, each `?` of the VALUES tuple read
 * from its row's list (row-sets.ts says why one statement a set; a statement's text repeating
 * the tuple for each row took longer to prepare than to run).
 */
export function sqliteSetInsertSql(kind: TableKind): string {
  const { head, tuple } = insertParts(kind, "sqlite");
  let n = 0;
  const values = tuple.replace(/\?/g, () => `row_set.value ->> ${n++}`);
  return `${head}SELECT ${values}
    FROM jsonb_each(?) AS row_set ORDER BY row_set.key`;
}

/**
 * PostgreSQL: the same set insert, each `?` read as text from its row's list and cast to the
 * type PostgreSQL gives that parameter in the one-row insert (`types`, in order). A statement
 * repeating the tuple for each row was planned anew for every row's subqueries: 2,000 rows took
 * 0.2 to 1 s, where the set takes one plan.
 */
export function postgresSetInsertSql(kind: TableKind, types: readonly string[]): string {
  const { head, tuple } = insertParts(kind, "postgres");
  let n = 0;
  const values = tuple.replace(/\?/g, () => {
    const type = types[n] === undefined || types[n] === "unknown" ? "text" : types[n];
    return `(row_set.value ->> ${n++})::${type}`;
  });
  return `${head}SELECT ${values}
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS row_set (value, n) ORDER BY row_set.n`;
}

/** Whether a registry holds anything a restore would write. */
export const HOLDS_ANYTHING_SQL = `SELECT CASE WHEN EXISTS (SELECT 1 FROM namespaces)
  OR EXISTS (SELECT 1 FROM organisations) OR EXISTS (SELECT 1 FROM records)
  OR EXISTS (SELECT 1 FROM tokens) OR EXISTS (SELECT 1 FROM harvest_sources)
  OR EXISTS (SELECT 1 FROM audit) OR EXISTS (SELECT 1 FROM stat_assignments)
  OR EXISTS (SELECT 1 FROM stat_resolutions) OR EXISTS (SELECT 1 FROM resolution_counts)
  THEN 1 ELSE 0 END AS held`;

export const CHECKPOINT_COLUMNS = `source AS "source", header AS "header", line AS "line",
  started AS "started", finished AS "finished"`;
