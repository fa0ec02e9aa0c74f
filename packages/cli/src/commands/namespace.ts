// `urnkit namespace create|update|list`: the namespaces a registry serves (RFC 8141 §6 registration
// template, §6.4.6 resolution policy), set up from the command line as over the API: the same
// validation, NID rules (§5) and template checks. A new registry for urn:nbn: starts here.

import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { registryWrite } from "../registry-write.js";

interface NamespaceOptions {
  db: string;
  local?: boolean;
  template?: string;
  mintPrefix?: string;
  mintWidth?: string;
  mintCheck?: string;
  redirectStatus?: string;
  maxAge?: string;
}

/** The options as a namespace body; numbers that are not numbers stay text for the schema to refuse. */
function body(nid: string, o: NamespaceOptions): Record<string, unknown> {
  const n = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : v);
  const out: Record<string, unknown> = { nid };
  if (o.local !== undefined) out.local = o.local;
  if (o.template !== undefined) out.template = readFileSync(o.template, "utf8");
  if (o.mintPrefix !== undefined)
    out.mint = { prefix: o.mintPrefix, width: n(o.mintWidth ?? "6"), check: o.mintCheck ?? "none" };
  if (o.redirectStatus !== undefined) out.redirectStatus = n(o.redirectStatus);
  if (o.maxAge !== undefined) out.maxAge = n(o.maxAge);
  return out;
}

function withOptions(command: Command): Command {
  return command
    .addOption(dbOption())
    .option("--local", "serve a NID that is not registered with IANA")
    .option("--template <file>", "the registration template (RFC 8141 Appendix A)")
    .option("--mint-prefix <text>", "minting policy: the NSS prefix of minted URNs")
    .option("--mint-width <digits>", "minting policy: digits of the number (default 6)")
    .option("--mint-check <scheme>", "minting policy: none or mod11-2 (default none)")
    .option("--redirect-status <code>", "302, 303 or 307")
    .option("--max-age <seconds>", "longest time a client may cache a redirect");
}

export function registerNamespace(program: Command, ctx: Context): void {
  const namespace = program
    .command("namespace")
    .summary("create, change or list the namespaces a registry serves")
    .description(
      "Create, change or list the namespaces served by a registry database.\n\n" +
        "Exit status: 0 done, 1 refused (the reason is printed), 2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit namespace create nbn --db data/urnkit.db", "serve urn:nbn:"],
        ["urnkit namespace list --db data/urnkit.db", "the namespaces served"],
      ]),
    );
  withOptions(
    namespace
      .command("create")
      .summary("serve a namespace")
      .description(
        "Serve a namespace: a NID registered with IANA, or any valid NID with --local.\n\n" +
          "Exit status: 0 created, 1 refused, 2 usage or I/O error.",
      )
      .argument("<nid>", "the namespace identifier"),
  )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit namespace create nbn --db data/urnkit.db", "serve urn:nbn:"],
        [
          "urnkit namespace create example --local --mint-prefix doc- --db data/urnkit.db",
          "a local namespace that mints urn:example:doc-000001, …",
        ],
      ]),
    )
    .action(async (nid: string, options: NamespaceOptions, command: Command) => {
      await registryWrite(
        ctx,
        command,
        async (server, store) =>
          server.createNamespace(
            { store, limits: server.DEFAULT_LIMITS },
            server.OPERATOR,
            server.checkNamespaceBody(body(nid, options)),
          ),
        ({ namespace, warnings }) =>
          `namespace ${namespace.nid} created${warnings.map((w) => `\nwarning: ${w.message}`).join("")}\n`,
      );
    });
  withOptions(
    namespace
      .command("update")
      .summary("change a namespace")
      .description(
        "Change a namespace's template, minting policy or resolution policy; a changed template " +
          "is kept as a new revision.\n\nExit status: 0 changed, 1 refused, 2 usage or I/O error.",
      )
      .argument("<nid>", "the namespace identifier"),
  )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit namespace update nbn --max-age 60 --db data/urnkit.db", "shorter caching"],
      ]),
    )
    .action(async (nid: string, options: NamespaceOptions, command: Command) => {
      await registryWrite(
        ctx,
        command,
        async (server, store) => {
          const { nid: _nid, ...input } = server.checkNamespaceBody(body(nid, options));
          return server.updateNamespace(
            { store, limits: server.DEFAULT_LIMITS },
            server.OPERATOR,
            nid,
            input,
          );
        },
        ({ namespace }) => `namespace ${namespace.nid} updated\n`,
      );
    });
  namespace
    .command("list")
    .summary("list the namespaces served")
    .description(
      "List the namespaces served, one per line: NID, local or registered, minting prefix.\n\n" +
        "Exit status: 0 listed, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .addHelpText(
      "after",
      examplesHelp([["urnkit namespace list --db data/urnkit.db", "the namespaces served"]]),
    )
    .action(async (options: { db: string }, command: Command) => {
      const { store } = await openRegistry(options.db, command);
      try {
        for (const ns of await store.namespaces.list())
          ctx.io.stdout.write(
            `${ns.nid}\t${ns.local ? "local" : "registered"}\t${ns.mint === null ? "-" : `urn:${ns.nid}:${ns.mint.prefix}`}\n`,
          );
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
}
