// `urnkit token create`: a bearer token for the registry API, written to the database as its
// SHA-256 hash only; the token itself is printed once, as the last line. `urnkit token list`:
// every token, live and revoked, for an audit (also GET /api/v1/tokens). `urnkit token revoke`:
// ends a token and its web UI sessions (also DELETE /api/v1/tokens/{id}).

import type { TokenListing } from "@urnkit/server";
import { type Command, Option } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { LineWriter } from "../output.js";

interface TokenOptions {
  db: string;
  role: string;
  namespace?: string;
  organisation?: string;
  label?: string;
}

export function registerToken(program: Command, ctx: Context): void {
  const token = program
    .command("token")
    .summary("manage registry API tokens")
    .description(
      "Manage the bearer tokens of the registry API.\n\nExit status: 0 done, 2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit token create --db data/urnkit.db --role admin", "a token that may do everything"],
        ["urnkit token list --db data/urnkit.db", "every token, live and revoked"],
        ["urnkit token revoke --db data/urnkit.db 3", "end token 3 and its sessions"],
      ]),
    );
  token
    .command("create")
    .summary("create an API token")
    .description(
      "Create a bearer token with a role (admin, registrar or reader) and, optionally, a namespace " +
        "it is limited to. Only its SHA-256 hash is stored; the token is printed once, as the last " +
        "line of the output.\n\nExit status: 0 created, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .requiredOption("--role <role>", "admin, registrar or reader")
    .option("--namespace <nid>", "limit the token to this namespace")
    .option("--organisation <id>", "the organisation the token acts for (its prefixes)")
    .option("--label <text>", "a note saying what the token is for")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit token create --db data/urnkit.db --role admin", "a token that may do everything"],
        [
          "urnkit token create --db data/urnkit.db --role registrar --namespace example | tail -1",
          "just the token of a registrar for urn:example:",
        ],
      ]),
    )
    .action(async (options: TokenOptions, command: Command) => {
      const { displayLocation, issueToken, ROLES } = await import("@urnkit/server");
      const role = ROLES.find((r) => r === options.role);
      if (role === undefined) command.error(`error: --role must be one of ${ROLES.join(", ")}`);
      const { store } = await openRegistry(options.db, command);
      try {
        if (
          options.namespace !== undefined &&
          (await store.namespaces.get(options.namespace)) === null
        )
          command.error(
            `error: namespace "${options.namespace}" is not served in ${displayLocation(options.db)}`,
          );
        const org =
          options.organisation === undefined
            ? null
            : await store.organisations.get(options.organisation);
        if (options.organisation !== undefined && !org?.active)
          command.error(
            `error: there is no active organisation "${options.organisation}" in ${displayLocation(options.db)}`,
          );
        const { token: secret, info } = await issueToken(
          store,
          {
            role: role as (typeof ROLES)[number],
            namespace: options.namespace ?? null,
            organisation: options.organisation ?? null,
            label: options.label ?? null,
          },
          { tokenId: null },
        );
        ctx.io.stdout.write(
          `token ${info.id}: role ${info.role}${info.namespace ? `, namespace ${info.namespace}` : ""}${info.organisation ? `, organisation ${info.organisation}` : ""}\n${secret}\n`,
        );
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
  token
    .command("list")
    .summary("list API tokens, live and revoked")
    .description(
      "List every token of the registry for an audit: id, role, namespace it is limited to, " +
        "label, when it was created and, for a revoked token, when it was revoked. The tokens " +
        "themselves are never stored, so never listed.\n\nExit status: 0 done, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .addOption(new Option("--json", "print one JSON object per token (JSON Lines)"))
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit token list --db data/urnkit.db", "a table of every token"],
        [
          "urnkit token list --db data/urnkit.db --json | grep '\"revoked\":null'",
          "the live tokens, for scripts",
        ],
      ]),
    )
    .action(async (options: { db: string; json?: boolean }, command: Command) => {
      const { store } = await openRegistry(options.db, command);
      try {
        const tokens = await store.tokens.list();
        const out = new LineWriter(ctx.io.stdout);
        if (options.json === true) for (const t of tokens) await out.json(t);
        else for (const line of tokenTable(tokens)) await out.line(line);
        await out.flush();
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
  token
    .command("revoke")
    .summary("revoke an API token")
    .description(
      "Revoke the token with this id (printed by `token create`): it is refused from then on and " +
        "its web UI sessions end. The row stays, for the audit log.\n\n" +
        "Exit status: 0 revoked, 1 no such live token, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .argument("<id>", "the token's id")
    .addHelpText(
      "after",
      examplesHelp([["urnkit token revoke --db data/urnkit.db 3", "end token 3 and its sessions"]]),
    )
    .action(async (id: string, options: { db: string }, command: Command) => {
      if (!/^[1-9][0-9]{0,15}$/.test(id))
        command.error(`error: <id> must be a token id, got "${id}"`);
      const { store } = await openRegistry(options.db, command);
      try {
        const revoked = await store.tokens.revoke(Number(id), { tokenId: null });
        if (revoked === null) {
          ctx.io.stderr.write(`no live token ${id}\n`);
          ctx.exit(EXIT_INVALID);
          return;
        }
        ctx.io.stdout.write(`token ${revoked.id} revoked (role ${revoked.role})\n`);
      } finally {
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
}

/** The tokens as aligned columns under a header; "live" where a token is not revoked. */
function tokenTable(tokens: TokenListing[]): string[] {
  const rows = [
    ["id", "role", "namespace", "label", "created", "revoked"],
    ...tokens.map((t) => [
      String(t.id),
      t.role,
      t.namespace ?? "-",
      t.label === null ? "-" : visible(t.label),
      t.created,
      t.revoked ?? "live",
    ]),
  ];
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  return rows.map((r) =>
    r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join("  "),
  );
}
