// The progress bar of the long registry commands (import, export): drawn on standard error, and
// only when it is a terminal, so that redirected output and logs stay clean.

import type { Writable } from "node:stream";
import { SingleBar } from "cli-progress";
import { isTerminal } from "./output.js";

/** A bar with `format` (cli-progress tokens) on `stderr`, or null when it is not a terminal. */
export function progressBar(stderr: Writable, format: string): SingleBar | null {
  if (!isTerminal(stderr)) return null;
  return new SingleBar({ stream: stderr as NodeJS.WritableStream, format, hideCursor: true });
}
