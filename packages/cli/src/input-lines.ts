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

/** A stream over `path`, "-" meaning standard input. Open errors surface when it is first read. */
export function openInput(path: string, stdin: Readable): Readable {
  return path === "-" ? stdin : createReadStream(path);
}
