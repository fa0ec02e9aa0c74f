// Newline-delimited JSON input, split into lines as it streams (constant memory). A line longer
// than `maxBytes` is reported, not buffered.

import { StringDecoder } from "node:string_decoder";

export type Line = { number: number; text: string } | { number: number; tooLong: true };

/** The lines of the input, as many at a time as each chunk of it completes. */
export async function* ndjsonLineBatches(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<Line[]> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let skipping = false;
  let number = 0;
  const take = (text: string): Line => {
    number += 1;
    if (skipping) {
      skipping = false;
      return { number, tooLong: true };
    }
    const line = text.endsWith("\r") ? text.slice(0, -1) : text;
    return { number, text: line };
  };
  for await (const chunk of input) {
    pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
    const lines: Line[] = [];
    let start = 0;
    let nl = pending.indexOf("\n");
    while (nl >= 0) {
      lines.push(take(pending.slice(start, nl)));
      start = nl + 1;
      nl = pending.indexOf("\n", start);
    }
    pending = pending.slice(start);
    if (pending.length > maxBytes) {
      skipping = true;
      pending = "";
    }
    if (lines.length > 0) yield lines;
  }
  pending += decoder.end();
  if (pending !== "" || skipping) yield [take(pending)];
}

/**
 * The lines one at a time. Asked for the line after a chunk's last, it asks the input for the next
 * chunk at once (the record import watches for that moment); `yield*` over each chunk's array
 * would get there only some promise jobs later.
 */
export async function* ndjsonLines(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<Line> {
  for await (const lines of ndjsonLineBatches(input, maxBytes))
    for (const line of lines) yield line;
}
