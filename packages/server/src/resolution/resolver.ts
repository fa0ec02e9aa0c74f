// URN resolution (RFC 8141 §1.2.1, §6.4.6): from a URN as received to the record, the namespace's
// delegate resolver, or the reason it cannot be resolved.

import { URN, UrnSyntaxError } from "@urnkit/core";
import { namespaceKey } from "../registry/namespace-keys.js";
import type { Namespace } from "../storage/namespaces.js";
import type { PrefixRoute, RouteMatch } from "../storage/prefix-routes.js";
import type { ResolveView } from "../storage/records.js";
import type { ImmediateReads, Store } from "../storage/store.js";
import { fillDelegateTemplate } from "./delegate-template.js";

// `owner` is the longest prefix owned by an organisation that the URN falls under (null outside
// every prefix, or in a namespace not served here): the statistics count by it.
export type Lookup =
  | { kind: "malformed"; input: string; error: UrnSyntaxError }
  | {
      kind: "delegated";
      urn: URN;
      key: string;
      ns: Namespace;
      owner: PrefixRoute | null;
      location: string;
    }
  | { kind: "unknown"; urn: URN; key: string; ns: Namespace | null; owner: PrefixRoute | null }
  | {
      kind: "found";
      urn: URN;
      key: string;
      ns: Namespace | null;
      owner: PrefixRoute | null;
      view: ResolveView;
    };

const NO_MATCH: RouteMatch = { match: null, owner: null };

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
 * namespace (routesFor): no query.
 */
function delegation({ urn, key }: Parsed, ns: Namespace | null, routes: RouteMatch): Lookup | null {
  const delegate = routes.match?.delegate ?? null;
  return ns === null || delegate === null
    ? null
    : {
        kind: "delegated",
        urn,
        key,
        ns,
        owner: routes.owner,
        location: fillDelegateTemplate(delegate, urn),
      };
}

function found(
  { urn, key }: Parsed,
  ns: Namespace | null,
  owner: PrefixRoute | null,
  view: ResolveView | null,
): Lookup {
  return view === null
    ? { kind: "unknown", urn, key, ns, owner }
    : { kind: "found", urn, key, ns, owner, view };
}

/** The namespace's routes for a key: walked once for delegation and for the owner. */
function routesFor(ns: Namespace | null, key: string): RouteMatch {
  return ns === null ? NO_MATCH : ns.routes.find(key);
}

/** Parses `input` (never percent-decoded) and finds what answers for it. */
export async function lookup(
  store: Pick<Store, "namespaces" | "records">,
  input: string,
): Promise<Lookup> {
  const p = parse(input);
  if ("kind" in p) return p;
  const ns = await store.namespaces.get(p.urn.nid);
  const routes = routesFor(ns, p.key);
  return (
    delegation(p, ns, routes) ?? found(p, ns, routes.owner, await store.records.resolve(p.key))
  );
}

/** `lookup` through reads that answer at once: the same Lookup, without waiting. */
export function lookupNow(reads: ImmediateReads, input: string): Lookup {
  const p = parse(input);
  if ("kind" in p) return p;
  const ns = reads.getNamespace(p.urn.nid);
  const routes = routesFor(ns, p.key);
  return delegation(p, ns, routes) ?? found(p, ns, routes.owner, reads.resolve(p.key));
}
