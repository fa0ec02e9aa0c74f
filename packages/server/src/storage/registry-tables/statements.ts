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

export function insertSql(kind: TableKind, dialect: Dialect): string {
  return parameters(dialectSql(kind.insert, dialect), dialect);
}

/**
 * The kind's insert for `rows` rows in one statement: its VALUES tuple repeated (each row's
 * references looked up by its own subqueries), the rows' parameters one after another.
 */
export function bulkInsertSql(kind: TableKind, dialect: Dialect, rows: number): string {
  const insert = dialectSql(kind.insert, dialect);
  const at = insert.indexOf("VALUES");
  const tuple = insert.slice(at + "VALUES".length).trim();
  return parameters(
    `${insert.slice(0, at)}VALUES ${Array.from({ length: rows }, () => tuple).join(",\n")}`,
    dialect,
  );
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
