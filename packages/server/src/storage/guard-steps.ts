// What a migration step writes of the guards in guard-rules.ts, given how an engine writes one:
// the triggers of a table it creates, those a version adds to tables that exist or redefines
// (a redefined trigger dropped first), and statements run with a guard lifted around them.

import { type Guard, guardHoldsAt, type TableRules } from "./guard.js";
import { GUARD_RULES } from "./guard-rules.js";

/** A guard as an engine writes it at a version: its triggers' names and its SQL. */
export interface WrittenGuard {
  triggers: readonly string[];
  sql: string;
}

export interface GuardWriter {
  /** `guard` of `rules` as it stands at `version`; undefined where the engine has no trigger. */
  write(rules: TableRules, guard: Guard, version: number): WrittenGuard | undefined;
  /** The statement dropping the trigger `name` on `table`. */
  drop(name: string, table: string): string;
}

export interface GuardSteps {
  /** The guards of `tables`, created at `version`. */
  tableGuards(version: number, ...tables: string[]): string;
  /**
   * The guards `version` adds to `tables` (every table where none is named) or redefines, in the
   * tables' and the rules' order.
   */
  changedGuards(version: number, ...tables: string[]): string;
  /** `statements` with the guard whose trigger is `trigger` dropped before and created after. */
  withGuardLifted(version: number, trigger: string, statements: string): string;
}

function rulesOf(table: string): TableRules {
  const rules = GUARD_RULES.find((candidate) => candidate.table === table);
  if (rules === undefined) throw new Error(`no guard rules for the table ${table}`);
  return rules;
}

export function guardSteps(writer: GuardWriter): GuardSteps {
  const writtenAt = (rules: TableRules, guard: Guard, version: number) =>
    guardHoldsAt(rules, guard, version) ? writer.write(rules, guard, version) : undefined;
  const dropped = (rules: TableRules, written: WrittenGuard) =>
    written.triggers.map((name) => writer.drop(name, rules.table));
  return {
    tableGuards(version, ...tables) {
      return tables
        .flatMap((table) => {
          const rules = rulesOf(table);
          return rules.guards.flatMap((guard) => writtenAt(rules, guard, version)?.sql ?? []);
        })
        .join("\n\n");
    },
    changedGuards(version, ...tables) {
      const named = tables.length > 0 ? tables : GUARD_RULES.map((rules) => rules.table);
      return named
        .flatMap((table) => {
          const rules = rulesOf(table);
          return rules.guards.flatMap((guard) => {
            const now = writtenAt(rules, guard, version);
            const before = writtenAt(rules, guard, version - 1);
            if (now === undefined || now.sql === before?.sql) return [];
            return [...(before === undefined ? [] : dropped(rules, before)), now.sql].join("\n");
          });
        })
        .join("\n\n");
    },
    withGuardLifted(version, trigger, statements) {
      for (const rules of GUARD_RULES) {
        for (const guard of rules.guards) {
          const written = writtenAt(rules, guard, version);
          if (written?.triggers.includes(trigger)) {
            return [...dropped(rules, written), statements, written.sql].join("\n");
          }
        }
      }
      throw new Error(`no guard makes the trigger ${trigger}`);
    },
  };
}
