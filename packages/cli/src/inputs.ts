// Where a command's URNs come from (DESIGN.md "The command line"): its arguments when it has any,
// otherwise one per line from --input or standard input, streamed.

import type { Command } from "commander";
import type { SourceOptions } from "./common-options.js";
import type { Context } from "./context.js";
import { linesOf } from "./input-lines.js";
import { isTerminal } from "./output.js";

export interface InputItem {
  text: string;
  /** "argument" for a command-line argument, "line" for a line of input. */
  source: "argument" | "line";
  /** 1-based position among the arguments or lines. */
  number: number;
}

/** "line 3" or "argument 2", for messages. */
export function originOf(item: InputItem): string {
  return `${item.source} ${item.number}`;
}

/**
 * The items to process. Giving both arguments and --input is a usage error (reported through
 * `command.error`, which exits 2). Empty lines are items unless --skip-empty; empty arguments
 * always are, since the user typed them.
 */
export async function* inputsOf(
  args: string[],
  options: SourceOptions,
  ctx: Context,
  command: Command,
): AsyncGenerator<InputItem> {
  if (args.length > 0) {
    if (options.input !== undefined) {
      command.error("error: give URNs as arguments or with --input, not both");
    }
    for (let i = 0; i < args.length; i++) {
      yield { text: args[i] ?? "", source: "argument", number: i + 1 };
    }
    return;
  }
  const path = options.input ?? "-";
  const { stdin, stderr } = ctx.io;
  if (path === "-" && isTerminal(stdin)) {
    stderr.write(
      ctx.colors.err.dim(
        `reading URNs from standard input, one per line; end with Ctrl-D (urnkit ${command.name()} --help for more)\n`,
      ),
    );
  }
  let number = 0;
  for await (const text of linesOf(path, stdin)) {
    number++;
    if (text === "" && options.skipEmpty === true) continue;
    yield { text, source: "line", number };
  }
}
