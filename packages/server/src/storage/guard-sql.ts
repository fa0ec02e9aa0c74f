// The SQL both engines write alike for a guard of guard.ts: a message as a string literal, the
// terms of a keeps guard's condition (only "is distinct from" differs), an UPDATE trigger's event.

import { type Columns, columnsAt, type Engine, type Keeps } from "./guard.js";

/** `text` as an SQL string literal. */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * The terms of `guard`'s condition at `version`, any one of which refuses the UPDATE; `differs`
 * is the engine's "is distinct from".
 */
export function keptTerms(
  guard: Keeps,
  engine: Engine,
  version: number,
  differs: string,
): string[] {
  const at = (columns: Columns | undefined) => columnsAt(columns, engine, version);
  return [
    ...(guard.frozenWhen === undefined ? [] : [guard.frozenWhen]),
    ...at(guard.unchanged).map((column) => `NEW.${column} ${differs} OLD.${column}`),
    ...at(guard.grows).map((column) => `NEW.${column} < OLD.${column}`),
    ...at(guard.final).map(
      (column) => `(OLD.${column} IS NOT NULL AND NEW.${column} ${differs} OLD.${column})`,
    ),
  ];
}

/** The columns `guard` names at `version`, in its condition's order. */
export function keptColumns(guard: Keeps, engine: Engine, version: number): string[] {
  return [guard.unchanged, guard.grows, guard.final].flatMap((columns) =>
    columnsAt(columns, engine, version),
  );
}

/** The event of a trigger on UPDATE: of `columns` (an UPDATE naming one of them), or of any. */
export function beforeUpdate(columns: readonly string[] | undefined): string {
  return columns === undefined ? "BEFORE UPDATE" : `BEFORE UPDATE OF ${columns.join(", ")}`;
}
