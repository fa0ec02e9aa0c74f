// `urnkit prefix create|list`: the prefixes (sub-namespaces) of a registry, each owned by one
// organisation with its naming, URL, registration and minting policies (the DNB URN service's
// namespaces such as urn:nbn:de:bsz:14-, CZIDLO's registrar codes).

import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { registryWrite } from "../registry-write.js";

interface PrefixOptions {
  db: string;
  organisation: string;
  naming?: string;
  url?: string[];
  modes?: string;
  width?: string;
  check?: string;
  delegate?: string;
  mirrors?: boolean;
}

/** The policy options given, as the API's body fields ("" clears naming and delegate). */
function policyBody(options: Omit<PrefixOptions, "organisation">): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (options.naming !== undefined) body.naming = options.naming === "" ? null : options.naming;
  if (options.url !== undefined) body.urls = options.url;
  if (options.modes !== undefined) body.modes = options.modes.split(",");
  if (options.width !== undefined)
    body.width = /^\d+$/.test(options.width) ? Number(options.width) : options.width;
  if (options.check !== undefined) body.check = options.check;
  if (options.delegate !== undefined)
    body.delegate = options.delegate === "" ? null : options.delegate;
  if (options.mirrors !== undefined) body.mirrors = options.mirrors;
  return body;
}

/** The NID of a prefix written "urn:<nid>:…" (any case), or null. */
function nidOf(prefix: string): string | null {
  return /^urn:([^:]+):/i.exec(prefix)?.[1]?.toLowerCase() ?? null;
}

export function registerPrefix(program: Command, ctx: Context): void {
  const prefix = program
    .command("prefix")
    .summary("create or list the prefixes (sub-namespaces) of a registry")
    .description(
      "Create or list the prefixes of a registry database. A prefix is never deleted and keeps " +
        "its owner.\n\nExit status: 0 done, 1 refused (the reason is printed), 2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit prefix create urn:nbn:de:bsz:14- --organisation bsz --check nbn --db data/urnkit.db",
          "a sub-namespace of urn:nbn:de minting with the DNB check digit",
        ],
      ]),
    );
  prefix
    .command("create")
    .summary("create a prefix")
    .description(
      "Create a prefix of a namespace served here, owned by an organisation.\n\n" +
        "Exit status: 0 created, 1 refused, 2 usage or I/O error.",
    )
    .argument("<prefix>", 'the prefix, starting "urn:<nid>:"')
    .requiredOption("--organisation <id>", "the organisation that owns it")
    .option("--naming <regexp>", "a pattern the rest of each NSS must match")
    .option(
      "--url <prefix-or-host>",
      "a URL prefix or host its locators may use (repeat it)",
      (v: string, all: string[] = []) => [...all, v],
    )
    .option("--modes <list>", "registration modes: resolver,reservation,registrar (default all)")
    .option("--width <digits>", "digits of a minted number (default 6)")
    .option("--check <scheme>", "check character of minted URNs: none, mod11-2 or nbn")
    .option("--delegate <url>", "resolve it elsewhere: a URL template with {urn}")
    .option("--mirrors", "let other organisations attach their own locators")
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit prefix create urn:nbn:de:bsz:14- --organisation bsz --check nbn --db data/urnkit.db",
          "minted URNs get the DNB check digit",
        ],
        [
          "urnkit prefix create urn:example:lib- --organisation lib --url lib.example --db r.db",
          "locators only on the host lib.example",
        ],
      ]),
    )
    .action(async (text: string, options: PrefixOptions, command: Command) => {
      const nid = nidOf(text);
      if (nid === null) command.error(`error: a prefix starts "urn:<nid>:", got "${text}"`);
      const body = {
        prefix: text,
        organisation: options.organisation,
        ...policyBody(options),
      };
      await registryWrite(
        ctx,
        command,
        (server, store) =>
          server.createPrefix(
            { store, limits: server.DEFAULT_LIMITS },
            server.OPERATOR,
            nid as string,
            server.checkPrefixBody(body),
          ),
        (p) => `prefix ${p.prefix} created for ${p.organisation}\n`,
      );
    });
  prefix
    .command("update")
    .summary("change a prefix's policies")
    .description(
      "Change a prefix's naming, URL, registration or minting policy, delegate or mirrors; its " +
        "name, namespace and owner never change.\n\nExit status: 0 changed, 1 refused, 2 usage or I/O error.",
    )
    .argument("<prefix>", 'the prefix, starting "urn:<nid>:"')
    .option("--naming <regexp>", 'a pattern the rest of each NSS must match ("" for none)')
    .option(
      "--url <prefix-or-host>",
      "a URL prefix or host its locators may use (repeat it; replaces the list)",
      (v: string, all: string[] = []) => [...all, v],
    )
    .option("--modes <list>", "registration modes: resolver,reservation,registrar")
    .option("--width <digits>", "digits of a minted number")
    .option("--check <scheme>", "check character of minted URNs: none, mod11-2 or nbn")
    .option("--delegate <url>", 'resolve it elsewhere: a URL template with {urn} ("" for here)')
    .option("--mirrors", "let other organisations attach their own locators")
    .option("--no-mirrors", "take locators of its own organisation only")
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit prefix update urn:nbn:de:bsz:14- --modes resolver,reservation --db data/urnkit.db",
          "no more names chosen by the registrar",
        ],
      ]),
    )
    .action(
      async (text: string, options: Omit<PrefixOptions, "organisation">, command: Command) => {
        const nid = nidOf(text);
        if (nid === null) command.error(`error: a prefix starts "urn:<nid>:", got "${text}"`);
        await registryWrite(
          ctx,
          command,
          (server, store) =>
            server.updatePrefix(
              { store, limits: server.DEFAULT_LIMITS },
              server.OPERATOR,
              nid as string,
              text,
              server.checkPrefixPatch(policyBody(options)),
            ),
          (p) => `prefix ${p.prefix} updated\n`,
        );
      },
    );
  prefix
    .command("list")
    .summary("list the prefixes")
    .description(
      "List the prefixes, one per line: prefix, organisation, registration modes, next number.\n\n" +
        "Exit status: 0 listed, 2 usage or I/O error.",
    )
    .option("--namespace <nid>", "only the prefixes of this namespace")
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit prefix list --namespace nbn --db data/urnkit.db", "urn:nbn: prefixes"],
      ]),
    )
    .action(async (options: { db: string; namespace?: string }, command: Command) => {
      const { store } = await openRegistry(options.db, command);
      try {
        for (const p of await store.prefixes.list(options.namespace?.toLowerCase()))
          ctx.io.stdout.write(`${p.prefix}\t${p.organisation}\t${p.modes.join(",")}\t${p.next}\n`);
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
}
