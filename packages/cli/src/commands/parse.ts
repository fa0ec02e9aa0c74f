// `urnkit parse`: RFC 8141 §2 (or RFC 2141) syntax of each input, with its parts and its §3.1
// equivalence key, as a report (text) or JSON Lines.

import type { UrnSyntax } from "@urnkit/core";
import type { Command } from "commander";
import { readsUrns, type SourceOptions, syntaxOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { inputsOf } from "../inputs.js";
import type { Colors } from "../output.js";
import { LineWriter } from "../output.js";
import {
  type BothReport,
  bothReport,
  isBothReport,
  renderBothDetail,
  renderBothLine,
} from "../parse-both.js";
import { renderDetail, renderLine } from "../parse-render.js";
import { type ParseReport, parseReport } from "../parse-report.js";

interface ParseOptions extends SourceOptions {
  /** "both": the verdict under each grammar, for legacy data. */
  syntax: UrnSyntax | "both";
  json?: boolean;
}

/** Inputs longer than this do not widen the one-line view's input column. */
const MAX_ALIGN = 48;

export function registerParse(program: Command, ctx: Context): void {
  readsUrns(
    program
      .command("parse")
      .summary("check URN syntax and show each URN's parts")
      .description(
        "Check URN syntax (RFC 8141 by default) and show each URN's parts and equivalence key. " +
          "With no URN arguments, reads one URN per line from standard input (or --input), " +
          "streaming; an empty line is reported as invalid unless --skip-empty.\n\n" +
          "Exit status: 0 all valid, 1 some invalid, 2 usage or I/O error.",
      ),
    "URNs to parse",
    syntaxOption(true),
  )
    .option("--json", "print one JSON object per input (JSON Lines)")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit parse 'URN:Example:a123%2cz456?+res?=op=map#part'", "the parts of one URN"],
        ["urnkit parse --json < urns.txt > report.jsonl", "check a file, one JSON object per line"],
        ["urnkit parse --syntax rfc2141 urn:x:legacy-", "read with the 1997 grammar"],
        ["urnkit parse --syntax both < legacy.txt", "what changes from RFC 2141 to RFC 8141"],
      ]),
    )
    .action(async (urns: string[], options: ParseOptions, command: Command) => {
      ctx.exit(await runParse(urns, options, ctx, command));
    });
}

async function runParse(
  urns: string[],
  options: ParseOptions,
  ctx: Context,
  command: Command,
): Promise<number> {
  const out = new LineWriter(ctx.io.stdout);
  const c = ctx.colors.out;
  const { syntax } = options;
  const items = inputsOf(urns, options, ctx, command);
  let invalid = false;
  const report = (text: string) => {
    const r = syntax === "both" ? bothReport(text) : parseReport(text, syntax);
    if (!r.valid) invalid = true;
    return r;
  };

  if (options.json === true) {
    for await (const item of items) await out.json(report(item.text));
  } else {
    // One input gets the labelled view, several get a line each: look one item ahead to know.
    const first = await items.next();
    if (!first.done) {
      const second = await items.next();
      if (second.done) {
        for (const line of detailView(report(first.value.text), c)) await out.line(line);
      } else {
        const width = Math.min(MAX_ALIGN, Math.max(0, ...urns.map((u) => visible(u).length)));
        await out.line(lineView(report(first.value.text), c, width));
        await out.line(lineView(report(second.value.text), c, width));
        for await (const item of items) await out.line(lineView(report(item.text), c, width));
      }
    }
  }
  await out.flush();
  return invalid ? EXIT_INVALID : EXIT_OK;
}

function detailView(report: ParseReport | BothReport, c: Colors): string[] {
  return isBothReport(report) ? renderBothDetail(report, c) : renderDetail(report, c);
}

function lineView(report: ParseReport | BothReport, c: Colors, width: number): string {
  return isBothReport(report) ? renderBothLine(report, c) : renderLine(report, c, width);
}
