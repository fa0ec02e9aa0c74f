// The schema version: the versions schema_migrations records against those this software's
// migrations bring. A version past them was written by a newer urnkit, whose schema this one
// cannot judge; one missing is a migration not applied yet (a restore of an old backup).

import { VERSION } from "../runtime/version.js";
import type { Finding } from "./finding.js";

export function schemaVersionFindings(
  applied: readonly number[] | null,
  known: readonly number[],
): Finding[] {
  const latest = Math.max(...known);
  const versions = (list: readonly number[], one: string, more: string) =>
    `${list.length === 1 ? "version" : "versions"} ${list.join(", ")} ${list.length === 1 ? one : more}`;
  const finding = (code: string, problem: string, expected: string): Finding => ({
    check: "schema-version",
    code,
    object: "schema_migrations",
    problem,
    expected,
  });
  if (applied === null)
    return [
      finding(
        "schema-missing",
        "there is no schema_migrations table: not a urnkit registry",
        `the versions of urnkit's schema up to ${latest}`,
      ),
    ];
  const findings: Finding[] = [];
  const newer = applied.filter((version) => version > latest);
  if (newer.length > 0)
    findings.push(
      finding(
        "schema-newer",
        `${versions(newer, "is", "are")} applied: written by a newer urnkit than this one (${VERSION})`,
        `at most version ${latest}; verify it with the urnkit that wrote it`,
      ),
    );
  const unknown = applied.filter((version) => version <= latest && !known.includes(version));
  if (unknown.length > 0)
    findings.push(
      finding(
        "schema-unknown",
        `${versions(unknown, "is", "are")} applied, which no migration of this urnkit makes`,
        `only the versions ${known.join(", ")}`,
      ),
    );
  const missing = known.filter((version) => !applied.includes(version));
  if (missing.length > 0)
    findings.push(
      finding(
        "schema-older",
        `${versions(missing, "is", "are")} not applied`,
        `every version up to ${latest}: any urnkit command that opens the registry (urnkit serve) migrates it`,
      ),
    );
  return findings;
}
