// `urnkit verify`: a registry checked as a whole (a restored backup, a copy, a database handled
// by hand): schema version, triggers, sequences, orphans, keys, statistics, an unfinished copy. It
// reads the database as it is, without migrating it, from one snapshot, so a registry in use can be checked too.

import type { Finding, VerifyReport } from "@urnkit/server";
import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { type Colors, LineWriter } from "../output.js";

export function registerVerify(program: Command, ctx: Context): void {
  program
    .command("verify")
    .summary("check a registry database as a whole")
    .description(
      "Check a registry as a whole, as it is (nothing is migrated or changed): the schema " +
        "version known to this urnkit; every trigger the schema needs (the guards that keep " +
        "URNs from being deleted or reassigned among them) present and firing; each prefix's " +
        "sequence past every number minted or reserved under it; no locator, identifier or " +
        "successor link without its record; every record's key its URN's equivalence key, and " +
        "no two records equivalent; statistics consistent with their logs; no copy into it " +
        "left unfinished. Each thing wrong is " +
        "one line: a code, where, what is wrong, what would be right (--json: one JSON " +
        "object).\n\nExit status: 0 all is well, 1 something is wrong, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .option("--json", "the report as one JSON object")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit verify --db /tmp/drill.db", "a restored backup, before it is trusted"],
        [
          "urnkit verify --db postgres://urnkit@db.internal/urnkit --json",
          "the report for a script",
        ],
      ]),
    )
    .action(async (options: { db: string; json?: boolean }, command: Command) => {
      const { displayLocation, verifyRegistry } = await import("@urnkit/server");
      const { store } = await openRegistry(options.db, command, { migrate: false });
      let report: VerifyReport;
      try {
        report = await verifyRegistry(store);
      } finally {
        await store.close();
      }
      const out = new LineWriter(ctx.io.stdout);
      const location = displayLocation(options.db);
      if (options.json === true) await out.json({ location, ...report });
      else for (const line of reportLines(location, report, ctx.colors.out)) await out.line(line);
      await out.flush();
      ctx.exit(report.ok ? EXIT_OK : EXIT_INVALID);
    });
}

function findingLines(finding: Finding, c: Colors): string[] {
  return [
    `${c.red(finding.code)} ${visible(finding.object)}: ${visible(finding.problem)}`,
    `  ${c.dim("expected:")} ${visible(finding.expected)}`,
  ];
}

/** The findings, then one line saying what was checked and how it went. */
export function reportLines(location: string, report: VerifyReport, c: Colors): string[] {
  const what = [
    `${report.engine} registry ${visible(location)}`,
    `schema version ${report.schemaVersion ?? "none"}`,
    ...(report.records === null
      ? []
      : [
          `${report.records.toLocaleString("en-US")} ${report.records === 1 ? "record" : "records"}`,
        ]),
  ].join(", ");
  if (report.ok) {
    const checks = report.checks.map((check) => check.name).join(", ");
    return [`${c.green("ok")} ${what}: every check passed (${checks})`];
  }
  const failed = report.checks
    .filter((check) => check.findings > 0)
    .map((check) => `${check.name} ${check.findings}`);
  const skipped = report.checks.filter((check) => check.skipped !== undefined);
  const notRun =
    skipped.length === 0
      ? ""
      : `; not checked, as ${skipped[0]?.skipped}: ${skipped.map((check) => check.name).join(", ")}`;
  const n = report.findings.length;
  return [
    ...report.findings.flatMap((finding) => findingLines(finding, c)),
    `${c.red("failed")} ${what}: ${n} ${n === 1 ? "problem" : "problems"} (${failed.join(", ")})${notRun}`,
  ];
}
