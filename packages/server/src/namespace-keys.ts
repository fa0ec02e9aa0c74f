// RFC 8141 §3 (URN-equivalence) and §5 (NID checks), as far as the server needs them. The
// namespace-aware rules live in @urnkit/namespaces; until that package exports them, these fall back
// to the namespace-independent §3.1 key and syntax-only checks. Every call site goes through here.

import { classifyNid, URN } from "@urnkit/core";

export interface CheckIssue {
  code: string;
  severity: "error" | "warning";
  message: string;
  index?: number;
}

export interface UrnCheck {
  valid: boolean;
  nid: string | null;
  registration: "formal" | "informal" | "unregistered" | "reserved";
  issues: CheckIssue[];
  equivalenceKey: string | null;
  namespaceKey: string | null;
  ok: boolean;
}

/** The key records are stored under: equivalent spellings (in this namespace's rules) share it. */
export function namespaceKey(urn: URN): string {
  return urn.equivalenceKey;
}

/** The `checkUrn` report of `GET /api/v1/check`. */
export function checkUrn(input: string): UrnCheck {
  const error = URN.validate(input);
  if (error !== null) {
    return {
      valid: false,
      nid: null,
      registration: "unregistered",
      issues: [{ code: error.code, severity: "error", message: error.message, index: error.index }],
      equivalenceKey: null,
      namespaceKey: null,
      ok: false,
    };
  }
  const urn = new URN(input);
  const kind = classifyNid(urn.nid).kind;
  return {
    valid: true,
    nid: urn.nid.toLowerCase(),
    registration: kind === "reserved" ? "reserved" : "unregistered",
    issues: [],
    equivalenceKey: urn.equivalenceKey,
    namespaceKey: namespaceKey(urn),
    ok: true,
  };
}

/**
 * Why `nid` may not be served as a namespace here unless marked local: it must be a registered
 * NID (formal or informal) that passes RFC 8141 §5's rules. Empty when it may be served.
 */
export function nidRefusals(nid: string): CheckIssue[] {
  const report = checkUrn(`urn:${nid}:x`);
  if (!report.valid) return report.issues;
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
export function registryEntries(): unknown[] {
  return [];
}
