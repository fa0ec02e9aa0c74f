// `urnkit extract`: every URN in free text (RFC 8141 §2; a URN ends at the first character that
// draft-ietf-urnbis-rfc2141bis-urn-03 §2.5.3 excludes), read line by line from files or standard
// input. A URN never spans lines: a line break is an excluded character.

import { extractUrnCandidates, type UrnSyntax } from "@urnkit/core";
import type { Command } from "commander";
import { syntaxOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { linesOf } from "../input-lines.js";
import { LineWriter } from "../output.js";

interface ExtractOptions {
  syntax: UrnSyntax;
  json?: boolean;
  invalid?: boolean;
}

export function registerExtract(program: Command, ctx: Context): void {
  program
    .command("extract")
    .summary("find the URNs in text files")
    .description(
      'Find every URN in text (prose, Markdown, HTML, JSON, CSV, logs): "urn:" in any case not ' +
        'preceded by a letter, digit, "-", "." or "+", up to where the URN grammar stops, less ' +
        "trailing sentence punctuation and brackets closed from before it. Reads the files in " +
        'order ("-" or none: standard input), streaming, and prints FILE:LINE:COLUMN: URN per ' +
        "match (columns count UTF-16 code units from 1). Candidates that are not URNs are " +
        "skipped; --invalid lists them with their error.\n\n" +
        "Exit status: 0 done, 1 --invalid found candidates that are not URNs, 2 usage or I/O error.",
    )
    .argument("[file...]", 'text files ("-": standard input)')
    .addOption(syntaxOption())
    .option("--json", "print one JSON object per match (JSON Lines): file, line, column, urn")
    .option("--invalid", "also list candidates that are not URNs, with their syntax error")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit extract notes.md", "the URNs in a Markdown file, with their positions"],
        ["curl -s https://example.org/ | urnkit extract --json", "JSON Lines from a web page"],
        ["urnkit extract --invalid --json data.csv", "URNs and near misses, for data cleaning"],
      ]),
    )
    .action(async (files: string[], options: ExtractOptions) => {
      ctx.exit(await runExtract(files.length > 0 ? files : ["-"], options, ctx));
    });
}

async function runExtract(files: string[], options: ExtractOptions, ctx: Context): Promise<number> {
  const out = new LineWriter(ctx.io.stdout);
  const c = ctx.colors.out;
  const urnOptions = { syntax: options.syntax };
  let code = EXIT_OK;
  for (const file of files) {
    let line = 0;
    for await (const text of linesOf(file, ctx.io.stdin)) {
      line++;
      for (const found of extractUrnCandidates(text, urnOptions)) {
        const column = found.index + 1;
        if (found.urn !== null) {
          const urn = found.urn.href;
          if (options.json === true) await out.json({ file, line, column, valid: true, urn });
          else await out.line(`${c.dim(`${file}:${line}:${column}:`)} ${urn}`);
          continue;
        }
        if (options.invalid !== true) continue;
        code = EXIT_INVALID;
        const { code: errorCode, index, component, message } = found.error;
        if (options.json === true) {
          const error = { code: errorCode, index, component, message };
          await out.json({ file, line, column, valid: false, text: found.text, error });
        } else {
          await out.line(
            `${c.dim(`${file}:${line}:${column}:`)} ${c.red("not a URN:")} ${visible(found.text)}  ${c.red(visible(message))} ${c.dim(`(${errorCode})`)}`,
          );
        }
      }
    }
  }
  await out.flush();
  return code;
}
