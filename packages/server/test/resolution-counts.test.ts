// Daily resolution counts: each resolution counted on the UTC day it happened, the day changing at
// midnight, and nothing lost on close.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { ResolutionCounter } from "../src/resolution-counts.js";
import type { ResolutionCount, Store } from "../src/storage/store.js";

/** A store that only keeps what the counter writes. */
function recordingStore(): { store: Store; written: ResolutionCount[] } {
  const written: ResolutionCount[] = [];
  const store = {
    addResolutionCounts: async (counts: ResolutionCount[]) => {
      written.push(...counts);
    },
  } as unknown as Store;
  return { store, written };
}

describe("ResolutionCounter", () => {
  beforeEach(() => {
    mock.timers.enable({
      apis: ["setTimeout", "setInterval", "Date"],
      now: Date.parse("2026-11-22T23:59:58.000Z"),
    });
  });
  afterEach(() => mock.timers.reset());

  it("counts by NID, in any case, and writes on the flush timer", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, 1000);
    counter.add("example");
    counter.add("EXAMPLE");
    counter.add("isbn");
    mock.timers.tick(1000);
    await Promise.resolve();
    assert.deepEqual(written, [
      { nid: "example", day: "2026-11-22", count: 2 },
      { nid: "isbn", day: "2026-11-22", count: 1 },
    ]);
    await counter.close();
  });

  it("counts a resolution after midnight (UTC) on the new day", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, 60000);
    counter.add("example");
    mock.timers.tick(1000); // 23:59:59
    counter.add("example");
    mock.timers.tick(1000); // 00:00:00, the next day
    counter.add("example");
    await counter.close();
    assert.deepEqual(written, [
      { nid: "example", day: "2026-11-22", count: 2 },
      { nid: "example", day: "2026-11-23", count: 1 },
    ]);
  });

  it("keeps counting over several days without a flush in between", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, 10 * 86400000);
    for (let day = 0; day < 3; day++) {
      counter.add("example");
      mock.timers.tick(86400000);
    }
    await counter.close();
    assert.deepEqual(
      written.map((c) => `${c.day} ${c.count}`),
      ["2026-11-22 1", "2026-11-23 1", "2026-11-24 1"],
    );
  });

  it("writes nothing when nothing was resolved", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, 1000);
    mock.timers.tick(3000);
    await counter.close();
    assert.deepEqual(written, []);
  });
});
