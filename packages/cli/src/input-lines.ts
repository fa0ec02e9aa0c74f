// Reading one item per line from standard input or a file (DESIGN.md "The command line"): streamed,
// so memory stays constant however long the input is.

import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

/**
 * The lines of `input` as UTF-8 text, without their terminators. A line ends at LF, CRLF or a lone
 * CR (readline's rule); a last line without a final newline is still a line; a UTF-8 byte order
 * mark at the very start is dropped, since it marks the encoding and is not part of the first item.
 */
export async function* inputLines(input: Readable): AsyncGenerator<string> {
  const reader = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY, terminal: false });
  try {
    let first = true;
    for await (const line of reader) {
      if (first) {
        first = false;
        yield line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
      } else {
        yield line;
      }
    }
  } finally {
    reader.close();
  }
}

/**
 * The lines of the file at `path` ("-": standard input), as inputLines reads them. An error in
 * opening or reading it names the file, which Node's own message does not always do (reading a
 * directory gives "EISDIR: illegal operation on a directory, read").
 */
export async function* linesOf(path: string, stdin: Readable): AsyncGenerator<string> {
  try {
    yield* inputLines(path === "-" ? stdin : createReadStream(path));
  } catch (error) {
    throw namingFile(error, path);
  }
}

/** A system error (one with a `code`) as "cannot read <file>: <what Node says>"; others as they are. */
export function namingFile(error: unknown, path: string): unknown {
  if (!(error instanceof Error)) return error;
  const { code, syscall } = error as NodeJS.ErrnoException;
  if (typeof code !== "string") return error;
  // Node writes "CODE: description, syscall" or "…, syscall 'path'": the file is named up front.
  const tail = typeof syscall === "string" ? error.message.lastIndexOf(`, ${syscall}`) : -1;
  const reason = tail > 0 ? error.message.slice(0, tail) : error.message;
  const shown = path === "-" ? "standard input" : path;
  return Object.assign(new Error(`cannot read ${shown}: ${reason}`, { cause: error }), { code });
}
