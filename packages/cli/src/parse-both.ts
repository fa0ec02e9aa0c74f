// `urnkit parse --syntax both`: one input read with RFC 8141 §2 and with RFC 2141 §2, so that a
// collection written under RFC 2141 can be checked for what changes under RFC 8141.

import { visible } from "./display-text.js";
import type { Colors } from "./output.js";
import { inputWithCaret } from "./parse-render.js";
import {
  type InvalidReport,
  type ParseReport,
  parseReport,
  type ValidReport,
} from "./parse-report.js";

/** A grammar's verdict: the parse report without the input, which the pair holds once. */
export type Verdict = Omit<ValidReport, "input"> | Omit<InvalidReport, "input">;

export interface BothReport {
  input: string;
  /** Valid under both grammars. */
  valid: boolean;
  rfc8141: Verdict;
  rfc2141: Verdict;
}

const GRAMMARS = ["rfc8141", "rfc2141"] as const;

export function bothReport(input: string): BothReport {
  const [rfc8141, rfc2141] = GRAMMARS.map((syntax) => {
    const { input: _, ...verdict } = parseReport(input, syntax);
    return verdict;
  }) as [Verdict, Verdict];
  return { input, valid: rfc8141.valid && rfc2141.valid, rfc8141, rfc2141 };
}

export function isBothReport(report: ParseReport | BothReport): report is BothReport {
  return "rfc8141" in report;
}

function verdictText(v: Verdict, c: Colors): string {
  if (v.valid) return c.green("valid");
  return `${c.red("invalid")}  ${c.red(visible(v.error.message))} ${c.dim(`(${v.error.code})`)}`;
}

/** The detail view: the input, then one line per grammar. */
export function renderBothDetail(report: BothReport, c: Colors): string[] {
  const width = "rfc8141".length + 2;
  const lines = [`${c.dim("input".padEnd(width))}${inputWithCaret(report.input, null, c)[0]}`];
  for (const grammar of GRAMMARS) {
    lines.push(`${c.dim(grammar.padEnd(width))}${verdictText(report[grammar], c)}`);
  }
  return lines;
}

/** The one-line view: both verdicts, the input, and the errors of the grammars that reject it. */
export function renderBothLine(report: BothReport, c: Colors): string {
  const mark = (v: Verdict) => (v.valid ? c.green("valid  ") : c.red("invalid"));
  const shown = inputWithCaret(report.input, null, c)[0];
  let line = `${c.dim("rfc8141")} ${mark(report.rfc8141)}  ${c.dim("rfc2141")} ${mark(report.rfc2141)}  ${shown}`;
  for (const grammar of GRAMMARS) {
    const v = report[grammar];
    if (!v.valid)
      line += `  ${grammar}: ${c.red(visible(v.error.message))} ${c.dim(`(${v.error.code})`)}`;
  }
  return line;
}
