// URN resolution (RFC 8141 §1.2.1, §6.4.6): from a URN as received to the record, the namespace's
// delegate resolver, or the reason it cannot be resolved.

import { URN, UrnSyntaxError } from "@urnkit/core";
import { fillDelegateTemplate } from "./delegate-template.js";
import { namespaceKey } from "./namespace-keys.js";
import type { ImmediateReads, Namespace, ResolveView, Store } from "./storage/store.js";

export type Lookup =
  | { kind: "malformed"; input: string; error: UrnSyntaxError }
  | { kind: "delegated"; urn: URN; key: string; ns: Namespace; location: string }
  | { kind: "unknown"; urn: URN; key: string; ns: Namespace | null }
  | { kind: "found"; urn: URN; key: string; ns: Namespace | null; view: ResolveView };

interface Parsed {
  urn: URN;
  key: string;
}

/** The URN in `input` (never percent-decoded) and its key, or why it is malformed. */
function parse(input: string): Parsed | Lookup {
  let urn: URN;
  try {
    urn = new URN(input);
  } catch (error) {
    if (error instanceof UrnSyntaxError) return { kind: "malformed", input, error };
    throw error;
  }
  return { urn, key: namespaceKey(urn) };
}

/**
 * The delegated lookup, when the URN's prefix hands it to another resolver: the longest of the
 * namespace's prefixes and delegations that matches decides (a prefix nested in a delegated one
 * may be resolved here, or elsewhere again). An in-memory match over the routes cached with the
 * namespace: no query, and nothing at all when nothing in the namespace is delegated.
 */
function delegation({ urn, key }: Parsed, ns: Namespace | null): Lookup | null {
  if (ns === null || !ns.routes.delegates) return null;
  const delegate = ns.routes.match(key)?.delegate ?? null;
  return delegate === null
    ? null
    : { kind: "delegated", urn, key, ns, location: fillDelegateTemplate(delegate, urn) };
}

function found({ urn, key }: Parsed, ns: Namespace | null, view: ResolveView | null): Lookup {
  return view === null ? { kind: "unknown", urn, key, ns } : { kind: "found", urn, key, ns, view };
}

/** Parses `input` (never percent-decoded) and finds what answers for it. */
export async function lookup(store: Store, input: string): Promise<Lookup> {
  const p = parse(input);
  if ("kind" in p) return p;
  const ns = await store.getNamespace(p.urn.nid);
  return delegation(p, ns) ?? found(p, ns, await store.resolve(p.key));
}

/** `lookup` through reads that answer at once: the same Lookup, without waiting. */
export function lookupNow(reads: ImmediateReads, input: string): Lookup {
  const p = parse(input);
  if ("kind" in p) return p;
  const ns = reads.getNamespace(p.urn.nid);
  return delegation(p, ns) ?? found(p, ns, reads.resolve(p.key));
}
