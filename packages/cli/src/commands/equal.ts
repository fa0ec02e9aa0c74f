// `urnkit equal A B`: RFC 8141 §3 URN-equivalence of two URNs, with the reasons, as text or as
// one JSON object.

import { URN, type UrnSyntax, type UrnSyntaxError } from "@urnkit/core";
import type { Command } from "commander";
import { syntaxOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { equalReport } from "../equal-report.js";
import { examplesHelp } from "../help-examples.js";
import { LineWriter } from "../output.js";
import { inputWithCaret } from "../parse-render.js";

interface EqualOptions {
  syntax: UrnSyntax;
  json?: boolean;
}

/** A syntax error as the JSON output gives it (the fields of `urnkit parse --json`). */
type ErrorJson = Pick<UrnSyntaxError, "code" | "index" | "component" | "message">;

export function registerEqual(program: Command, ctx: Context): void {
  program
    .command("equal")
    .summary("tell whether two URNs are URN-equivalent, and why")
    .description(
      'Compare two URNs by RFC 8141 §3.1: "urn" and the NID case-insensitively, the NSS exactly ' +
        "except for the case of %HH hex digits; %HH is never decoded, and r-, q- and f-components " +
        "are ignored. Says where the two differ or what was ignored.\n\n" +
        "Exit status: 0 equivalent, 1 not equivalent or either is not a URN, 2 usage error.",
    )
    .argument("<a>", "first URN")
    .argument("<b>", "second URN")
    .addOption(syntaxOption())
    .option(
      "--json",
      "print {a, b, equivalent, keys, differsAt, reasons, errors} as one JSON object",
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit equal URN:EXAMPLE:a123%2c456 urn:example:a123%2C456", "equivalent (exit 0)"],
        ["urnkit equal urn:example:a123%2C456 urn:example:a123,456", "not equivalent (exit 1)"],
        ["urnkit equal -- urn:example:a?+r1 urn:example:a?=q1 && echo same", "r/q/f are ignored"],
        ["urnkit equal --json urn:example:a URN:example:a | jq .equivalent", "for scripts"],
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
  const inputs = [
    ["A", a, URN.validate(a, { syntax })],
    ["B", b, URN.validate(b, { syntax })],
  ] as const;
  const grammar = syntax === "rfc2141" ? "RFC 2141" : "RFC 8141";
  if (inputs.some(([, , e]) => e !== null)) {
    if (options.json === true) {
      const out = new LineWriter(ctx.io.stdout);
      const errors = inputs.map(([, , e]) => (e === null ? null : errorJson(e)));
      const keys = inputs.map(([, input, e]) =>
        e === null ? new URN(input, { syntax }).equivalenceKey : null,
      );
      const reasons = inputs.flatMap(([name, , e]) =>
        e === null ? [] : [`${name} is not a URN (${grammar}): ${e.message}`],
      );
      await out.json({ a, b, equivalent: false, keys, differsAt: null, reasons, errors });
      await out.flush();
      return EXIT_INVALID;
    }
    const err = new LineWriter(ctx.io.stderr);
    const c = ctx.colors.err;
    for (const [name, input, error] of inputs) {
      if (error === null) continue;
      await err.line(c.red(`${name} is not a URN (${grammar}):`));
      const [shown, caret] = inputWithCaret(input, error.index, c);
      await err.line(`  ${shown}`);
      await err.line(`  ${caret ?? ""}`);
      await err.line(`  ${visible(error.message)} ${c.dim(`(${error.code})`)}`);
    }
    await err.flush();
    return EXIT_INVALID;
  }

  const report = equalReport(new URN(a, { syntax }), new URN(b, { syntax }));
  const out = new LineWriter(ctx.io.stdout);
  if (options.json === true) {
    await out.json({ a, b, ...report, errors: [null, null] });
  } else {
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
    for (const reason of report.reasons) await out.line(`  - ${reason}`);
  }
  await out.flush();
  return report.equivalent ? EXIT_OK : EXIT_INVALID;
}

function errorJson({ code, index, component, message }: ErrorJson): ErrorJson {
  return { code, index, component, message };
}
