// Every URN belongs to the longest prefix that matches (sub-namespaces nest), and a delegation is
// decided by the longest prefix or namespace delegation that matches. The index answers with one
// map lookup per distinct prefix length; it must agree with the definition (a scan of every
// prefix for the longest that starts the key) on any set of prefixes and any key.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type PrefixRoute, PrefixRoutes } from "../../src/storage/prefix-routes.js";

/** The definition: the longest prefix starting `key`, by scanning all of them. */
function longest(routes: readonly PrefixRoute[], key: string): PrefixRoute | null {
  let best: PrefixRoute | null = null;
  for (const r of routes)
    if (key.startsWith(r.prefix) && (best === null || r.prefix.length > best.prefix.length))
      best = r;
  return best;
}

// Short texts over few characters, so that prefixes nest and keys hit them often.
const text = fc.string({ unit: fc.constantFrom("a", "b", "-", "1"), maxLength: 6 });
const route = fc.record({
  prefix: text.map((t) => `urn:x:${t}`),
  organisation: fc.constantFrom("lib", "fac"),
  delegate: fc.option(fc.constant("https://d.example/{urn}"), { nil: null }),
});
const routes = fc.uniqueArray(route, { selector: (r) => r.prefix, maxLength: 12 });

describe("PrefixRoutes", () => {
  it("finds the longest matching prefix, as a scan of every prefix would", () => {
    fc.assert(
      fc.property(routes, text, (rs, tail) => {
        const key = `urn:x:${tail}`;
        assert.deepEqual(new PrefixRoutes(rs).match(key), longest(rs, key));
        assert.deepEqual(new PrefixRoutes(rs).owner(key), longest(rs, key));
      }),
      { numRuns: 2000 },
    );
  });

  it("lets a prefix override a namespace delegation of the same text, keeping its delegate", () => {
    const delegation = { prefix: "urn:x:far-", organisation: null, delegate: "https://far/{urn}" };
    const nested = { prefix: "urn:x:far-here-", organisation: "lib", delegate: null };
    const same = { prefix: "urn:x:far-", organisation: "fac", delegate: null };
    const r = new PrefixRoutes([nested, same], [delegation]);
    // The prefix of the same text owns its URNs and keeps the namespace's delegate.
    assert.deepEqual(r.match("urn:x:far-1"), { ...same, delegate: "https://far/{urn}" });
    // A prefix nested inside, without a delegate, is resolved here.
    assert.deepEqual(r.match("urn:x:far-here-1"), nested);
    assert.equal(r.match("urn:x:near-1"), null);
    // Namespace delegations own nothing.
    assert.equal(new PrefixRoutes([], [delegation]).owner("urn:x:far-1"), null);
  });
});
