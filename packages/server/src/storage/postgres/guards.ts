// PostgreSQL's triggers for the guards of guard-rules.ts: each refuses through urnkit_refuse
// (migration 1) with the rule's message, or through a function of its own where the condition
// needs a subquery, which a trigger's WHEN cannot hold. A table whose rows are never deleted is
// never truncated either. PostgreSQL has no REPLACE, its UPSERT fires the UPDATE guards and its
// foreign keys always hold, so the guards only SQLite needs have no trigger here.

import { type Guard, inDialect, messageAt, type TableRules, triggerName } from "../guard.js";
import { beforeUpdate, keptColumns, keptTerms, sqlString } from "../guard-sql.js";
import { type GuardSteps, guardSteps, type WrittenGuard } from "../guard-steps.js";

const ENGINE = "postgres";

/**
 * The first version whose guards on columns are checked on every UPDATE; version 1's checked only
 * an UPDATE naming their columns.
 */
const EVERY_UPDATE_FROM = 5;

/** The longest a function's RAISE line is before its USING goes on a line of its own. */
const LONGEST_RAISE = 99;

function refuse(message: string): string {
  return `urnkit_refuse(${sqlString(message)})`;
}

/**
 * A trigger function refusing where `condition` holds, and otherwise returning `row` (OLD or NEW).
 * PostgreSQL keeps a function's body as written: each is laid out the way the databases hold it.
 */
function checkFunction(name: string, condition: string, message: string, row: string): string {
  const raise = `    RAISE EXCEPTION ${sqlString(message)}`;
  const using = "USING ERRCODE = 'integrity_constraint_violation';";
  return [
    `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$`,
    "BEGIN",
    `  IF ${condition.replaceAll("\n", "\n    ")} THEN`,
    `${raise} ${using}`.length <= LONGEST_RAISE ? `${raise} ${using}` : `${raise}\n      ${using}`,
    "  END IF;",
    `  RETURN ${row};`,
    "END",
    "$$;",
  ].join("\n");
}

function write(rules: TableRules, guard: Guard, version: number): WrittenGuard | undefined {
  const { table } = rules;
  const name = triggerName(rules, guard.name);
  const rowTrigger = (event: string, action: string, condition?: string) =>
    [
      `CREATE TRIGGER ${name} ${event} ON ${table}`,
      `FOR EACH ROW${condition === undefined ? "" : ` WHEN (${condition})`}`,
      `EXECUTE FUNCTION ${action};`,
    ].join("\n");
  const alone = (sql: string) => ({ triggers: [name], sql });
  switch (guard.kind) {
    case "never-deleted": {
      const truncate = triggerName(rules, guard.truncateName);
      const { keptWhile } = guard;
      const deletion =
        keptWhile === undefined
          ? [rowTrigger("BEFORE DELETE", refuse(guard.message))]
          : [
              checkFunction(
                keptWhile.postgresFunction,
                inDialect(keptWhile.condition, ENGINE),
                guard.message,
                "OLD",
              ),
              rowTrigger("BEFORE DELETE", `${keptWhile.postgresFunction}()`),
            ];
      const truncation = [
        `CREATE TRIGGER ${truncate} BEFORE TRUNCATE ON ${table}`,
        `FOR EACH STATEMENT EXECUTE FUNCTION ${refuse(guard.message)};`,
      ];
      return { triggers: [name, truncate], sql: [...deletion, ...truncation].join("\n") };
    }
    case "never-changed":
      return alone(rowTrigger("BEFORE UPDATE", refuse(guard.message)));
    case "keeps":
      return alone(
        rowTrigger(
          beforeUpdate(
            version < EVERY_UPDATE_FROM ? keptColumns(guard, ENGINE, version) : undefined,
          ),
          refuse(messageAt(guard.message, version)),
          keptTerms(guard, ENGINE, version, "IS DISTINCT FROM").join(" OR "),
        ),
      );
    case "refuses-update": {
      const condition = guard.when.map((term) => inDialect(term, ENGINE)).join(" OR ");
      const { postgresFunction } = guard;
      if (postgresFunction === undefined) {
        return alone(rowTrigger(beforeUpdate(guard.of), refuse(guard.message), condition));
      }
      return alone(
        [
          checkFunction(postgresFunction, condition, guard.message, "NEW"),
          rowTrigger(beforeUpdate(guard.of), `${postgresFunction}()`),
        ].join("\n"),
      );
    }
    case "never-replaced":
    case "belongs-to":
    case "positive-ids":
      return undefined;
  }
}

export const { tableGuards, changedGuards }: GuardSteps = guardSteps({
  write,
  drop: (name, table) => `DROP TRIGGER ${name} ON ${table};`,
});
