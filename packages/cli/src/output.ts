// Writing results (DESIGN.md "The command line"): colours only on a terminal and never with
// NO_COLOR (https://no-color.org) unless FORCE_COLOR asks for them (https://force-color.org), and
// line output that respects the reader's pace.

import { once } from "node:events";
import type { Readable, Writable } from "node:stream";
import pc from "picocolors";

export type Colors = ReturnType<typeof pc.createColors>;

/** Whether `stream` is a terminal (a person is watching, not a pipe or a file). */
export function isTerminal(stream: Readable | Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/**
 * Colours for `stream`. FORCE_COLOR set to anything but "", "0" or "false" turns them on, on any
 * stream (`FORCE_COLOR=1 urnkit check … | less -R`); "0" or "false" turns them off (as Node and
 * most colour libraries read it). Otherwise they are on only when the stream is a TTY and NO_COLOR
 * is unset or empty. FORCE_COLOR wins over NO_COLOR: it is usually given for one command, where
 * NO_COLOR is usually set for the whole session.
 */
export function colorsFor(stream: Writable, env: Record<string, string | undefined>): Colors {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") {
    return pc.createColors(force !== "0" && force.toLowerCase() !== "false");
  }
  const noColor = env.NO_COLOR !== undefined && env.NO_COLOR !== "";
  return pc.createColors(isTerminal(stream) && !noColor);
}

const guarded = new WeakSet<Writable>();

/**
 * Keeps a stream's write errors (EPIPE when the reader went away, e.g. `urnkit --help | head -1`)
 * from crashing the process as unhandled "error" events; LineWriter reports them where it matters.
 */
export function guardStream(stream: Writable): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on("error", () => {});
}

function closed(): Error {
  return Object.assign(new Error("the output stream was closed"), { code: "ERR_STREAM_DESTROYED" });
}

/** Bytes gathered before a write is forced: one syscall per chunk instead of one per line. */
const CHUNK = 1 << 16;

/**
 * Writes lines to a stream. Lines are gathered and written together once the producer pauses
 * (when the current burst of input has been processed: `tail -f | urnkit parse` shows each line
 * as it comes) or once CHUNK bytes are waiting. When the stream's buffer is full, the next `line`
 * waits for "drain", so a slow reader (a pager, a full pipe) holds the producer back instead of
 * filling memory. A failed write (EPIPE when the reader went away) is rethrown from the next
 * `line` or `flush`.
 */
export class LineWriter {
  readonly #stream: Writable;
  #buffer = "";
  #error: Error | null = null;
  /** Set while the stream is full: resolves on "drain". */
  #full: Promise<void> | null = null;
  #scheduled = false;

  constructor(stream: Writable) {
    this.#stream = stream;
    guardStream(stream);
  }

  async line(text: string): Promise<void> {
    if (this.#full !== null) await this.#full;
    if (this.#error !== null) throw this.#error;
    this.#buffer += `${text}\n`;
    if (this.#buffer.length >= CHUNK) {
      await this.flush();
    } else if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => {
        this.#scheduled = false;
        this.#write();
      });
    }
  }

  /** Writes what is buffered; resolves once the stream can take more. */
  async flush(): Promise<void> {
    this.#write();
    if (this.#full !== null) await this.#full;
    if (this.#error !== null) throw this.#error;
  }

  /** Writes a JSON value as one line (JSON Lines). */
  json(value: unknown): Promise<void> {
    return this.line(JSON.stringify(value));
  }

  #write(): void {
    if (this.#buffer === "" || this.#error !== null) return;
    const stream = this.#stream;
    const ok = stream.write(this.#buffer, (error) => {
      this.#error ??= error ?? null;
    });
    this.#buffer = "";
    if (ok || this.#full !== null) return;
    // A destroyed stream never drains; its error (if any) may already have been emitted.
    if (stream.destroyed) {
      this.#error ??= stream.errored ?? closed();
      return;
    }
    this.#full = once(stream, "drain").then(
      () => {
        this.#full = null;
      },
      (error: Error) => {
        this.#full = null;
        this.#error ??= error;
      },
    );
  }
}
