// `urnkit organisation create|list`: the organisations of a registry (the DNB URN service's
// organisations, CZIDLO's registrars), which own prefixes, records, locators and tokens.

import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { registryWrite } from "../registry-write.js";

export function registerOrganisation(program: Command, ctx: Context): void {
  const organisation = program
    .command("organisation")
    .summary("create or list the organisations of a registry")
    .description(
      "Create or list the organisations of a registry database. An organisation is never " +
        "deleted.\n\nExit status: 0 done, 1 refused (the reason is printed), 2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        [
          'urnkit organisation create bsz --name "Library Service Centre" --db data/urnkit.db',
          "an organisation with the id bsz",
        ],
      ]),
    );
  organisation
    .command("create")
    .summary("create an organisation")
    .description(
      "Create an organisation: an id (lowercase letters, digits and inner hyphens), a name, a " +
        "contact.\n\nExit status: 0 created, 1 refused, 2 usage or I/O error.",
    )
    .argument("<id>", "the organisation's id, never changed")
    .requiredOption("--name <text>", "the organisation's name")
    .option("--contact <text>", "how to reach the organisation")
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([
        [
          'urnkit organisation create bsz --name "Library Service Centre" --db data/urnkit.db',
          "an organisation with the id bsz",
        ],
      ]),
    )
    .action(
      async (
        id: string,
        options: { db: string; name: string; contact?: string },
        command: Command,
      ) => {
        await registryWrite(
          ctx,
          command,
          (server, store) =>
            server.createOrganisation(
              store,
              server.OPERATOR,
              server.checkOrganisationBody({
                id,
                name: options.name,
                ...(options.contact === undefined ? {} : { contact: options.contact }),
              }),
            ),
          (org) => `organisation ${org.id} created\n`,
        );
      },
    );
  organisation
    .command("update")
    .summary("change an organisation, or deactivate it")
    .description(
      "Change an organisation's name or contact, or deactivate it (its tokens and web UI " +
        "sessions stop; its records stay and resolve) and activate it again.\n\n" +
        "Exit status: 0 changed, 1 refused, 2 usage or I/O error.",
    )
    .argument("<id>", "the organisation's id")
    .option("--name <text>", "a new name")
    .option("--contact <text>", "a new contact")
    .option("--inactive", "deactivate it")
    .option("--active", "activate it again")
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit organisation update bsz --inactive --db data/urnkit.db", "stop its tokens"],
      ]),
    )
    .action(
      async (
        id: string,
        options: {
          db: string;
          name?: string;
          contact?: string;
          inactive?: boolean;
          active?: boolean;
        },
        command: Command,
      ) => {
        if (options.inactive && options.active)
          command.error("error: --active and --inactive exclude each other");
        await registryWrite(
          ctx,
          command,
          (server, store) =>
            server.updateOrganisation(
              store,
              server.OPERATOR,
              id,
              server.checkOrganisationPatch({
                ...(options.name === undefined ? {} : { name: options.name }),
                ...(options.contact === undefined ? {} : { contact: options.contact }),
                ...(options.inactive ? { active: false } : {}),
                ...(options.active ? { active: true } : {}),
              }),
            ),
          (org) => `organisation ${org.id} updated (${org.active ? "active" : "inactive"})\n`,
        );
      },
    );
  organisation
    .command("list")
    .summary("list the organisations")
    .description(
      "List the organisations, one per line: id, active or inactive, name.\n\n" +
        "Exit status: 0 listed, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([["urnkit organisation list --db data/urnkit.db", "every organisation"]]),
    )
    .action(async (options: { db: string }, command: Command) => {
      const { store } = await openRegistry(options.db, command);
      try {
        for (const org of await store.organisations.list())
          ctx.io.stdout.write(`${org.id}\t${org.active ? "active" : "inactive"}\t${org.name}\n`);
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
}
