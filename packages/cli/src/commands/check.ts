// `urnkit check`: the full @urnkit/namespaces report per URN: RFC 8141 §2 syntax, the NID's class
// (§5.1, §5.2) and IANA registration, the namespace's own rules (§6.4.2) and both equivalence
// keys (§3.1). Readable blocks, or one JSON object per line; for large inputs, only the failures
// and/or a summary of the codes found.

import { type CheckReport, checkUrn } from "@urnkit/namespaces";
import { type Command, Option } from "commander";
import { checkJson } from "../check-json.js";
import { CheckTally } from "../check-summary.js";
import { type InputOptions, readsUrns } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { type InputItem, inputsOf, originOf } from "../inputs.js";
import { issueLine } from "../issue-text.js";
import { type Colors, LineWriter } from "../output.js";
import { inputWithCaret } from "../parse-render.js";

interface CheckOptions extends InputOptions {
  json?: boolean;
  details?: boolean;
  summary?: boolean;
  onlyFailures?: boolean;
}

export function registerCheck(program: Command, ctx: Context): void {
  readsUrns(
    program
      .command("check")
      .summary("check URNs against the IANA registry and their namespace's rules")
      .description(
        "Check each URN: syntax (RFC 8141 §2), the NID's class (formal, informal or reserved, " +
          "§5) and whether IANA registered it, the rules of its namespace (check digits, " +
          "structure, case) and its equivalence keys, generic (§3.1) and namespace-aware. " +
          "With no URN arguments, reads one URN per line from standard input (or --input). " +
          "Warnings (lenient or unverified rules, unregistered NIDs) do not fail a URN.\n\n" +
          "Exit status: 0 no errors, 1 some URN invalid or breaking its namespace's rules, " +
          "2 usage or I/O error.",
      ),
    "URNs to check",
  )
    .addOption(new Option("--json", "print one JSON object per input (JSON Lines)"))
    .addOption(
      new Option(
        "--details",
        "with --json: the IANA entry and the reason for the NID's class on every line",
      ),
    )
    .addOption(new Option("--only-failures", "report only the inputs that are not ok"))
    .addOption(
      new Option(
        "--summary",
        "end with counts by code (alone: instead of the reports; with --only-failures: after them)",
      ),
    )
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit check URN:ISBN:0-395-36341-1",
          "valid ISBN-10; namespace key urn:isbn:9780395363416",
        ],
        ["urnkit check urn:isan:0123-1230-3210-2310-1", "reports the wrong ISAN check character"],
        ["urnkit check --json < urns.txt", "one report per line, for scripts"],
        ["urnkit check --summary -i urns.txt", "how many URNs are ok, and each code's count"],
        [
          "urnkit check --only-failures --json -i urns.txt",
          "the reports of the failing lines, with their line numbers",
        ],
      ]),
    )
    .action(async (urns: string[], options: CheckOptions, command: Command) => {
      const out = new LineWriter(ctx.io.stdout);
      const tally = options.summary === true ? new CheckTally() : null;
      // --summary alone replaces the reports; with --only-failures it follows the failing ones.
      const reports = tally === null || options.onlyFailures === true;
      let code = EXIT_OK;
      let first = true;
      for await (const item of inputsOf(urns, options, ctx, command)) {
        const report = checkUrn(item.text, { syntax: options.syntax });
        if (!report.ok) code = EXIT_INVALID;
        tally?.add(report);
        if (!reports || (report.ok && options.onlyFailures === true)) continue;
        if (options.json === true) {
          await out.json(checkJson(item, report, options.details === true));
          continue;
        }
        if (!first) await out.line("");
        first = false;
        for (const line of renderReport(report, item, ctx.colors.out)) await out.line(line);
      }
      if (tally !== null) {
        if (options.json === true) await out.json({ summary: tally.json() });
        else {
          if (!first) await out.line("");
          for (const line of tally.lines(ctx.colors.out)) await out.line(line);
        }
      }
      await out.flush();
      ctx.exit(code);
    });
}

/** A report as labelled lines: the input, then what is known about it, then its issues. */
function renderReport(r: CheckReport, item: InputItem, c: Colors): string[] {
  const label = (s: string) => c.dim(s.padEnd(15));
  const [shown, caret] = inputWithCaret(r.input, r.error?.index ?? null, c);
  // Arguments are on the command line for all to see; a line of a long input needs its number.
  const origin = item.source === "line" ? `  ${c.dim(`(${originOf(item)})`)}` : "";
  const lines = [`${label("input")}${shown}${origin}`];
  if (caret !== undefined) lines.push(`${" ".repeat(15)}${caret}`);
  const verdict = r.ok ? c.green("ok") : c.red("not ok");
  if (r.error !== undefined) {
    lines.push(`${label("result")}${verdict}: not a URN`);
    lines.push(`${label("error")}${c.red(visible(r.error.message))} ${c.dim(`(${r.error.code})`)}`);
    return lines;
  }
  const errors = r.issues.filter((i) => i.severity === "error").length;
  const warnings = r.issues.length - errors;
  const counts = [
    errors > 0 ? c.red(`${errors} error${errors === 1 ? "" : "s"}`) : "",
    warnings > 0 ? c.yellow(`${warnings} warning${warnings === 1 ? "" : "s"}`) : "",
  ].filter((s) => s !== "");
  lines.push(`${label("result")}${verdict}${counts.length > 0 ? ` (${counts.join(", ")})` : ""}`);
  lines.push(`${label("NID")}${visible(r.nid ?? "")} ${c.dim(`(${r.nidClass?.kind})`)}`);
  const entry = r.registryEntry;
  const registered =
    entry === undefined
      ? `${r.registration}`
      : `${entry.kind}, ${entry.reference}${entry.date === undefined ? "" : `, ${entry.date}`}`;
  lines.push(`${label("registration")}${registered}`);
  lines.push(`${label("key")}${visible(r.equivalenceKey ?? "")}`);
  if (r.namespaceKey !== r.equivalenceKey) {
    lines.push(`${label("namespace key")}${visible(r.namespaceKey ?? "")}`);
  }
  for (const issue of r.issues) lines.push(issueLine(issue, c, 15));
  return lines;
}
