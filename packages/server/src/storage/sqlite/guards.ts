// SQLite's triggers for the guards of guard-rules.ts: each a BEFORE (or, for positive ids, AFTER)
// trigger that raises ABORT with the rule's message (IGNORE where a taken key's INSERT is skipped).
// Triggers hold whatever the connection's pragmas say, so they also cover what SQLite's foreign
// keys would (off in the sqlite3 shell) and its REPLACE, which deletes a conflicting row without
// firing DELETE triggers. SQLite keeps a trigger's text as written, so each is laid out the way
// the databases hold it (condition-layout.ts).

import {
  type Guard,
  guardHoldsAt,
  inDialect,
  messageAt,
  type NeverReplaced,
  type References,
  type TableRules,
  triggerName,
} from "../guard.js";
import { beforeUpdate, keptColumns, keptTerms, sqlString } from "../guard-sql.js";
import { type GuardSteps, guardSteps, type WrittenGuard } from "../guard-steps.js";
import { type Clause, type JoinedTerm, joined, whenLines } from "./condition-layout.js";

const ENGINE = "sqlite";

/** The longest a trigger's first line is, unless its rule says. */
const LONGEST_HEAD = 99;

/** The longest a line of a trigger's condition is, unless its rule says. */
const LONGEST_CONDITION = 98;

function parentTerms(parents: References | undefined): string[] {
  return Object.entries(parents ?? {}).map(([column, reference]) => {
    const [, table, key] = /^(\w+)\((\w+)\)$/.exec(reference) ?? [];
    if (key === undefined) throw new Error(`not a reference: ${reference}`);
    return `NOT EXISTS (SELECT 1 FROM ${table} WHERE ${key} = NEW.${column})`;
  });
}

function equal(column: string): string {
  return `${column} = NEW.${column}`;
}

/**
 * A taken key: one EXISTS for the keys, except a row id that is positive, looked up only when the
 * INSERT gives it (-1 before the insert stands for an id SQLite chooses).
 */
function replacedTerms(rules: TableRules, guard: NeverReplaced, version: number): Clause[] {
  const positive = rules.guards.some(
    (other) => other.kind === "positive-ids" && guardHoldsAt(rules, other, version),
  );
  const isRowId = (key: readonly string[]) => positive && key.length === 1 && key[0] === "id";
  const keys = guard.keys.filter((key) => !isRowId(key));
  const terms: Clause[] = parentTerms(guard.parents);
  if (keys.length > 0) {
    const conditions =
      keys.length === 1
        ? joined("AND", (keys[0] ?? []).map(equal))
        : joined(
            "OR",
            keys.map((key) =>
              key.length === 1 ? equal(key[0] ?? "") : `(${key.map(equal).join(" AND ")})`,
            ),
          );
    terms.push([
      ["", `EXISTS (SELECT 1 FROM ${rules.table}`],
      ["WHERE", closed(conditions)],
    ]);
  }
  if (guard.keys.some(isRowId)) {
    const rowId = `NEW.id <> -1 AND EXISTS (SELECT 1 FROM ${rules.table} WHERE id = NEW.id)`;
    terms.push(terms.length === 0 ? rowId : `(${rowId})`);
  }
  return terms;
}

/** `clause` with the closing parenthesis of its EXISTS after its last term. */
function closed(clause: Clause): Clause {
  if (typeof clause === "string") return `${clause})`;
  const last = clause[clause.length - 1];
  if (last === undefined) return ")";
  return [...clause.slice(0, -1), [last[0], closed(last[1])]];
}

interface Trigger {
  event: string;
  /** Terms joined, laid out in lines; or a condition as written. */
  when?: readonly JoinedTerm[] | string;
  /** null: the statement is skipped, not refused. */
  message: string | null;
}

function triggerOf(rules: TableRules, guard: Guard, version: number): Trigger {
  switch (guard.kind) {
    case "never-deleted":
      return {
        event: "BEFORE DELETE",
        when: guard.keptWhile && inDialect(guard.keptWhile.condition, ENGINE),
        message: guard.message,
      };
    case "never-changed":
      return { event: "BEFORE UPDATE", message: guard.message };
    case "never-replaced":
      return {
        event: "BEFORE INSERT",
        when: joined("OR", replacedTerms(rules, guard, version)),
        message: guard.message,
      };
    case "belongs-to":
      return {
        event: "BEFORE INSERT",
        when: joined("OR", parentTerms(guard.parents)),
        message: guard.message,
      };
    case "positive-ids":
      return { event: "AFTER INSERT", when: "NEW.id < 1", message: guard.message };
    case "keeps":
      return {
        event: beforeUpdate(guard.everyUpdate ? undefined : keptColumns(guard, ENGINE, version)),
        when: joined("OR", keptTerms(guard, ENGINE, version, "IS NOT")),
        message: messageAt(guard.message, version),
      };
    case "refuses-update":
      return {
        event: beforeUpdate(guard.of),
        when: joined(
          "OR",
          guard.when.map((term) => inDialect(term, ENGINE)),
        ),
        message: guard.message,
      };
  }
}

function write(rules: TableRules, guard: Guard, version: number): WrittenGuard {
  const { event, when, message } = triggerOf(rules, guard, version);
  const name = triggerName(rules, guard.name);
  const head = `CREATE TRIGGER ${name} ${event} ON ${rules.table}`;
  const condition =
    typeof when === "string"
      ? `WHEN ${when}`
      : when && whenLines(when, guard.longestLine ?? LONGEST_CONDITION);
  const sql = [
    head.length <= (guard.longestLine ?? LONGEST_HEAD)
      ? head
      : `CREATE TRIGGER ${name}\n${event} ON ${rules.table}`,
    ...(condition === undefined ? [] : [condition]),
    "BEGIN",
    `  SELECT ${message === null ? "RAISE(IGNORE)" : `RAISE(ABORT, ${sqlString(message)})`};`,
    "END;",
  ].join("\n");
  return { triggers: [name], sql };
}

export const { tableGuards, changedGuards, withGuardLifted }: GuardSteps = guardSteps({
  write,
  drop: (name) => `DROP TRIGGER ${name};`,
});
