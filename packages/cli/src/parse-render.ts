// The text views of `urnkit parse` (RFC 8141 §2): labelled fields for a single URN, one line per
// input for many. Rendering only: what is known about an input lives in parse-report.ts.

import { shownInput, visible } from "./display-text.js";
import type { Colors } from "./output.js";
import type { ParseReport, ValidReport } from "./parse-report.js";

/** A labelled value of the detail view; null is a component the URN does not have. */
type Field = [label: string, value: string | null];

function fieldsOf(report: ParseReport): Field[] {
  if (!report.valid) {
    const { code, component, index } = report.error;
    return [
      ["valid", "no"],
      ["error", `${code} (${component}, index ${index})`],
      ["message", report.error.message],
    ];
  }
  return [
    ["valid", "yes"],
    ["NID", report.nid],
    ["NSS", report.nss],
    ["r-component", report.rComponent],
    ["q-component", report.qComponent],
    ["f-component", report.fComponent],
    ["equivalence key", report.equivalenceKey],
    // RFC 8141 §4.4: the decoded form for people, with one line per warning about it.
    ["display", report.display],
    ...report.warnings.map((w): Field => ["warning", `${w.message} (${w.code})`]),
  ];
}

/** The input shown safely, and for an invalid one a caret line under the offending character. */
export function inputWithCaret(input: string, index: number | null, c: Colors): [string, string?] {
  const shown = input === "" ? c.dim(shownInput(input)) : visible(input);
  if (index === null) return [shown];
  return [shown, `${" ".repeat(index)}${c.red(c.bold("^"))}`];
}

/** The detail view of one input: a label column, then the value. */
export function renderDetail(report: ParseReport, c: Colors): string[] {
  const fields = fieldsOf(report);
  const width = Math.max("input".length, ...fields.map(([label]) => label.length)) + 2;
  const pad = (label: string) => label.padEnd(width);
  const [shown, caret] = inputWithCaret(report.input, report.valid ? null : report.error.index, c);
  const lines = [`${c.dim(pad("input"))}${shown}`];
  if (caret !== undefined) lines.push(`${" ".repeat(width)}${caret}`);
  for (const [label, value] of fields) {
    let text: string;
    if (value === null) text = c.dim("(none)");
    else if (value === "") text = c.dim("(empty)");
    else if (label === "valid") text = report.valid ? c.green(value) : c.red(value);
    else if (label === "message") text = c.red(visible(value));
    else if (label === "warning") text = c.yellow(visible(value));
    else text = visible(value);
    lines.push(`${c.dim(pad(label))}${text}`);
  }
  return lines;
}

/** The one-line view: a status column, the input (padded to `width` columns), the error if any. */
export function renderLine(report: ParseReport, c: Colors, width = 0): string {
  if (report.valid)
    return `${c.green("valid  ")}  ${visible(report.input)}${displayNote(report, c)}`;
  const { message, code } = report.error;
  const shown = shownInput(report.input);
  const gap = " ".repeat(Math.max(width - shown.length, 0) + 2);
  const input = report.input === "" ? c.dim(shown) : shown;
  return `${c.red("invalid")}  ${input}${gap}${c.red(visible(message))} ${c.dim(`(${code})`)}`;
}

/** After a valid input in the one-line view: its display form when it differs, and warnings. */
function displayNote(report: ValidReport, c: Colors): string {
  let note =
    report.display === report.input ? "" : `  ${c.dim("display")} ${visible(report.display)}`;
  const n = report.warnings.length;
  if (n > 0) {
    const codes = [...new Set(report.warnings.map((w) => w.code))].join(", ");
    note += `  ${c.yellow(`${n} warning${n === 1 ? "" : "s"}: ${codes}`)}`;
  }
  return note;
}
