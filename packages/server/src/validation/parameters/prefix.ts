// A prefix a request names (a list's or a report's filter, a statistics scope, `links check
// --prefix`): one reading for every route, page and command. Its spelling is folded as URNs are
// compared (RFC 8141 §3.1: "urn" and the NID case-insensitive; the rest as the namespace folds,
// registry/prefix-key.ts), so any equivalent spelling names the same URNs. Where the filter is a
// prefix registered here (an organisation's), one that is not is refused, never matched as none.

import { prefixKey } from "../../registry/prefix-key.js";
import type { Prefix, PrefixStore } from "../../storage/prefixes.js";
import { Refusal } from "../refusal.js";

const HEAD = /^urn:([A-Za-z0-9][A-Za-z0-9-]{0,31}):/i;

function badPrefix(name: string, message: string): Refusal {
  return new Refusal("bad-request", "invalid-request", `querystring/${name}: ${message}`, {
    errors: [{ path: `/${name}`, message }],
    in: "querystring",
  });
}

/**
 * The key form of a prefix filter: "urn:", the NID and what follows folded as the namespace folds.
 * A part of "urn:NID:" alone is folded to lowercase (a list's prefix may stop anywhere); 400 naming
 * the parameter for text that cannot start a URN.
 */
export function prefixParameter(text: string, name = "prefix"): string {
  const head = HEAD.exec(text);
  // Part of "urn:NID:" only: the head is case-insensitive (RFC 8141 §3.1).
  if (head === null) {
    const lower = text.toLowerCase();
    if (/^(?:u|ur|urn|urn:[a-z0-9-]{0,32})$/.test(lower)) return lower;
    throw badPrefix(name, 'must start a URN: "urn:", a NID, ":" and the start of an NSS');
  }
  try {
    return prefixKey(head[1] as string, text);
  } catch (error) {
    if (error instanceof Refusal) throw badPrefix(name, error.message);
    throw error;
  }
}

/** 404 for a prefix not registered in namespace `nid`: the prefix routes' refusal. */
export function unknownPrefix(nid: string, text: string): Refusal {
  return new Refusal(
    "not-found",
    "unknown-prefix",
    `there is no prefix "${text}" in namespace "${nid}"`,
  );
}

/**
 * The registered prefix a filter names, in any equivalent spelling; 400 for text that is no
 * prefix of a namespace ("urn:NID:…"), 404 unknown-prefix for one not registered here.
 */
export async function registeredPrefix(
  store: { readonly prefixes: Pick<PrefixStore, "get"> },
  text: string,
  name = "prefix",
): Promise<Prefix> {
  const head = HEAD.exec(text);
  if (head === null)
    throw badPrefix(name, 'must be a prefix of a namespace: "urn:", a NID, ":" and its start');
  const nid = (head[1] as string).toLowerCase();
  const prefix = await store.prefixes.get(prefixParameter(text, name));
  if (prefix === null || prefix.nid !== nid) throw unknownPrefix(nid, text);
  return prefix;
}
