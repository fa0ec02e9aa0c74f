// `urnkit serve`: the resolver and registry service (@urnkit/server) on a SQLite file or a
// PostgreSQL database, until SIGINT or SIGTERM.

import { type Command, Option } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";

interface ServeOptions {
  db: string;
  dbRead?: string;
  port: string;
  host: string;
  example?: boolean;
  adminToken?: boolean;
  log: string;
  trustProxy?: string | boolean;
  delegatePublic?: boolean;
}

/** --trust-proxy alone (or "true") trusts any proxy; otherwise a comma-separated address list. */
function trustProxy(value: string | boolean | undefined): boolean | string {
  if (value === undefined || value === false || value === "false" || value === "") return false;
  return value === true || value === "true" ? true : value;
}

export function registerServe(program: Command, ctx: Context): void {
  program
    .command("serve")
    .summary("run the URN resolver and registry")
    .description(
      "Serve URN resolution (GET /{urn}, /uri-res/) and the registry API (/api/v1, /openapi.json) " +
        "on a SQLite file or a PostgreSQL database (--db postgres://…), created and migrated when needed. Stops on SIGINT or SIGTERM.\n\n" +
        "Exit status: 0 after a clean stop, 2 usage or I/O error.",
    )
    .addOption(dbOption("created when missing", "data/urnkit.db"))
    .addOption(
      new Option("--db-read <url>", "a PostgreSQL replica for resolution lookups").env(
        "URNKIT_DB_READ",
      ),
    )
    .option("--port <port>", "TCP port (0 picks a free one)", "8080")
    .option("--host <host>", "address to listen on", "127.0.0.1")
    .addOption(
      new Option(
        "--trust-proxy [addresses]",
        "believe X-Forwarded-Proto/-For from these proxies (all when no list): needed behind a TLS proxy for Secure cookies",
      ).env("URNKIT_TRUST_PROXY"),
    )
    .option(
      "--delegate-public",
      "redirect a URN whose namespace is not served here to its best public resolver (302, the others in a Link header) instead of 404",
    )
    .option("--example", "create the example namespace and records when the database has none")
    .option("--admin-token", "print a new admin token (last line of the start-up message)")
    .option("--log <level>", "log level: fatal, error, warn, info, debug or silent", "warn")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit serve --db registry.db --port 8080", "serve registry.db on http://127.0.0.1:8080"],
        ["urnkit serve --example --admin-token", "first start: example data and an admin token"],
      ]),
    )
    .action(async (options: ServeOptions, command: Command) => {
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        command.error(`error: --port must be 0 to 65535, not ${options.port}`);
      const {
        buildServer,
        displayLocation,
        isPostgresUrl,
        issueToken,
        keepTickMaps,
        openStore,
        seedExample,
      } = await import("@urnkit/server");
      // Before the store's connections start ticking (see the server's tick-maps.ts).
      keepTickMaps();
      if (options.dbRead !== undefined && !isPostgresUrl(options.db))
        command.error(
          "error: --db-read needs a PostgreSQL database: pass a postgres:// URL as --db",
        );
      const store = await openStore(options.db, { readLocation: options.dbRead ?? null });
      const seeded = options.example ? await seedExample(store) : false;
      const app = await buildServer({
        store,
        logger: { level: options.log },
        trustProxy: trustProxy(options.trustProxy),
        delegatePublic: options.delegatePublic === true,
      });
      const address = await app.listen({ port, host: options.host });
      const out = ctx.io.stdout;
      out.write(`urnkit serving ${displayLocation(options.db)} at ${address}\n`);
      if (seeded)
        out.write(
          `created the example namespace; try ${address}/urn:example:report-2024 (active), …/urn:example:report-2019 (successor), …/urn:example:draft-7 (tombstone), …/urn:example:report-2025 (reserved)\n`,
        );
      out.write(`OpenAPI: ${address}/openapi.json\n`);
      if (options.adminToken) {
        const { token } = await issueToken(
          store,
          { role: "admin", label: "serve --admin-token" },
          { tokenId: null },
        );
        out.write(`admin token (shown once):\n${token}\n`);
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          resolve();
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      await app.close();
      await store.close();
      ctx.exit(EXIT_OK);
    });
}
