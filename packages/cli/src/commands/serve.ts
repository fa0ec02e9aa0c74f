// `urnkit serve`: the resolver and registry service (@urnkit/server) on a SQLite file or a
// PostgreSQL database, until SIGINT or SIGTERM. Every option can come from the environment
// (URNKIT_*; the port also from PORT, which hosting platforms set), flags winning. Standard output
// carries only the server's JSON log lines; the start-up message goes to standard error.

import { type Command, Option } from "commander";
import { createOption, dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { duration } from "../duration.js";
import { flag } from "../env-flag.js";
import { examplesHelp } from "../help-examples.js";
import { checkerOptions, linkCheckOptions } from "../link-check-options.js";
import { listenFailure } from "../listen-failure.js";
import { openRegistry } from "../open-registry.js";
import { stopSignal } from "../stop-signal.js";

interface ServeOptions {
  db: string;
  dbRead?: string;
  dbListen?: string;
  dbConnectTimeout?: string;
  create?: boolean;
  port: string;
  host: string;
  example?: boolean;
  adminToken?: boolean;
  oaiName?: string;
  oaiAdminEmail?: string;
  oaiPageSize?: string;
  log: string;
  trustProxy?: string | boolean;
  delegatePublic?: boolean;
  checkLinksEvery?: string;
  dnbBase?: string;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];
/** --trust-proxy alone (or "true") trusts any proxy; otherwise a comma-separated address list. */
function trustProxy(value: string | boolean | undefined): boolean | string {
  if (value === undefined || value === false || value === "false" || value === "") return false;
  return value === true || value === "true" ? true : value;
}

/** OAI-PMH 2.0's emailType (OAI-PMH.xsd): what Identify may name as adminEmail. */
const EMAIL = /^\S+@(\S+\.)+\S+$/;

/** The OAI-PMH provider's settings from --oai-*, checked (unset ones keep the defaults). */
function oaiOptions(options: ServeOptions, command: Command) {
  const oai: { repositoryName?: string; adminEmails?: string[]; pageSize?: number } = {};
  if (options.oaiName !== undefined) oai.repositoryName = options.oaiName;
  if (options.oaiAdminEmail !== undefined) {
    const emails = options.oaiAdminEmail.split(",").map((e) => e.trim());
    const bad = emails.find((e) => !EMAIL.test(e));
    if (bad !== undefined)
      command.error(
        `error: --oai-admin-email: "${bad}" is not an e-mail address (name@host.domain)`,
      );
    oai.adminEmails = emails;
  }
  if (options.oaiPageSize !== undefined) {
    const size = Number(options.oaiPageSize);
    if (!/^[0-9]+$/.test(options.oaiPageSize) || size < 1 || size > 10000)
      command.error(`error: --oai-page-size must be 1 to 10000, not ${options.oaiPageSize}`);
    oai.pageSize = size;
  }
  return oai;
}

export function registerServe(program: Command, ctx: Context): void {
  const serve = program
    .command("serve")
    .summary("run the URN resolver and registry")
    .description(
      "Serve URN resolution (GET /{urn}, /uri-res/) and the registry API (/api/v1, /openapi.json) " +
        "on a SQLite file or a PostgreSQL database (--db postgres://…), migrated when needed. " +
        "A SQLite file that does not exist is refused unless --create is given. On a new registry " +
        "(no token ever created) it prints an admin token once, on standard error; standard " +
        "output carries only the JSON log lines. Every option can also be set by the environment " +
        "variable shown; a flag wins. Stops on SIGINT or SIGTERM: no new connections, requests " +
        "in flight finish.\n\n" +
        "Exit status: 0 after a clean stop, 2 usage or I/O error (a busy port among them).",
    )
    .addOption(dbOption())
    .addOption(createOption().env("URNKIT_CREATE"))
    .addOption(
      new Option("--db-read <url>", "a PostgreSQL replica for resolution lookups").env(
        "URNKIT_DB_READ",
      ),
    )
    .addOption(
      new Option(
        "--db-listen <url>",
        "a direct connection to the PostgreSQL primary for LISTEN, when --db is a transaction-mode pooler (PgBouncer)",
      ).env("URNKIT_DB_LISTEN"),
    )
    .addOption(
      new Option(
        "--db-connect-timeout <duration>",
        "how long making a PostgreSQL connection may take before requests that need it answer 503 (default 5s)",
      ).env("URNKIT_DB_CONNECT_TIMEOUT"),
    )
    .addOption(
      new Option("--port <port>", "TCP port (0 picks a free one; PORT when URNKIT_PORT is unset)")
        .env("URNKIT_PORT")
        .default("8080"),
    )
    .addOption(
      new Option("--host <host>", "address to listen on").env("URNKIT_HOST").default("127.0.0.1"),
    )
    .addOption(
      new Option(
        "--trust-proxy [addresses]",
        "believe X-Forwarded-Proto/-For from these proxies (all when no list): needed behind a TLS proxy for Secure cookies",
      ).env("URNKIT_TRUST_PROXY"),
    )
    .addOption(
      new Option(
        "--delegate-public",
        "redirect a URN whose namespace is not served here to its best public resolver (302, the others in a Link header) instead of 404",
      ).env("URNKIT_DELEGATE_PUBLIC"),
    )
    .addOption(
      new Option("--oai-name <name>", "the OAI-PMH repository name (Identify)").env(
        "URNKIT_OAI_NAME",
      ),
    )
    .addOption(
      new Option(
        "--oai-admin-email <addresses>",
        "the OAI-PMH administrators' e-mail addresses (Identify), comma-separated",
      ).env("URNKIT_OAI_ADMIN_EMAIL"),
    )
    .addOption(
      new Option(
        "--oai-page-size <n>",
        "records per OAI-PMH ListRecords/ListIdentifiers response (default 500)",
      ).env("URNKIT_OAI_PAGE_SIZE"),
    )
    .addOption(
      new Option(
        "--example",
        "create the example namespace and records when the database has none",
      ).env("URNKIT_EXAMPLE"),
    )
    .addOption(
      new Option(
        "--check-links-every <duration>",
        "check every locator again once its last check is this old (30m, 24h, 7d); off unless given",
      ).env("URNKIT_CHECK_LINKS_EVERY"),
    );
  // The link checker's options (--links-contact, …), for --check-links-every.
  for (const option of linkCheckOptions("links-")) serve.addOption(option);
  serve
    .option(
      "--admin-token",
      "print a new admin token even if the registry has tokens (flag only: never from the environment)",
    )
    .addOption(
      new Option("--log <level>", "log level (JSON lines on standard output)")
        .choices(LOG_LEVELS)
        .env("URNKIT_LOG")
        .default("warn"),
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit serve --db registry.db --port 8080", "serve registry.db on http://127.0.0.1:8080"],
        [
          "urnkit serve --db data/urnkit.db --create --example",
          "first start: a new registry with example data and an admin token",
        ],
        [
          "URNKIT_DB=postgres://urnkit@db/urnkit PORT=9000 urnkit serve",
          "configured by environment",
        ],
      ]),
    )
    .action(async (options: ServeOptions, command: Command) => {
      const portText =
        command.getOptionValueSource("port") === "default" && process.env.PORT
          ? process.env.PORT
          : options.port;
      const port = Number(portText);
      if (!/^[0-9]+$/.test(portText) || port > 65535)
        command.error(`error: --port must be 0 to 65535, not ${portText}`);
      const create = flag(command, "create", "URNKIT_CREATE");
      const example = flag(command, "example", "URNKIT_EXAMPLE");
      const linkCheckEvery =
        options.checkLinksEvery === undefined || options.checkLinksEvery === ""
          ? null
          : duration(options.checkLinksEvery, "--check-links-every", command);
      const linkChecks = linkCheckEvery === null ? null : checkerOptions(command, "links-");
      const connectTimeoutMs =
        options.dbConnectTimeout === undefined || options.dbConnectTimeout === ""
          ? undefined
          : duration(options.dbConnectTimeout, "--db-connect-timeout", command);
      const {
        buildServer,
        DEFAULT_DNB_BASES,
        displayLocation,
        isPostgresUrl,
        issueToken,
        keepTickMaps,
        normaliseBase,
        scheduleLinkChecks,
        seedExample,
      } = await import("@urnkit/server");
      // Before the store's connections start ticking (see the server's tick-maps.ts).
      keepTickMaps();
      if (options.dbRead !== undefined && !isPostgresUrl(options.db))
        command.error(
          "error: --db-read needs a PostgreSQL database: pass a postgres:// URL as --db",
        );
      if (options.dbListen !== undefined && !isPostgresUrl(options.db))
        command.error(
          "error: --db-listen needs a PostgreSQL database: pass a postgres:// URL as --db",
        );
      let dnbBases: readonly string[] = DEFAULT_DNB_BASES;
      if (options.dnbBase !== undefined && options.dnbBase.trim() !== "") {
        try {
          dnbBases =
            options.dnbBase.trim() === "none"
              ? []
              : options.dnbBase.split(",").map((b) => normaliseBase(b.trim()));
        } catch (error) {
          command.error(`error: --dnb-base: ${(error as Error).message}`);
        }
      }
      const registry = await openRegistry(options.db, command, {
        create,
        offersCreate: true,
        readLocation: options.dbRead ?? null,
        listenLocation: options.dbListen ?? null,
        ...(connectTimeoutMs === undefined ? {} : { connectTimeoutMs }),
      });
      const { store } = registry;
      const stop = stopSignal();
      const app = await buildServer({
        store,
        logger: { level: options.log },
        trustProxy: trustProxy(options.trustProxy),
        delegatePublic: flag(command, "delegatePublic", "URNKIT_DELEGATE_PUBLIC"),
        oai: oaiOptions(options, command),
        dnbBases,
      });
      try {
        const fresh = (await store.tokens.list()).length === 0;
        const seeded = example ? await seedExample(store) : false;
        const address = await app.listen({ port, host: options.host });
        // Written once the server listens, so that a failed start leaves no token behind.
        const err = ctx.io.stderr;
        err.write(`urnkit serving ${displayLocation(options.db)} at ${address}\n`);
        if (seeded)
          err.write(
            `created the example namespace; try ${address}/urn:example:report-2024 (active), …/urn:example:report-2019 (successor), …/urn:example:draft-7 (tombstone), …/urn:example:report-2025 (reserved)\n`,
          );
        err.write(`OpenAPI: ${address}/openapi.json\n`);
        if (fresh || options.adminToken) {
          const { token, info } = await issueToken(
            store,
            { role: "admin", label: fresh ? "first start" : "serve --admin-token" },
            { tokenId: null },
          );
          const why = fresh ? "a new registry: token for its first administrator" : "admin token";
          err.write(`${why} (id ${info.id}, shown once):\n${token}\n`);
        }
      } catch (error) {
        // A busy port, say: leave nothing behind that this start made.
        stop.cancel();
        await app.close();
        await registry.discard();
        throw listenFailure(error, options.host, port);
      }
      const links =
        linkCheckEvery === null || linkChecks === null
          ? null
          : scheduleLinkChecks(store, {
              ...linkChecks,
              everyMs: linkCheckEvery,
              onRound: (summary, error) => {
                if (summary === null) app.log.error({ err: error }, "link check round failed");
                else if (summary.checked + summary.deferred > 0)
                  app.log.info({ linkChecks: summary }, "link check round");
              },
              onLease: (held) =>
                app.log.info(
                  held
                    ? "link checks: this process checks links (it holds the database's link lease)"
                    : "link checks: another server process on this database checks links; this one waits",
                ),
            });
      const signal = await stop.signal;
      ctx.io.stderr.write(`${signal}: stopping; requests in flight finish\n`);
      await links?.stop();
      await app.close();
      await store.close();
      ctx.exit(EXIT_OK);
    });
}
