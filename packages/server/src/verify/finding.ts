// What `urnkit verify` reports: each thing found wrong with a registry as a code, the table or
// object it is in, what is wrong and what would be right; and the checks that ran.

/** The checks, in the order they run. */
export type CheckName =
  | "schema-version"
  | "triggers"
  | "sequences"
  | "orphans"
  | "keys"
  | "statistics"
  | "copy";

export interface Finding {
  check: CheckName;
  code: string;
  /** The table, row or schema object it is in. */
  object: string;
  problem: string;
  expected: string;
}

export interface CheckOutcome {
  name: CheckName;
  findings: number;
  /** Why the check did not run, when it did not. */
  skipped?: string;
}

export interface VerifyReport {
  ok: boolean;
  engine: string;
  /** The highest schema version applied; null when none is recorded. */
  schemaVersion: number | null;
  /** The schema version this software brings. */
  knownVersion: number;
  /** How many records; null when the checks did not get that far. */
  records: number | null;
  checks: CheckOutcome[];
  findings: Finding[];
}

/** How many rows a query brings back as examples of one defect. */
export const EXAMPLES = 20;

/** `examples` named in a finding's text, with "…" where there are more than shown. */
export function listed(examples: readonly string[], total: number): string {
  return `${examples.join(", ")}${total > examples.length ? ", …" : ""}`;
}

/** "1 row", "2 rows". */
export function counted(n: number, noun: string, plural = `${noun}s`): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : plural}`;
}
