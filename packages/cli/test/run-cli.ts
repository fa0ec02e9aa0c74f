// Runs `urnkit` in-process through `main`, with standard input given as text (or a stream) and
// standard output and error collected as text.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { after } from "node:test";
import { main } from "../src/main.js";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  stdin?: string | Readable;
  env?: Record<string, string | undefined>;
  /** Makes stdout and stderr claim to be terminals. */
  tty?: boolean;
}

function collector(tty: boolean): Writable & { text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      done();
    },
  });
  return Object.assign(stream, {
    isTTY: tty,
    text: () => Buffer.concat(chunks).toString("utf8"),
  });
}

export async function run(args: string[], options: RunOptions = {}): Promise<RunResult> {
  const stdin =
    typeof options.stdin === "string" || options.stdin === undefined
      ? Readable.from([Buffer.from(options.stdin ?? "")])
      : options.stdin;
  const stdout = collector(options.tty === true);
  const stderr = collector(options.tty === true);
  const code = await main(args, { stdin, stdout, stderr, env: options.env ?? {} });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/**
 * `run` against the registry database `db`, written as a command line: the words of `line`
 * (split at spaces), then `rest` as given (values with spaces, computed ones), then `--db db`.
 */
export function runOn(db: string): (line: string, ...rest: string[]) => Promise<RunResult> {
  return (line, ...rest) => run([...line.split(" "), ...rest, "--db", db]);
}

/**
 * A registry file, r.db, in a temporary directory (`prefix` names it) the enclosing suite removes
 * in its after hook, and `runOn` it.
 */
export function suiteDatabaseFile(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const db = join(dir, "r.db");
  return { dir, db, urnkit: runOn(db) };
}

/** The JSON Lines of a run's output, parsed. */
export function jsonLines(text: string): unknown[] {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line));
}
