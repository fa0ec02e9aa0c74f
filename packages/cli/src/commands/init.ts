// `urnkit init`: makes a registry ready for use, explicitly: creates the SQLite database (and its
// directory) or migrates an empty PostgreSQL database, optionally adds the example namespace, and
// prints the token of its first administrator. A registry that already has tokens is refused, so
// that running it twice never mints a second permanent admin token.

import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";

export function registerInit(program: Command, ctx: Context): void {
  program
    .command("init")
    .summary("create a new registry database and its first admin token")
    .description(
      "Create a registry: a new SQLite file (and its directory), or the schema in an empty " +
        "PostgreSQL database (create the database itself with createdb). With --example, add " +
        "the example namespace and records. Prints an admin token, once, as the last line. A " +
        "registry that already has tokens is refused: make more with `urnkit token create`.\n\n" +
        "Exit status: 0 created, 2 usage or I/O error (a registry with tokens among them).",
    )
    .addOption(dbOption())
    .option("--example", "add the example namespace and one record in every status")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit init --db /var/lib/urnkit/urnkit.db", "a new SQLite registry; prints the token"],
        [
          "urnkit init --db postgres://urnkit@db.internal/urnkit | tail -1",
          "the schema in an empty database; just the token",
        ],
      ]),
    )
    .action(async (options: { db: string; example?: boolean }, command: Command) => {
      const { displayLocation, issueToken, seedExample } = await import("@urnkit/server");
      const registry = await openRegistry(options.db, command, { create: true });
      const { store } = registry;
      try {
        if ((await store.tokens.list()).length > 0)
          command.error(
            `error: ${displayLocation(options.db)} is already a registry with tokens; make another ` +
              "with `urnkit token create`, or see them with `urnkit token list`",
          );
        const out = ctx.io.stdout;
        const what = registry.created ? "created" : "initialized";
        out.write(`${what} registry ${displayLocation(options.db)}\n`);
        if (options.example === true && (await seedExample(store)))
          out.write("added the example namespace and records\n");
        const { token, info } = await issueToken(
          store,
          { role: "admin", label: "urnkit init" },
          { tokenId: null },
        );
        out.write(`admin token ${info.id} (shown once):\n${token}\n`);
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
}
