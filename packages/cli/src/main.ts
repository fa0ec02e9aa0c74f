// The `urnkit` command line (DESIGN.md "The command line"): builds the commander program, runs one
// command and turns every outcome into an exit code: 0 all good, 1 some input invalid, 2 usage or
// I/O error. Nothing here calls process.exit, so tests run `main` in-process with their own streams.

import { readFileSync } from "node:fs";
import { Command, CommanderError } from "commander";
import { registerCheck } from "./commands/check.js";
import { registerCopy } from "./commands/copy.js";
import { registerDecode } from "./commands/decode.js";
import { registerEncode } from "./commands/encode.js";
import { registerEqual } from "./commands/equal.js";
import { registerExport } from "./commands/export.js";
import { registerExtract } from "./commands/extract.js";
import { registerHarvest } from "./commands/harvest.js";
import { registerImport } from "./commands/import.js";
import { registerInit } from "./commands/init.js";
import { registerLinks } from "./commands/links.js";
import { registerNamespace } from "./commands/namespace.js";
import { registerNamespaces } from "./commands/namespaces.js";
import { registerNormalize } from "./commands/normalize.js";
import { registerOrganisation } from "./commands/organisation.js";
import { registerParse } from "./commands/parse.js";
import { registerPrefix } from "./commands/prefix.js";
import { registerResolve } from "./commands/resolve.js";
import { registerResolvers } from "./commands/resolvers.js";
import { registerServe } from "./commands/serve.js";
import { registerTemplate } from "./commands/template.js";
import { registerToken } from "./commands/token.js";
import {
  createContext,
  EXIT_OK,
  EXIT_USAGE,
  type Io,
  processIo,
  type RegisterCommand,
} from "./context.js";
import { examplesHelp } from "./help-examples.js";
import { guardStream } from "./output.js";

export type { Io } from "./context.js";

/*
 * Adding a command: create src/commands/<name>.ts exporting `register<Name>(program, ctx)` (type
 * RegisterCommand) that calls `program.command("<name>")` with a summary, a description ending
 * with the exit status, `.addHelpText("after", examplesHelp([...]))`, and an async action that
 * ends with `ctx.exit(code)`. Reuse common-options.ts (--syntax, --db, --create; open-registry.ts to open it; `readsUrns` for [urn...]
 * with --input and --skip-empty), inputs.ts (arguments or streamed lines), output.ts (LineWriter,
 * colours), progress-bar.ts, nid-class.ts and the Io in `ctx`; never touch process.* directly.
 * Report usage errors with `command.error("error: …")` (exit 2); throw I/O errors (exit 2). Then
 * add the function to COMMANDS below, in help order (test/cli.test.ts lists them too).
 */
const COMMANDS: RegisterCommand[] = [
  registerParse,
  registerNormalize,
  registerEqual,
  registerEncode,
  registerDecode,
  registerExtract,
  registerCheck,
  registerNamespaces,
  registerResolve,
  registerResolvers,
  registerTemplate,
  registerInit,
  registerServe,
  registerNamespace,
  registerOrganisation,
  registerPrefix,
  registerToken,
  registerImport,
  registerExport,
  registerCopy,
  registerHarvest,
  registerLinks,
];

/** The package version, read at run time (the same relative path from src/ and dist/). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  return String(pkg.version);
}

/** Runs `urnkit` with `argv` (the arguments after the program name); resolves to the exit code. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  let code = EXIT_OK;
  guardStream(io.stdout);
  guardStream(io.stderr);
  const ctx = createContext(io, (c) => {
    code = c;
  });
  const program = new Command("urnkit")
    .description("Uniform Resource Names (RFC 8141): parse, check, compare and resolve them.")
    .version(version(), "-V, --version")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(ctx.colors.err.red(text)),
    })
    .showHelpAfterError("(add --help for usage)")
    .addHelpText(
      "after",
      `${examplesHelp([
        ["urnkit parse 'URN:Example:a123%2cz456?+res?=op=map#part'", "the parts of one URN"],
        ["urnkit check urn:isbn:0-395-36341-1", "syntax, registration and namespace rules"],
        ["urnkit normalize < urns.txt | sort -u", "canonical spellings, deduplicated"],
        ["urnkit help parse", "the options and examples of one command"],
      ])}
Commands that read many URNs take them as arguments, or one per line on
standard input.
Exit status: 0 all good, 1 some input invalid, 2 usage or I/O error.
`,
    );
  for (const register of COMMANDS) register(program, ctx);

  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (error) {
    return failure(error, io, ctx.colors.err.red);
  }
}

/** The exit code for an error that ended the run, after telling the user about it. */
function failure(error: unknown, io: Io, red: (s: string) => string): number {
  if (error instanceof CommanderError) {
    // commander has already printed the message, or the help or version asked for (exit code 0;
    // help shown because no command was given has 1, which is a usage error here).
    return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  }
  const systemCode = (error as { code?: unknown } | null)?.code;
  if (typeof systemCode === "string" && error instanceof Error) {
    // The reader of our output went away (`urnkit parse < big | head`): nothing left to say.
    if (systemCode !== "EPIPE") io.stderr.write(red(`urnkit: ${error.message}\n`));
    return EXIT_USAGE;
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  io.stderr.write(red(`urnkit: internal error, please report it:\n${detail}\n`));
  return EXIT_USAGE;
}
