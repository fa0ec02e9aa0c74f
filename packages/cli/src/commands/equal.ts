// `urnkit equal A B`: RFC 8141 §3 URN-equivalence of two URNs, with the reason.

import { URN, type UrnSyntax } from "@urnkit/core";
import type { Command } from "commander";
import { syntaxOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK, EXIT_USAGE } from "../context.js";
import { visible } from "../display-text.js";
import { equalReport } from "../equal-report.js";
import { examplesHelp } from "../help-examples.js";
import { LineWriter } from "../output.js";
import { inputWithCaret } from "../parse-render.js";

interface EqualOptions {
  syntax: UrnSyntax;
}

export function registerEqual(program: Command, ctx: Context): void {
  program
    .command("equal")
    .summary("tell whether two URNs are URN-equivalent, and why")
    .description(
      'Compare two URNs by RFC 8141 §3.1: "urn" and the NID case-insensitively, the NSS exactly ' +
        "except for the case of %HH hex digits; %HH is never decoded, and r-, q- and f-components " +
        "are ignored. Says where the two differ or what was ignored.\n\n" +
        "Exit status: 0 equivalent, 1 not equivalent, 2 either is not a URN, or a usage error.",
    )
    .argument("<a>", "first URN")
    .argument("<b>", "second URN")
    .addOption(syntaxOption())
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit equal URN:EXAMPLE:a123%2c456 urn:example:a123%2C456", "equivalent (exit 0)"],
        ["urnkit equal urn:example:a123%2C456 urn:example:a123,456", "not equivalent (exit 1)"],
        ["urnkit equal -- urn:example:a?+r1 urn:example:a?=q1 && echo same", "r/q/f are ignored"],
      ]),
    )
    .action(async (a: string, b: string, options: EqualOptions) => {
      ctx.exit(await runEqual(a, b, options, ctx));
    });
}

async function runEqual(
  a: string,
  b: string,
  options: EqualOptions,
  ctx: Context,
): Promise<number> {
  const syntax = options.syntax;
  const errors = [
    ["A", a, URN.validate(a, { syntax })],
    ["B", b, URN.validate(b, { syntax })],
  ] as const;
  if (errors.some(([, , e]) => e !== null)) {
    const err = new LineWriter(ctx.io.stderr);
    const c = ctx.colors.err;
    for (const [name, input, error] of errors) {
      if (error === null) continue;
      await err.line(
        c.red(`${name} is not a URN (${syntax === "rfc2141" ? "RFC 2141" : "RFC 8141"}):`),
      );
      const [shown, caret] = inputWithCaret(input, error.index, c);
      await err.line(`  ${shown}`);
      await err.line(`  ${caret ?? ""}`);
      await err.line(`  ${visible(error.message)} ${c.dim(`(${error.code})`)}`);
    }
    await err.flush();
    return EXIT_USAGE;
  }

  const report = equalReport(new URN(a, { syntax }), new URN(b, { syntax }));
  const out = new LineWriter(ctx.io.stdout);
  const c = ctx.colors.out;
  const [keyA, keyB] = report.keys;
  if (report.equivalent) {
    await out.line(`${c.green("equivalent")}: both have the equivalence key ${keyA}`);
  } else {
    await out.line(`${c.red("not equivalent")}: the equivalence keys differ`);
    await out.line(`  A  ${keyA}`);
    await out.line(`  B  ${keyB}`);
    await out.line(`     ${" ".repeat(report.differsAt ?? 0)}${c.red(c.bold("^"))}`);
  }
  for (const note of report.notes) await out.line(`  - ${note}`);
  await out.flush();
  return report.equivalent ? EXIT_OK : EXIT_INVALID;
}
