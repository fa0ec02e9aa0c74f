// `urnkit normalize`: each URN in the canonical spelling of RFC 8141 §3.1 ("urn" and the NID in
// lowercase, %HH hex in uppercase; nothing decoded), via URN#normalize.

import { URN } from "@urnkit/core";
import type { Command } from "commander";
import { type InputOptions, readsUrns } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { shownInput, visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { inputsOf, originOf } from "../inputs.js";
import { LineWriter } from "../output.js";

export function registerNormalize(program: Command, ctx: Context): void {
  readsUrns(
    program
      .command("normalize")
      .summary("print URNs in canonical form")
      .description(
        'Print each URN in canonical form (RFC 8141 §3.1): "urn" and the NID in lowercase, the ' +
          "hex digits of %HH in uppercase in every component; percent-encoding is never decoded. " +
          "With no URN arguments, reads one URN per line from standard input (or --input), " +
          "streaming. Inputs that are not URNs (empty lines too, unless --skip-empty) are reported " +
          "on standard error and left out of the output.\n\n" +
          "Exit status: 0 all valid, 1 some invalid, 2 usage or I/O error.",
      ),
    "URNs to normalize",
  )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit normalize URN:Example:a%2c?=Q%7e", "prints urn:example:a%2C?=Q%7E"],
        ["urnkit normalize < urns.txt | sort -u", "canonical spellings of a list, deduplicated"],
      ]),
    )
    .action(async (urns: string[], options: InputOptions, command: Command) => {
      const out = new LineWriter(ctx.io.stdout);
      const err = new LineWriter(ctx.io.stderr);
      const c = ctx.colors.err;
      let code = EXIT_OK;
      for await (const item of inputsOf(urns, options, ctx, command)) {
        const error = URN.validate(item.text, { syntax: options.syntax });
        if (error === null) {
          await out.line(new URN(item.text, { syntax: options.syntax }).normalize().href);
          continue;
        }
        code = EXIT_INVALID;
        // Keep stdout and stderr in input order when both go to the same terminal.
        await out.flush();
        await err.line(
          `${c.red(`${originOf(item)}: not a URN:`)} ${shownInput(item.text)}\n  ${visible(error.message)} ${c.dim(`(${error.code})`)}`,
        );
        await err.flush();
      }
      await out.flush();
      ctx.exit(code);
    });
}
