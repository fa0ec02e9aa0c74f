// One report on a URN: RFC 8141 §2 syntax, the NID's class (§5.1, §5.2) and IANA registration
// (§7.2), the namespace's own rules (§6.4.2) and both equivalence keys (§3.1).

import { classifyNid, type NidClass, URN, type UrnSyntax } from "@urnkit/core";
import { type Issue, warning } from "./issue.js";
import { ruleFor } from "./namespace-rules.js";
import { type RegistryEntry, registry } from "./registry.js";

export interface CheckReport {
  input: string;
  /** The syntax verdict (RFC 8141 §2, or RFC 2141 when asked). */
  valid: boolean;
  error?: { code: string; index: number; component: string; message: string };
  nid?: string;
  nidClass?: NidClass;
  registration?: "formal" | "informal" | "unregistered" | "reserved";
  registryEntry?: RegistryEntry;
  /** The namespace rules' findings, and registration warnings. */
  issues: Issue[];
  /** The generic §3.1 key. */
  equivalenceKey?: string;
  /** The namespace-aware key (the generic key when the namespace has no rules here). */
  namespaceKey?: string;
  /** Valid syntax and no error-severity issue. */
  ok: boolean;
}

export interface CheckOptions {
  syntax?: UrnSyntax;
}

// NIDs repeat across a corpus; classifying each distinct one once keeps bulk checks cheap.
const nidClasses = new Map<string, NidClass>();

function classify(nid: string): NidClass {
  const lower = nid.toLowerCase();
  let c = nidClasses.get(lower);
  if (c === undefined) {
    try {
      c = classifyNid(lower);
    } catch {
      // An RFC 2141 NID (one character, or a final "-") is no RFC 8141 NID at all.
      c = { kind: "reserved", reason: "not a NID under RFC 8141 §2, so it cannot be registered" };
    }
    if (nidClasses.size < 4096) nidClasses.set(lower, c);
  }
  return c;
}

export function checkUrn(input: string | URN, options?: CheckOptions): CheckReport {
  let urn: URN;
  if (typeof input === "string") {
    const e = URN.validate(input, options);
    if (e !== null) {
      return {
        input,
        valid: false,
        error: { code: e.code, index: e.index, component: e.component, message: e.message },
        issues: [],
        ok: false,
      };
    }
    urn = new URN(input, options);
  } else {
    urn = input;
  }
  const nid = urn.nid;
  const entry = registry.get(nid);
  const nidClass = classify(nid);
  const registration = entry?.kind ?? (nidClass.kind === "reserved" ? "reserved" : "unregistered");
  const rule = ruleFor(nid);
  const issues = rule === undefined ? [] : rule.validate(urn);
  if (registration === "unregistered") {
    issues.push(
      warning(
        "nid-unregistered",
        `"${nid}" is not in the IANA registry of ${registry.snapshotDate}`,
        4,
      ),
    );
  } else if (registration === "reserved") {
    issues.push(warning("nid-reserved", nidClass.reason, 4));
  }
  const report: CheckReport = {
    input: urn.href,
    valid: true,
    nid,
    nidClass,
    registration,
    issues,
    equivalenceKey: urn.equivalenceKey,
    namespaceKey: rule === undefined ? urn.equivalenceKey : rule.equivalenceKey(urn),
    ok: !issues.some((i) => i.severity === "error"),
  };
  if (entry !== undefined) report.registryEntry = entry;
  return report;
}
