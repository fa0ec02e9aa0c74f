// Bad input to the import of a whole registry's export: the first line that cannot be imported
// stops it with its line number and a code saying what is wrong; the batches before that line's
// batch are committed and nothing of its batch or after it is. A line in conflict with what the
// registry holds is refused and reported, and the import goes on.

import assert from "node:assert/strict";
import { describe } from "node:test";
import {
  importRegistry,
  type RegistryImportEvent,
  ROWS_A_BATCH,
} from "../../src/exchange/registry-export/import.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { engines } from "../engines.js";
import { onFreshStore } from "../fresh-store.js";
import { skippedWhen } from "../skipped-when.js";

const T = "2024-01-02T03:04:05.000Z";
const header = (version = 1) =>
  JSON.stringify({ "urnkit-registry": { version, tokens: false, history: false } });
const namespace = JSON.stringify({
  namespace: {
    nid: "example",
    templateRevision: 0,
    mint: null,
    mintNext: 1,
    redirectStatus: 303,
    maxAge: 300,
    delegate: [],
    local: true,
    created: T,
    updated: T,
  },
});
const organisation = (name: string) =>
  JSON.stringify({
    organisation: { id: "lib", name, contact: null, active: true, created: T, updated: T },
  });
const record = (n: number) =>
  JSON.stringify({
    record: {
      urn: `urn:example:r-${n}`,
      status: "active",
      locators: [
        { url: `https://r.example/${n}`, priority: 0, mediaType: null, active: true, created: T },
      ],
      created: T,
      updated: T,
    },
  });
/** An answering check of urn:example:r-{n}'s one locator. */
const linkCheck = (n: number) =>
  JSON.stringify({
    "link-check": {
      urn: `urn:example:r-${n}`,
      url: `https://r.example/${n}`,
      checked: T,
      outcome: "ok",
      status: 200,
      finalUrl: null,
      latencyMs: 5,
      message: null,
    },
  });
const records = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => record(from + i));
const end = (lines: string[]) => JSON.stringify({ end: { lines: lines.length } });
const complete = (lines: string[]) => [...lines, end(lines)];

async function imported(
  store: Store,
  lines: string[],
  raw?: string,
): Promise<RegistryImportEvent[]> {
  const events: RegistryImportEvent[] = [];
  const input = raw === undefined ? lines.map((l) => `${l}\n`) : [raw];
  for await (const event of importRegistry(store, input, {
    actor: { tokenId: null },
    limits: { ...DEFAULT_LIMITS, importBatch: 4 },
  }))
    events.push(event);
  return events;
}

const stop = (events: RegistryImportEvent[]) => {
  const last = events.at(-1) as { stopped?: true; line: number; code: string; error: string };
  assert.equal(last.stopped, true, JSON.stringify(last));
  return last;
};

for (const engine of engines)
  describe(`import --all refusals (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const cases: {
      name: string;
      lines: string[];
      raw?: (lines: string[]) => string;
      line: number;
      code: RegExp;
      records: number;
    }[] = [
      {
        name: "a line of an unknown kind",
        lines: complete([header(), namespace, ...records(1, 10), '{"widget": {"a": 1}}']),
        line: 13,
        code: /^unknown-line-type$/,
        // Records 1-4 and 5-8 were committed; 9 and 10 were the stopped line's batch.
        records: 8,
      },
      {
        name: "a newer version of the format",
        lines: complete([header(2), namespace, ...records(1, 3)]),
        line: 1,
        code: /^newer-format$/,
        records: 0,
      },
      {
        name: "a file cut short at a line's end (no end line)",
        lines: [header(), namespace, ...records(1, 10)],
        line: 12,
        code: /^truncated$/,
        records: 8,
      },
      {
        name: "a file cut short inside a line",
        lines: [],
        raw: () => [header(), namespace, ...records(1, 6)].join("\n").slice(0, -20),
        line: 8,
        code: /^invalid-json$/,
        records: 4,
      },
      {
        name: "a line breaking a field rule (a locator that is not http)",
        lines: complete([
          header(),
          namespace,
          ...records(1, 5),
          record(6).replace("https://r.example/6", "javascript:alert(1)"),
        ]),
        line: 8,
        code: /^bad-locator$/,
        records: 4,
      },
      {
        name: "a line the database refuses (a link check of a locator that is not here)",
        lines: complete([header(), namespace, ...records(1, 2), linkCheck(1), linkCheck(9)]),
        line: 6,
        code: /^line-refused$/,
        records: 2,
      },
      {
        // The second batch of link checks is read, checked and (into a SQLite file) handed to the
        // writer before the first is refused: it must not commit either.
        name: "a line the database refuses, a later batch of its kind read already",
        lines: complete([
          header(),
          namespace,
          ...records(1, 2),
          linkCheck(1),
          linkCheck(9),
          ...Array.from({ length: 2 * ROWS_A_BATCH }, () => linkCheck(2)),
        ]),
        line: 6,
        code: /^line-refused$/,
        records: 2,
      },
      {
        name: "an end line counting other lines",
        lines: [header(), namespace, ...records(1, 2), JSON.stringify({ end: { lines: 9 } })],
        line: 5,
        code: /^end-mismatch$/,
        // A file whose end does not add up is damaged: its last batch is not imported either.
        records: 0,
      },
    ];
    for (const c of cases)
      it(`${c.name}: stops at line ${c.line}, the batches before it committed`, async () => {
        await onFreshStore(engine, async (h) => {
          const events = await imported(h.store, c.lines, c.raw?.(c.lines));
          const stopped = stop(events);
          assert.equal(stopped.line, c.line, stopped.error);
          assert.match(stopped.code, c.code, stopped.error);
          assert.equal(await h.store.records.count(), c.records);
          // The link check before the refused one was in its batch: rolled back with it.
          assert.equal((await h.rawRows("link_checks")).length, 0);
        });
      });

    it("into a registry that holds the objects: equal lines unchanged, a conflict reported, the rest imported", async () => {
      await onFreshStore(engine, async (h) => {
        const first = complete([header(), namespace, organisation("Library"), ...records(1, 3)]);
        assert.deepEqual((await imported(h.store, first)).at(-1), {
          done: true,
          lines: 7,
          created: 5,
          unchanged: 0,
          refused: 0,
        });
        const second = complete([
          header(),
          namespace,
          organisation("Other name"),
          ...records(1, 5),
        ]);
        const events = await imported(h.store, second);
        assert.deepEqual(
          events.filter((e) => "error" in e),
          [
            {
              line: 3,
              code: "organisation-conflict",
              error: `the organisation is here with other values: ${JSON.stringify(JSON.parse(organisation("Library")).organisation)}`,
            },
          ],
        );
        assert.deepEqual(events.at(-1), {
          done: true,
          lines: 9,
          created: 2,
          unchanged: 4,
          refused: 1,
        });
        assert.equal((await h.store.organisations.get("lib"))?.name, "Library");
        assert.equal(await h.store.records.count(), 5);
      });
    });

    it("into an empty registry, a record repeated in a later batch: unchanged when equal, refused when not", async () => {
      await onFreshStore(engine, async (h) => {
        // Batches of four record lines: lines 3-6, 7-10, then 11-12 repeating records 2 and 3.
        // An import into an empty registry inserts without looking keys up first; the key index
        // refuses the repeat and the batch is looked up line by line instead.
        const changed = record(3).replace("https://r.example/3", "https://other.example/3");
        const lines = complete([header(), namespace, ...records(1, 8), record(2), changed]);
        const events = await imported(h.store, lines);
        assert.deepEqual(
          events.filter((e) => "error" in e),
          [
            {
              line: 12,
              code: "already-registered",
              error: "an equivalent URN is already registered with other content: urn:example:r-3",
            },
          ],
        );
        assert.deepEqual(events.at(-1), {
          done: true,
          lines: 13,
          created: 9,
          unchanged: 1,
          refused: 1,
        });
        assert.equal(await h.store.records.count(), 8);
        assert.equal(
          (await h.store.records.get("urn:example:r-3"))?.locators[0]?.url,
          "https://r.example/3",
        );
      });
    });
  });
