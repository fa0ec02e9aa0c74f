// URN resolution (RFC 8141 §1.2.1, §6.4.6): from a URN as received to the record, the namespace's
// delegate resolver, or the reason it cannot be resolved.

import { URN, UrnSyntaxError } from "@urnkit/core";
import { namespaceKey } from "./namespace-keys.js";
import type { Namespace, ResolveView, Store } from "./storage/store.js";

export type Lookup =
  | { kind: "malformed"; input: string; error: UrnSyntaxError }
  | { kind: "delegated"; urn: URN; ns: Namespace; location: string }
  | { kind: "unknown"; urn: URN; key: string; ns: Namespace | null }
  | { kind: "found"; urn: URN; key: string; ns: Namespace | null; view: ResolveView };

/** Fills a delegate's URL template: {urn} is the URN as requested, {nss} its NSS. */
function delegateUrl(template: string, urn: URN): string {
  return template.replaceAll("{urn}", urn.href).replaceAll("{nss}", urn.nss);
}

/** Parses `input` (never percent-decoded) and finds what answers for it. */
export async function lookup(store: Store, input: string): Promise<Lookup> {
  let urn: URN;
  try {
    urn = new URN(input);
  } catch (error) {
    if (error instanceof UrnSyntaxError) return { kind: "malformed", input, error };
    throw error;
  }
  const key = namespaceKey(urn);
  const ns = await store.getNamespace(urn.nid);
  if (ns !== null && ns.delegate.length > 0) {
    // The longest matching prefix wins: a delegated sub-prefix can point somewhere else.
    let chosen: { prefix: string; url: string } | null = null;
    for (const d of ns.delegate)
      if (key.startsWith(d.prefix) && (chosen === null || d.prefix.length > chosen.prefix.length))
        chosen = d;
    if (chosen !== null)
      return { kind: "delegated", urn, ns, location: delegateUrl(chosen.url, urn) };
  }
  const view = await store.resolve(key);
  if (view === null) return { kind: "unknown", urn, key, ns };
  return { kind: "found", urn, key, ns, view };
}
