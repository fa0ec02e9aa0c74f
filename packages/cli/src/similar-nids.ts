// Did-you-mean for NIDs (as commander offers for commands and options): the registered NIDs a
// mistyped one is closest to, "ISBNN" → isbn.

import { registry } from "@urnkit/namespaces";
import { distance } from "fastest-levenshtein";

/** At most this many suggestions, the closest first. */
const MOST = 3;

/**
 * The registered NIDs within two edits of `nid`, letter case ignored (NIDs are compared that way,
 * RFC 8141 §3.1), and within half its length, so that a short NID is not "close" to every other
 * short one. Only the closest are kept, in registry order; [] when none is close.
 */
export function similarNids(nid: string): string[] {
  const wanted = nid.toLowerCase();
  const limit = Math.min(2, Math.floor(wanted.length / 2));
  let best = limit + 1;
  let found: string[] = [];
  for (const entry of registry.entries) {
    const d = distance(wanted, entry.nid.toLowerCase());
    if (d === 0 || d > limit || d > best) continue;
    if (d < best) {
      best = d;
      found = [];
    }
    if (found.length < MOST) found.push(entry.nid);
  }
  return found;
}
