// Invariants of link checking, over generated inputs: Retry-After always ends within [now,
// now + the cap], as asked when asked less; and for any sequence of check outcomes stored for a
// locator, its failures are the failures at the end of the sequence, it ranks last exactly when
// they reach the threshold, and at most the last 10 checks are kept, newest first.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { retryAt } from "../../src/links/retry-after.js";
import { failed, HISTORY_KEPT, LINK_OUTCOMES, type LinkOutcome } from "../../src/storage/links.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const DAY = 86_400_000;

describe("Retry-After", () => {
  it("a delay in seconds or an HTTP date ends within [now, now + cap]", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1000, max: 7 * DAY }),
        (now, seconds, cap) => {
          const at = retryAt(String(seconds), now, cap);
          assert.equal(at, now + Math.min(seconds * 1000, cap));
          // An HTTP date has whole seconds: it may lie up to a second before the delay's end.
          const date = new Date(now + seconds * 1000).toUTCString();
          const byDate = retryAt(date, now, cap) as number;
          assert.ok(byDate >= now && byDate <= now + cap);
        },
      ),
    );
  });

  it("nonsense is ignored", () => {
    for (const value of ["", "soon", "-5", "1.5", "12 s"]) {
      assert.equal(retryAt(value, 0, DAY), null, value);
    }
    assert.equal(retryAt(null, 0, DAY), null);
  });
});

for (const engine of engines)
  describe(`failures in a row and the bounded history (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let store: Store;
    let n = 0;
    before(async () => {
      h = await engine.open();
      store = h.store;
      await store.namespaces.create({ nid: "example", local: true }, actor);
    });
    after(async () => h.close());

    it("hold for any sequence of outcomes", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...LINK_OUTCOMES), { minLength: 1, maxLength: 14 }),
          fc.integer({ min: 1, max: 5 }),
          async (outcomes: LinkOutcome[], demoteAfter) => {
            const urn = `urn:example:p-${n++}`;
            const main = `https://main.example/${n}`;
            const spare = `https://spare.example/${n}`;
            await store.records.create(
              {
                urn,
                key: urn,
                nid: "example",
                status: "active",
                locators: [
                  { url: main, priority: 2 },
                  { url: spare, priority: 1 },
                ],
              },
              actor,
            );
            const id = (await store.links.report({ status: "all", limit: 10_000 })).find(
              (r) => r.url === main,
            )?.id as number;
            for (const [i, outcome] of outcomes.entries()) {
              await store.links.recordCheck(
                id,
                {
                  checked: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
                  outcome,
                  status: null,
                  finalUrl: null,
                  latencyMs: i,
                  message: null,
                },
                demoteAfter,
              );
            }
            let trailing = 0;
            while (trailing < outcomes.length && failed(outcomes.at(-1 - trailing) as LinkOutcome))
              trailing++;
            const health = (await store.links.health(urn)).get(main);
            assert.equal(health?.failures, trailing);
            assert.equal(health?.demoted, trailing >= demoteAfter);
            assert.equal(health?.outcome, outcomes.at(-1));
            const history = await store.links.history(id);
            assert.deepEqual(
              history.map((c) => c.outcome),
              outcomes.slice(-HISTORY_KEPT).reverse(),
            );
            assert.equal(
              (await store.records.resolve(urn))?.best,
              trailing >= demoteAfter ? spare : main,
            );
          },
        ),
        { numRuns: engine.name === "sqlite" ? 60 : 25 },
      );
    });
  });
