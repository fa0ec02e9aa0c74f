// What an import's client sees on PostgreSQL, where batches are in flight while later lines are
// read: a batch is acknowledged as soon as it commits (also while the input is quiet), and events
// keep the order of the lines.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { type ImportEvent, importRecords } from "../../src/exchange/import/records.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { exampleStore, PG_SKIP, suiteDatabase } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const limits = { ...DEFAULT_LIMITS, importBatch: 3 };

const line = (name: string) =>
  `${JSON.stringify({ urn: `urn:example:${name}`, status: "active" })}\n`;

/** The next event, or a failure if none comes within a few seconds. */
async function nextEvent(events: AsyncIterator<ImportEvent>): Promise<ImportEvent> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("no event came")), 5000);
  });
  try {
    const step = await Promise.race([events.next(), timeout]);
    assert.equal(step.done, false);
    return step.value as ImportEvent;
  } finally {
    clearTimeout(timer);
  }
}

describe("import read-ahead (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  const store = suiteDatabase(
    { before, after },
    (db) => exampleStore(db.url),
    (opened) => opened.close(),
  );

  it("acknowledges a committed batch while the input is waiting", async () => {
    let resume = () => {};
    const quiet = new Promise<void>((resolve) => {
      resume = resolve;
    });
    async function* input() {
      yield line("q1") + line("q2") + line("q3");
      // Nothing more until the client has seen the first batch acknowledged.
      await quiet;
      yield line("q4");
    }
    const events = importRecords(store(), input(), { actor, scope: null, limits });
    assert.deepEqual(await nextEvent(events), {
      batch: 1,
      committed: true,
      lines: [1, 3],
      created: 3,
      unchanged: 0,
    });
    resume();
    assert.deepEqual(await nextEvent(events), {
      batch: 2,
      committed: true,
      lines: [4, 4],
      created: 1,
      unchanged: 0,
    });
    assert.deepEqual(await nextEvent(events), {
      done: true,
      lines: 4,
      created: 4,
      unchanged: 0,
      errors: 0,
    });
  });

  it("reports events in line order across batches in flight", async () => {
    const input = [
      line("o1") + line("o2") + line("o3"),
      "not json\n",
      line("o1") + line("o4"),
      `${JSON.stringify({ urn: "urn:example:o5", status: "active" })}\n`,
      `${JSON.stringify({ urn: "urn:example:o2", status: "reserved" })}\n`,
      line("o6"),
    ];
    const seen: ImportEvent[] = [];
    for await (const event of importRecords(store(), input, { actor, scope: null, limits }))
      seen.push(event);
    assert.deepEqual(seen, [
      { batch: 1, committed: true, lines: [1, 3], created: 3, unchanged: 0 },
      { line: 4, code: "invalid-json", error: "the line is not JSON" },
      { batch: 2, committed: true, lines: [5, 7], created: 2, unchanged: 1 },
      {
        line: 8,
        code: "already-registered",
        error: "an equivalent URN is already registered with other content: urn:example:o2",
      },
      { batch: 3, committed: true, lines: [8, 9], created: 1, unchanged: 0 },
      { done: true, lines: 9, created: 6, unchanged: 1, errors: 2 },
    ]);
  });
});
