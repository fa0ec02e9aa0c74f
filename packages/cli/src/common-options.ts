// Options several commands share, defined once so they read and behave the same everywhere.

import type { UrnSyntax } from "@urnkit/core";
import { type Command, Option } from "commander";

/**
 * `--syntax`: the grammar URNs are read with (RFC 8141 §2, or RFC 2141 for legacy data); with
 * `both`, also "both", which reads each URN with the two of them (urnkit parse).
 */
export function syntaxOption(both = false): Option {
  const grammars: string[] = ["rfc8141", "rfc2141"] satisfies UrnSyntax[];
  const what = both ? ' ("both": under each of them, side by side)' : "";
  return new Option("--syntax <grammar>", `grammar to read URNs with${what}`)
    .choices(both ? [...grammars, "both"] : grammars)
    .default("rfc8141");
}

/**
 * A `--timeout <seconds>` value in milliseconds: a number of seconds above 0 and at most 600, or
 * a usage error naming `option` ("timeout", "links-timeout").
 */
export function parseTimeout(command: Command, option: string, text: string): number {
  const seconds = Number(text);
  if (!(seconds > 0 && seconds <= 600)) {
    command.error(`error: --${option} must be a number of seconds, above 0 and at most 600`);
  }
  return Math.round(seconds * 1000);
}

/** Where every command looks for the registry when neither --db nor URNKIT_DB names one. */
export const DEFAULT_DB = "data/urnkit.db";

/**
 * `--db`: the registry database, a SQLite file or a postgres:// URL; from URNKIT_DB when not
 * given, else DEFAULT_DB, the same for every command (the file `npm start` makes). A SQLite file
 * that does not exist is refused (open-registry.ts) unless the command makes one (`urnkit init`,
 * --create).
 */
export function dbOption(): Option {
  return new Option("--db <file|url>", "the registry: a SQLite database file, or a postgres:// URL")
    .env("URNKIT_DB")
    .default(DEFAULT_DB);
}

/** `--create`: the explicit request to make a new SQLite database when --db names none. */
export function createOption(): Option {
  return new Option(
    "--create",
    "make a new SQLite database (and its directory) when --db names a file that does not exist",
  );
}

/** `-i, --input`: read the lines of a file instead of standard input. */
function inputOption(): Option {
  return new Option(
    "-i, --input <file>",
    'read one URN per line from <file> ("-": standard input)',
  );
}

/** `--skip-empty`: by default an empty line is an input like any other (and not a URN). */
function skipEmptyOption(): Option {
  return new Option("--skip-empty", "ignore empty lines instead of reporting them as invalid");
}

/**
 * What a command that reads many URNs (inputs.ts) takes: `[urn...]` arguments (or another
 * `argument`) described as `what`, `syntax` (the plain --syntax unless the command offers more),
 * --input and --skip-empty.
 */
export function readsUrns(
  command: Command,
  what: string,
  syntax = syntaxOption(),
  argument = "[urn...]",
): Command {
  return command
    .argument(argument, what)
    .addOption(syntax)
    .addOption(inputOption())
    .addOption(skipEmptyOption());
}

/** Where many URNs are read from: the values of --input and --skip-empty. */
export interface SourceOptions {
  input?: string;
  skipEmpty?: boolean;
}

/** The values of --syntax, --input and --skip-empty, as commander hands them to an action. */
export interface InputOptions extends SourceOptions {
  syntax: UrnSyntax;
}
