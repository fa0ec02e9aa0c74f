// `urnkit sandbox`: a throwaway registry speaking the DNB URN-Service API v2, for testing a DNB
// client (MyCoRe, Goobi, SONAR, the Dagstuhl and Münster clients) without a DNB account: one
// namespace, one organisation and known credentials, in memory, until SIGINT or SIGTERM. Nothing
// is kept.

import { type Command, Option } from "commander";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { listenFailure } from "../listen-failure.js";
import { stopSignal } from "../stop-signal.js";

interface SandboxCommandOptions {
  namespace: string;
  login: string;
  password: string;
  port: string;
  host: string;
  checkDigit: boolean;
  log: string;
}

/** An organisation id (the DNB login): lowercase letters, digits and "-". */
const LOGIN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function registerSandbox(program: Command, ctx: Context): void {
  program
    .command("sandbox")
    .summary("a throwaway DNB URN-Service API v2 registry for testing a client")
    .description(
      "Start a registry in memory that speaks the DNB URN-Service API v2 (under /v2/ and " +
        "/sandbox/v2/) with one namespace, an organisation owning it and known credentials " +
        "(HTTP Basic: the login and the password), print its base URLs on standard output, and " +
        "serve until SIGINT or SIGTERM. Nothing is kept. urn:nbn:de URNs need the DNB's check " +
        "digit unless --no-check-digit.\n\n" +
        "Exit status: 0 after a clean stop, 2 usage or I/O error (a busy port among them).",
    )
    .addOption(
      new Option(
        "--namespace <name>",
        "the DNB namespace (its prefix is the name and '-')",
      ).default("urn:nbn:de:test"),
    )
    .addOption(
      new Option("--login <id>", "the organisation's id: the HTTP Basic user").default("test"),
    )
    .addOption(
      new Option("--password <password>", "the HTTP Basic password (4 to 1024 characters)").default(
        "test",
      ),
    )
    .addOption(new Option("--port <port>", "TCP port (0 picks a free one)").default("0"))
    .addOption(new Option("--host <host>", "address to listen on").default("127.0.0.1"))
    .option("--no-check-digit", "take urn:nbn:de URNs without checking the DNB's check digit")
    .addOption(
      new Option("--log <level>", "log level (JSON lines on standard error)")
        .choices(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
        .default("warn"),
    )
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit sandbox --namespace urn:nbn:de:test --login test --password test --port 8089",
          "base URL http://127.0.0.1:8089/sandbox/v2/, user test, password test",
        ],
        ["urnkit sandbox --no-check-digit", "any urn:nbn:de:test-… URN registers"],
      ]),
    )
    .action(async (options: SandboxCommandOptions, command: Command) => {
      const port = Number(options.port);
      if (!/^[0-9]+$/.test(options.port) || port > 65535)
        command.error(`error: --port must be 0 to 65535, not ${options.port}`);
      if (!LOGIN.test(options.login))
        command.error(
          `error: --login is an organisation id: lowercase letters, digits and "-", not "${options.login}"`,
        );
      if (options.password.length < 4 || options.password.length > 1024)
        command.error("error: --password is 4 to 1024 characters");
      const { buildServer, DEFAULT_LIMITS, keepTickMaps, openSqliteStore, Refusal, setUpSandbox } =
        await import("@urnkit/server");
      keepTickMaps();
      const store = await openSqliteStore(":memory:");
      try {
        await setUpSandbox(
          { store, limits: DEFAULT_LIMITS },
          {
            namespace: options.namespace,
            login: options.login,
            password: options.password,
            checkDigit: options.checkDigit,
          },
        );
      } catch (error) {
        await store.close();
        if (error instanceof Refusal) command.error(`error: --namespace: ${error.message}`);
        throw error;
      }
      const stop = stopSignal();
      const app = await buildServer({
        store,
        logger: { level: options.log, stream: process.stderr },
      });
      let address: string;
      try {
        address = await app.listen({ port, host: options.host });
      } catch (error) {
        stop.cancel();
        await app.close();
        await store.close();
        throw listenFailure(error, options.host, port);
      }
      const out = ctx.io.stdout;
      out.write(`DNB URN-Service API v2 sandbox (in memory; stops on Ctrl-C)\n`);
      out.write(`base URL: ${address}/sandbox/v2/\n`);
      out.write(`base URL: ${address}/v2/\n`);
      out.write(`namespace: ${options.namespace} (prefix ${options.namespace}-)\n`);
      out.write(`login: ${options.login}\npassword: ${options.password}\n`);
      const signal = await stop.signal;
      ctx.io.stderr.write(`${signal}: stopping\n`);
      await app.close();
      await store.close();
      ctx.exit(EXIT_OK);
    });
}
