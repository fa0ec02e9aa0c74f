// RFC 8141 §3 (namespace-aware URN-equivalence) and §5 (which NIDs may be served), through
// @urnkit/namespaces: the server's one door to namespace rules and the IANA registry snapshot.

import { type CheckReport, checkUrn, type Issue, namespaceKey, registry } from "@urnkit/namespaces";

export { type CheckReport, checkUrn, namespaceKey };

/**
 * Why `nid` may not be served here unless marked local: it must be a valid NID registered with
 * IANA (formal or informal, RFC 8141 §5). Empty when it may be served.
 */
export function nidRefusals(nid: string): Issue[] {
  const report = checkUrn(`urn:${nid}:x`);
  if (!report.valid)
    return [
      {
        code: report.error?.code ?? "invalid-nid",
        severity: "error",
        message: report.error?.message ?? "",
      },
    ];
  if (report.registration === "formal" || report.registration === "informal") return [];
  return [
    {
      code: `nid-${report.registration}`,
      severity: "error",
      message: `"${nid}" is ${report.registration === "reserved" ? "a reserved NID" : "not a registered NID"}; mark the namespace "local" to serve it anyway`,
    },
  ];
}

/** The IANA registry snapshot, for `GET /api/v1/registry/namespaces`. */
export function registryEntries(): { snapshotDate: string; entries: readonly unknown[] } {
  return { snapshotDate: registry.snapshotDate, entries: registry.entries };
}
