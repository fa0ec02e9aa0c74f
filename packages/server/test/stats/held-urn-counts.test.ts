// The URN counts held between appends to the log are sorted runs merged batch by batch: whatever
// the batches, they must add up to what counting each resolution in a map gives (the definition),
// in record order, each URN with the dimensions it was first counted under.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { type HeldUrn, HeldUrnCounts } from "../../src/stats/held-urn-counts.js";

/** One resolution: a record, whether a crawler asked, and what it was counted under. */
interface Resolution {
  record: number;
  bot: boolean;
  dims: number;
}

/** The definition: every resolution counted in a map, by record; the first dimensions kept. */
function counted(batches: readonly (readonly Resolution[])[]): HeldUrn[] {
  const byRecord = new Map<number, HeldUrn>();
  for (const batch of batches)
    for (const { record, bot, dims } of batch) {
      let urn = byRecord.get(record);
      if (urn === undefined) {
        urn = { record, count: 0, bots: 0, dims };
        byRecord.set(record, urn);
      }
      if (bot) urn.bots += 1;
      else urn.count += 1;
    }
  return [...byRecord.values()].sort((a, b) => a.record - b.record);
}

/** Everything held, read in slices of 7 (so that slices are seen to join up). */
function taken(held: HeldUrnCounts): HeldUrn[] {
  const t = held.take();
  const urns: HeldUrn[] = [];
  for (let i = 0; i < t.length; i += 7) urns.push(...t.slice(i, i + 7));
  return urns;
}

function add(held: HeldUrnCounts, batch: readonly Resolution[]): void {
  const ids = new Float64Array(batch.length + 3);
  const dims = new Int32Array(batch.length + 3);
  batch.forEach((r, i) => {
    ids[i] = r.bot ? -r.record : r.record;
    dims[i] = r.dims;
  });
  // Slots past `n` are not read.
  ids.fill(7, batch.length);
  held.add(ids, dims, batch.length);
}

// Few records, so that batches repeat them; and records past 2^32 and 2^48, which the sort
// reaches with more passes, up to the largest safe integer.
const record = fc.oneof(
  fc.integer({ min: 1, max: 40 }),
  fc.integer({ min: 1, max: 2 ** 20 }),
  fc.integer({ min: 2 ** 32 - 3, max: 2 ** 32 + 3 }),
  fc.integer({ min: 2 ** 48 - 2, max: 2 ** 48 + 2 }),
  fc.constant(Number.MAX_SAFE_INTEGER),
);
const resolution = fc.record({ record, bot: fc.boolean(), dims: fc.integer({ min: 0, max: 5 }) });
const batches = fc.array(fc.array(resolution, { maxLength: 60 }), { maxLength: 6 });

describe("HeldUrnCounts", () => {
  it("adds batches up as counting each resolution in a map would (fast-check)", () => {
    fc.assert(
      fc.property(batches, (bs) => {
        const held = new HeldUrnCounts();
        for (const b of bs) add(held, b);
        const expected = counted(bs);
        assert.equal(held.records, expected.length);
        assert.deepEqual(taken(held), expected);
        assert.equal(held.records, 0);
        assert.deepEqual(taken(held), []);
      }),
      { numRuns: 1000 },
    );
  });

  it("counts people and crawlers apart, in record order", () => {
    const held = new HeldUrnCounts();
    add(held, [
      { record: 300, bot: false, dims: 1 },
      { record: 2, bot: true, dims: 0 },
      { record: 300, bot: true, dims: 2 },
    ]);
    add(held, [
      { record: 300, bot: false, dims: 2 },
      { record: 70_000, bot: false, dims: 0 },
    ]);
    assert.equal(held.records, 3);
    assert.deepEqual(taken(held), [
      { record: 2, count: 0, bots: 1, dims: 0 },
      { record: 300, count: 2, bots: 1, dims: 1 },
      { record: 70_000, count: 1, bots: 0, dims: 0 },
    ]);
  });

  it("sorts a buffer-sized batch of random records", () => {
    const n = 1 << 18;
    const ids = new Float64Array(n);
    for (let i = 0; i < n; i++) ids[i] = 1 + ((i * 2_654_435_761) % 1_000_003);
    const held = new HeldUrnCounts();
    held.add(ids, new Int32Array(n), n);
    const urns = taken(held);
    assert.equal(
      urns.reduce((sum, u) => sum + u.count, 0),
      n,
    );
    for (let i = 1; i < urns.length; i++)
      assert.ok((urns[i - 1] as HeldUrn).record < (urns[i] as HeldUrn).record);
  });
});
