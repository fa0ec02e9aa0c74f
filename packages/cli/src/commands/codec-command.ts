// What `urnkit encode` and `urnkit decode` share: each input line (or argument) is turned into
// one output line by a part codec; failures go to standard error (or into the JSON line).

import { UrnSyntaxError } from "@urnkit/core";
import type { Command } from "commander";
import { type InputOptions, readsUrns } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { shownInput, visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { inputsOf, originOf } from "../inputs.js";
import { LineWriter } from "../output.js";
import { PART_CODECS, type Part, partOption } from "../part-codecs.js";

interface CodecOptions extends InputOptions {
  part: Part;
  json?: boolean;
}

export interface CodecCommand {
  name: "encode" | "decode";
  summary: string;
  description: string;
  argument: string;
  what: string;
  examples: [string, string][];
}

export function registerCodecCommand(program: Command, ctx: Context, spec: CodecCommand): void {
  readsUrns(
    program.command(spec.name).summary(spec.summary).description(spec.description),
    spec.what,
    undefined,
    spec.argument,
  )
    .addOption(partOption())
    .option("--json", "one JSON object per input: input, valid, output or error")
    .addHelpText("after", examplesHelp(spec.examples))
    .action(async (values: string[], options: CodecOptions, command: Command) => {
      const out = new LineWriter(ctx.io.stdout);
      const err = new LineWriter(ctx.io.stderr);
      const c = ctx.colors.err;
      const codec = PART_CODECS[options.part];
      let code = EXIT_OK;
      for await (const item of inputsOf(values, options, ctx, command)) {
        let output: string;
        try {
          output = codec[spec.name](item.text, options.syntax);
        } catch (error) {
          if (!(error instanceof UrnSyntaxError)) throw error;
          code = EXIT_INVALID;
          const { code: errorCode, index, component, message } = error;
          if (options.json) {
            const failure = { code: errorCode, index, component, message };
            await out.line(JSON.stringify({ input: item.text, valid: false, error: failure }));
            continue;
          }
          // Keep stdout and stderr in input order when both go to the same terminal.
          await out.flush();
          await err.line(
            `${c.red(`${originOf(item)}: cannot ${spec.name}:`)} ${shownInput(item.text)}\n  ${visible(message)} ${c.dim(`(${errorCode})`)}`,
          );
          await err.flush();
          continue;
        }
        await out.line(
          options.json ? JSON.stringify({ input: item.text, valid: true, output }) : output,
        );
      }
      await out.flush();
      ctx.exit(code);
    });
}
