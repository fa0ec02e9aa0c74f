// The triggers and functions an engine's migrations leave behind, read from their SQL in order: a
// CREATE makes or (OR REPLACE) redefines one, a DROP TRIGGER or DROP TABLE takes one away. The
// guards of guard-rules.ts are among them, as the migrations write them (guards.ts), and so are the
// triggers that keep statistics, search and caches in step. `urnkit verify` holds a database to
// what this says must exist.

import type { Engine } from "./guard.js";
import type { Migration } from "./migration.js";

export interface ExpectedTrigger {
  name: string;
  table: string;
  /** The migration that wrote it last. */
  version: number;
  /** SQLite: its CREATE TRIGGER text as the catalog keeps it; PostgreSQL: the function it runs. */
  definition: string;
}

export interface ExpectedFunction {
  name: string;
  version: number;
  /** The text between its dollar quotes, as PostgreSQL keeps it (prosrc). */
  body: string;
}

export interface ExpectedSchema {
  /** The versions the migrations bring, in order. */
  versions: readonly number[];
  triggers: ReadonlyMap<string, ExpectedTrigger>;
  functions: ReadonlyMap<string, ExpectedFunction>;
}

/** A statement the schema's triggers and functions depend on, by engine. */
const STATEMENTS: Record<Engine, RegExp> = {
  // A SQLite trigger's body holds statements of its own: it ends with END on a line of its own.
  sqlite:
    /(CREATE TRIGGER (\w+)\s[\s\S]*?\nEND);|DROP TRIGGER (?:IF EXISTS )?(\w+)|DROP TABLE (?:IF EXISTS )?(\w+)/g,
  postgres:
    /CREATE (?:OR REPLACE )?FUNCTION (\w+)\([^)]*\)[\s\S]*?\$\$([\s\S]*?)\$\$;|(CREATE TRIGGER (\w+)\s[\s\S]*?\));|DROP TRIGGER (?:IF EXISTS )?(\w+)|DROP TABLE (?:IF EXISTS )?(\w+)/g,
};

function tableOf(statement: string, name: string): string {
  const table = /\sON (\w+)/.exec(statement)?.[1];
  if (table === undefined) throw new Error(`the trigger ${name} names no table`);
  return table;
}

export function expectedSchema(engine: Engine, migrations: readonly Migration[]): ExpectedSchema {
  const triggers = new Map<string, ExpectedTrigger>();
  const functions = new Map<string, ExpectedFunction>();
  const dropTable = (table: string) => {
    for (const [name, trigger] of triggers) if (trigger.table === table) triggers.delete(name);
  };
  for (const { version, sql } of migrations) {
    for (const match of sql.matchAll(STATEMENTS[engine])) {
      if (engine === "sqlite") {
        const [, statement, created, dropped, droppedTable] = match;
        if (statement !== undefined && created !== undefined)
          triggers.set(created, {
            name: created,
            table: tableOf(statement, created),
            version,
            definition: statement,
          });
        else if (dropped !== undefined) triggers.delete(dropped);
        else if (droppedTable !== undefined) dropTable(droppedTable);
        continue;
      }
      const [, fn, body, statement, created, dropped, droppedTable] = match;
      if (fn !== undefined && body !== undefined) functions.set(fn, { name: fn, version, body });
      else if (statement !== undefined && created !== undefined) {
        const runs = /EXECUTE FUNCTION (\w+)\(/.exec(statement)?.[1];
        if (runs === undefined) throw new Error(`the trigger ${created} runs no function`);
        triggers.set(created, {
          name: created,
          table: tableOf(statement, created),
          version,
          definition: runs,
        });
      } else if (dropped !== undefined) triggers.delete(dropped);
      else if (droppedTable !== undefined) dropTable(droppedTable);
    }
  }
  return { versions: migrations.map((m) => m.version), triggers, functions };
}
