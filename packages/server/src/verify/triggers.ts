// Every trigger the migrations make (the guards of storage/guard-rules.ts, and those keeping
// statistics, search and caches in step) present on its table, as written, and firing; in
// PostgreSQL also every function they run as written, and no session setting that silences them.
// Triggers an operator added are theirs: not reported.

import type { ExpectedSchema } from "../storage/expected-schema.js";
import type { PresentFunction, PresentTrigger, TriggerBypass } from "../storage/integrity.js";
import type { Finding } from "./finding.js";

export interface PresentSchema {
  triggers: readonly PresentTrigger[];
  functions: readonly PresentFunction[];
  bypassed: TriggerBypass;
}

function finding(code: string, object: string, problem: string, expected: string): Finding {
  return { check: "triggers", code, object, problem, expected };
}

export function triggerFindings(
  engine: string,
  expected: ExpectedSchema,
  present: PresentSchema,
): Finding[] {
  const findings: Finding[] = [];
  if (present.bypassed.replicaRole)
    findings.push(
      finding(
        "triggers-bypassed",
        "database",
        "session_replication_role is 'replica' in this database's sessions: no trigger fires",
        "session_replication_role 'origin' (ALTER DATABASE … RESET session_replication_role)",
      ),
    );
  if (present.bypassed.restoreMark)
    findings.push(
      engine === "postgres"
        ? finding(
            "restore-mark-set",
            "setting urnkit.restoring",
            "'on' in this database's sessions, outside a restore: records written are not counted in the assignment statistics",
            "not set (ALTER DATABASE … RESET urnkit.restoring, or ALTER ROLE … RESET urnkit.restoring)",
          )
        : finding(
            "restore-mark-set",
            "table restoring",
            "it holds the restore mark outside a restore: records written are not counted in the assignment statistics",
            "empty (DELETE FROM restoring)",
          ),
    );
  const triggers = new Map(present.triggers.map((trigger) => [trigger.name, trigger]));
  for (const want of expected.triggers.values()) {
    const object = `trigger ${want.name} on ${want.table}`;
    const made = `as migration ${want.version} makes it`;
    const have = triggers.get(want.name);
    if (have === undefined) {
      findings.push(finding("trigger-missing", object, "missing", `present, ${made}`));
      continue;
    }
    if (have.table !== want.table) {
      findings.push(
        finding("trigger-altered", object, `it is on ${have.table}`, `on ${want.table}, ${made}`),
      );
      continue;
    }
    if (have.definition !== want.definition) {
      findings.push(
        engine === "postgres"
          ? finding(
              "trigger-altered",
              object,
              `it runs ${have.definition}()`,
              `it runs ${want.definition}(), ${made}`,
            )
          : finding(
              "trigger-altered",
              object,
              "its definition differs from the one urnkit wrote",
              `its text ${made}`,
            ),
      );
      continue;
    }
    if (!have.enabled)
      findings.push(
        finding(
          "trigger-disabled",
          object,
          "disabled: it does not fire",
          `enabled (ALTER TABLE ${want.table} ENABLE TRIGGER ${want.name})`,
        ),
      );
  }
  const functions = new Map(present.functions.map((fn) => [fn.name, fn]));
  for (const want of expected.functions.values()) {
    const object = `function ${want.name}`;
    const have = functions.get(want.name);
    if (have === undefined)
      findings.push(
        finding(
          "function-missing",
          object,
          "missing",
          `present, as migration ${want.version} makes it`,
        ),
      );
    else if (have.body !== want.body)
      findings.push(
        finding(
          "function-altered",
          object,
          "its body differs from the one urnkit wrote",
          `its body as migration ${want.version} makes it`,
        ),
      );
  }
  return findings;
}
