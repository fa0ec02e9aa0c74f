// `urnkit check --summary`: what a large input holds, in a few lines instead of a report per URN
// (200,000 URNs gave 1.25 million lines): how many inputs were ok, and how many inputs carry each
// error and warning code, most frequent first.

import type { CheckReport } from "@urnkit/namespaces";
import type { Colors } from "./output.js";

export interface SummaryJson {
  inputs: number;
  ok: number;
  notOk: number;
  /** Inputs that are not URNs at all (a syntax error). */
  notUrns: number;
  /** For each code, the number of inputs it was reported for. */
  errors: Record<string, number>;
  warnings: Record<string, number>;
}

/** The counts of a run, added to one report at a time (constant memory but for the codes). */
export class CheckTally {
  #inputs = 0;
  #ok = 0;
  #notUrns = 0;
  readonly #errors = new Map<string, number>();
  readonly #warnings = new Map<string, number>();

  add(report: CheckReport): void {
    this.#inputs++;
    if (report.ok) this.#ok++;
    if (report.error !== undefined) {
      this.#notUrns++;
      bump(this.#errors, report.error.code);
    }
    // An input counts once per code, however often the code appears in its report.
    const seen = new Set<string>();
    for (const issue of report.issues) {
      const key = `${issue.severity} ${issue.code}`;
      if (seen.has(key)) continue;
      seen.add(key);
      bump(issue.severity === "error" ? this.#errors : this.#warnings, issue.code);
    }
  }

  json(): SummaryJson {
    return {
      inputs: this.#inputs,
      ok: this.#ok,
      notOk: this.#inputs - this.#ok,
      notUrns: this.#notUrns,
      errors: Object.fromEntries(sorted(this.#errors)),
      warnings: Object.fromEntries(sorted(this.#warnings)),
    };
  }

  /** The summary as text: the totals, then the codes under "errors" and "warnings". */
  lines(c: Colors): string[] {
    const s = this.json();
    const notUrns = s.notUrns > 0 ? ` (${count(s.notUrns, "not a URN", "not URNs")})` : "";
    const lines = [
      `${count(s.inputs, "input", "inputs")}: ${c.green(`${s.ok} ok`)}, ${s.notOk > 0 ? c.red(`${s.notOk} not ok`) : "0 not ok"}${notUrns}`,
    ];
    const width = Math.max(
      0,
      ...[...this.#errors.keys(), ...this.#warnings.keys()].map((k) => k.length),
    );
    for (const [title, codes, paint] of [
      ["errors", this.#errors, c.red],
      ["warnings", this.#warnings, c.yellow],
    ] as const) {
      if (codes.size === 0) continue;
      lines.push(`${title} (inputs per code):`);
      for (const [code, n] of sorted(codes))
        lines.push(
          `  ${paint(code.padEnd(width))}  ${String(n).padStart(String(s.inputs).length)}`,
        );
    }
    return lines;
  }
}

function bump(counts: Map<string, number>, code: string): void {
  counts.set(code, (counts.get(code) ?? 0) + 1);
}

/** Most frequent first; equal counts by code, so that the output does not depend on input order. */
function sorted(counts: Map<string, number>): [string, number][] {
  return [...counts].sort(([a, m], [b, n]) => n - m || (a < b ? -1 : a > b ? 1 : 0));
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
