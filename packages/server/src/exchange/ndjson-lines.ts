// Newline-delimited JSON input, split into lines as it streams (constant memory). A line longer
// than `maxBytes` is reported, not buffered.

import { StringDecoder } from "node:string_decoder";

export type Line = { number: number; text: string } | { number: number; tooLong: true };

export async function* ndjsonLines(
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  maxBytes: number,
): AsyncGenerator<Line> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let skipping = false;
  let number = 0;
  const take = (text: string): Line | null => {
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
    let nl = pending.indexOf("\n");
    while (nl >= 0) {
      const line = take(pending.slice(0, nl));
      if (line) yield line;
      pending = pending.slice(nl + 1);
      nl = pending.indexOf("\n");
    }
    if (pending.length > maxBytes) {
      skipping = true;
      pending = "";
    }
  }
  pending += decoder.end();
  if (pending !== "" || skipping) {
    const line = take(pending);
    if (line) yield line;
  }
}
