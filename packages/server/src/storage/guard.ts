// What a guard is: a rule the database itself holds a table's rows to, whatever writes to it (RFC
// 8141 §1.1: a URN is never reassigned, and the registry keeps its history). guard-rules.ts
// states every table's rules once for both engines; sqlite/guards.ts and postgres/guards.ts write
// each engine's triggers from them. A rule, or a column it names, holds from a schema version on,
// so that every migration step goes on writing exactly the triggers it wrote.

export type Engine = "sqlite" | "postgres";

/** The schema version something holds from: in both engines, or in each (one not named: never). */
export type Since = number | Readonly<Partial<Record<Engine, number>>>;

/** Whether what holds from `since` holds at `version` in `engine`. */
export function holdsAt(since: Since, engine: Engine, version: number): boolean {
  const from = typeof since === "number" ? since : since[engine];
  return from !== undefined && from <= version;
}

/** Columns a rule names from a later version than its own on. */
export interface LaterColumns {
  since: Since;
  columns: readonly string[];
}

/** `columns`, named by a rule from version `since` on. */
export function since(version: Since, ...columns: string[]): LaterColumns {
  return { since: version, columns };
}

/** A rule's columns in order: a name holds with the rule, since(...) from its own version. */
export type Columns = readonly (string | LaterColumns)[];

/** The columns of `columns` that hold at `version` in `engine`, in order. */
export function columnsAt(columns: Columns | undefined, engine: Engine, version: number): string[] {
  return (columns ?? []).flatMap((column) => {
    if (typeof column === "string") return [column];
    return holdsAt(column.since, engine, version) ? [...column.columns] : [];
  });
}

/** SQL written the same in both dialects, or each engine's own. */
export type Dialects = string | Readonly<Record<Engine, string>>;

export function inDialect(sql: Dialects, engine: Engine): string {
  return typeof sql === "string" ? sql : sql[engine];
}

/** A message, or each version's message from that version on. */
export type Message = string | Readonly<Record<number, string>>;

export function messageAt(message: Message, version: number): string {
  if (typeof message === "string") return message;
  const from = Math.max(
    ...Object.keys(message)
      .map(Number)
      .filter((start) => start <= version),
  );
  const text = message[from];
  if (text === undefined) throw new Error(`no message holds at version ${version}`);
  return text;
}

/** Parent rows a row needs: its column, and the parent's "table(column)" as REFERENCES says. */
export type References = Readonly<Record<string, string>>;

interface GuardOptions {
  /** The trigger's name after the table's prefix, where it is not the kind's. */
  name?: string;
  /** The version it holds from, where it is not the table's. */
  since?: number;
  /** The version from which another guard holds in its place. */
  until?: number;
  /** The longest line of its SQLite text, where it is not the usual (as the text was written). */
  longestLine?: number;
}

interface GuardCommon extends GuardOptions {
  name: string;
}

/** Rows are never deleted (nor truncated, in PostgreSQL); with keptWhile, only while it holds. */
export interface NeverDeleted extends GuardCommon {
  kind: "never-deleted";
  message: string;
  /** PostgreSQL's trigger refusing TRUNCATE. */
  truncateName: string;
  keptWhile?: ConditionalDeletion;
}

export interface ConditionalDeletion {
  /** Holds of a row (OLD) that has to stay. */
  condition: Dialects;
  /** The function PostgreSQL checks it in (a trigger's WHEN cannot hold a subquery). */
  postgresFunction: string;
}

/** No UPDATE at all. */
export interface NeverChanged extends GuardCommon {
  kind: "never-changed";
  message: string;
}

/**
 * An INSERT of a key that is taken (each of `keys` is one, an "id" key being the row id) is
 * refused, or skipped where there is no message, before SQLite's REPLACE or UPSERT could delete
 * or rewrite the row it conflicts with; with `parents`, an INSERT without its parent row too.
 * SQLite only: PostgreSQL has no REPLACE, and its UPSERT fires the UPDATE guards.
 */
export interface NeverReplaced extends GuardCommon {
  kind: "never-replaced";
  keys: readonly (readonly string[])[];
  parents?: References;
  message: string | null;
}

/** An INSERT needs its parent rows, whatever SQLite's foreign_keys says. SQLite only. */
export interface BelongsTo extends GuardCommon {
  kind: "belongs-to";
  parents: References;
  message: string;
}

/**
 * Row ids are above 0, checked after the INSERT, when the id is known. Before it, NEW.id is -1
 * where SQLite chooses the id, so the never-replaced guard looks up only an id the INSERT gives;
 * and with no id below 1, an explicit -1 cannot name a row either. SQLite only.
 */
export interface PositiveIds extends GuardCommon {
  kind: "positive-ids";
  message: string;
}

/** An UPDATE keeps columns as they are, lets others only grow, or changes nothing once frozen. */
export interface Keeps extends GuardCommon {
  kind: "keeps";
  message: Message;
  /** Once this holds (of OLD), nothing may change. */
  frozenWhen?: string;
  unchanged?: Columns;
  grows?: Columns;
  /** Set once, then never changed. */
  final?: Columns;
  /** Checked on every UPDATE, not only one naming its columns (see postgres/guards.ts). */
  everyUpdate?: boolean;
}

/** An UPDATE is refused where one of `when` holds. */
export interface RefusesUpdate extends GuardCommon {
  kind: "refuses-update";
  message: string;
  /** Checked only on an UPDATE naming one of these; on every UPDATE without. */
  of?: readonly string[];
  when: readonly Dialects[];
  /** The function PostgreSQL checks it in, where a trigger's WHEN cannot (a subquery). */
  postgresFunction?: string;
}

export type Guard =
  | NeverDeleted
  | NeverChanged
  | NeverReplaced
  | BelongsTo
  | PositiveIds
  | Keeps
  | RefusesUpdate;

/** A table's guards, in the order their triggers are created. */
export interface TableRules {
  table: string;
  /** How its triggers' names begin, where it is not the table's name. */
  prefix?: string;
  /** The version its guards hold from, where one does not say. */
  since: number;
  guards: readonly Guard[];
}

/** The guards of `table`, holding from `version` where one does not say; `prefix` begins their
 * triggers' names where the table's name does not. */
export function tableRules(
  table: string,
  version: number,
  guards: readonly Guard[],
  prefix?: string,
): TableRules {
  return { table, since: version, guards, ...(prefix === undefined ? {} : { prefix }) };
}

/** A guard's trigger name, whole. */
export function triggerName(rules: TableRules, name: string): string {
  return `${rules.prefix ?? rules.table}_${name}`;
}

/** Whether `guard` of `rules` holds at `version`. */
export function guardHoldsAt(rules: TableRules, guard: Guard, version: number): boolean {
  return (guard.since ?? rules.since) <= version && version < (guard.until ?? Infinity);
}

export function neverDeleted(
  message: string,
  options: GuardOptions & { truncateName?: string; keptWhile?: ConditionalDeletion } = {},
): NeverDeleted {
  return {
    kind: "never-deleted",
    message,
    ...options,
    name: options.name ?? "never_deleted",
    truncateName: options.truncateName ?? "never_truncated",
  };
}

export function neverChanged(message: string, options: GuardOptions = {}): NeverChanged {
  return { kind: "never-changed", message, ...options, name: options.name ?? "never_changed" };
}

export function neverReplaced(
  keys: readonly (readonly string[])[],
  message: string | null,
  options: GuardOptions & { parents?: References } = {},
): NeverReplaced {
  return {
    kind: "never-replaced",
    keys,
    message,
    ...options,
    name: options.name ?? "never_replaced",
  };
}

export function belongsTo(
  name: string,
  parents: References,
  message: string,
  options: GuardOptions = {},
): BelongsTo {
  return { kind: "belongs-to", parents, message, ...options, name };
}

export function positiveIds(message: string, options: GuardOptions = {}): PositiveIds {
  return { kind: "positive-ids", message, ...options, name: options.name ?? "positive_id" };
}

export function keeps(
  name: string,
  message: Message,
  rule: Omit<Keeps, "kind" | "name" | "message">,
): Keeps {
  return { kind: "keeps", message, ...rule, name };
}

export function refusesUpdate(
  name: string,
  message: string,
  when: readonly Dialects[],
  options: GuardOptions & Pick<RefusesUpdate, "of" | "postgresFunction"> = {},
): RefusesUpdate {
  return { kind: "refuses-update", message, when, ...options, name };
}
