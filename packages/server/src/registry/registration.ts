// Which URNs may be registered here: RFC 8141 §2 syntax, an assigned name only (no r-, q- or
// f-component, §2.3), a namespace served here, and that namespace's own rules.

import type { URN } from "@urnkit/core";
import type { Namespace, NamespaceStore } from "../storage/namespaces.js";
import { Refusal } from "../validation/refusal.js";
import { checkUrn } from "./namespace-keys.js";

export interface Target {
  urn: URN;
  key: string;
  nid: string;
  ns: Namespace;
}

function unprocessable(detail: string, issues: unknown[]): Refusal {
  return new Refusal("unprocessable", "invalid-urn", detail, { issues });
}

/**
 * A write naming a namespace not served here (a registration, an import line of any kind): one
 * code for the one cause, whichever way the write comes.
 */
export function namespaceNotServed(nid: string): Refusal {
  return new Refusal(
    "unprocessable",
    "namespace-not-served",
    `namespace "${nid}" is not served here`,
    {
      nid,
    },
  );
}

/** The URN's key and namespace when it may be registered; 422 with the issues otherwise. */
export async function registrationTarget(
  store: { readonly namespaces: Pick<NamespaceStore, "get"> },
  urn: URN,
): Promise<Target> {
  return targetIn(await store.namespaces.get(urn.nid), urn);
}

/**
 * `registrationTarget` with the namespace already read (null: not served here; it must be the
 * URN's), for a caller that checks URNs without waiting.
 */
export function targetIn(ns: Namespace | null, urn: URN): Target {
  if (urn.rComponent !== null || urn.qComponent !== null || urn.fComponent !== null)
    throw unprocessable("register the assigned name only, without r-, q- or f-component", [
      {
        code: "components-not-allowed",
        severity: "error",
        message: "r-, q- and f-components are not part of the name (RFC 8141 §2.3)",
      },
    ]);
  if (ns === null) throw namespaceNotServed(urn.nid.toLowerCase());
  const report = checkUrn(urn);
  const errors = report.issues.filter((i) => i.severity === "error");
  // A local namespace is served without registry rules; the syntax was checked when parsed.
  if (!ns.local && errors.length > 0)
    throw unprocessable("the URN breaks its namespace's rules", errors);
  return { urn, key: report.namespaceKey ?? urn.equivalenceKey, nid: ns.nid, ns };
}
