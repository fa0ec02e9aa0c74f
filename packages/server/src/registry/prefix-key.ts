// A prefix is compared with equivalence keys (RFC 8141 §3.1, and the namespace's own rules, such
// as RFC 8458 §4.3's case folding of an NBN's prefix): "urn:", the NID and ":" in lowercase, and
// the rest folded the way the namespace folds the URNs that continue it.

import { URN } from "@urnkit/core";
import { Refusal } from "../validation/refusal.js";
import { namespaceKey } from "./namespace-keys.js";

/** The key form of prefix `text` under `nid`; 422 when it is not a prefix of that namespace. */
export function prefixKey(nid: string, text: string): string {
  const head = `urn:${nid.toLowerCase()}:`;
  if (text.slice(0, head.length).toLowerCase() !== head)
    throw new Refusal(
      "unprocessable",
      "invalid-prefix",
      `a prefix of this namespace starts "${head}"`,
      {
        errors: [{ path: "/prefix", message: `must start with "${head}"` }],
      },
    );
  const rest = text.slice(head.length);
  // Probed with a URN that continues the prefix, as the URNs under it do ("-" ends an NBN's
  // folded part; nothing is folded after it).
  const probe = URN.parse(`${head}${rest}-0`);
  if (probe === null)
    throw new Refusal(
      "unprocessable",
      "invalid-prefix",
      `"${text}" cannot start a URN (RFC 8141 §2: NSS characters, %HH escapes)`,
      { errors: [{ path: "/prefix", message: "not the start of a URN's NSS" }] },
    );
  const key = namespaceKey(probe);
  return key.endsWith("-0") && key.length === text.length + 2 ? key.slice(0, -2) : head + rest;
}
