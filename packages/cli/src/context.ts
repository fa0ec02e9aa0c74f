// What every command is given: the process streams (injectable for tests), colours decided once
// for standard output and standard error, and the exit code it settles on (DESIGN.md "The command line").

import type { Readable, Writable } from "node:stream";
import type { Command } from "commander";
import { type Colors, colorsFor } from "./output.js";

/** The streams and environment a run uses; tests pass their own, the bin uses the process's. */
export interface Io {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  /** Environment variables consulted (NO_COLOR, FORCE_COLOR); defaults to process.env. */
  env?: Record<string, string | undefined>;
}

/** Exit codes shared by every command: 0 all good, 1 some input invalid, 2 usage or I/O error. */
export const EXIT_OK = 0;
export const EXIT_INVALID = 1;
export const EXIT_USAGE = 2;

export interface Context {
  io: Io;
  /** Colours for text written to stdout and to stderr (each enabled only for its own TTY). */
  colors: { out: Colors; err: Colors };
  /** Sets the process exit code; the last call wins. */
  exit(code: number): void;
}

export function processIo(): Io {
  return { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env };
}

export function createContext(io: Io, exit: (code: number) => void): Context {
  const env = io.env ?? process.env;
  return { io, colors: { out: colorsFor(io.stdout, env), err: colorsFor(io.stderr, env) }, exit };
}

/** The shape of a command module: it adds its subcommand to `program` (see main.ts). */
export type RegisterCommand = (program: Command, ctx: Context) => void;
