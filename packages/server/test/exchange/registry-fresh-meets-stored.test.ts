// A restore that began on an empty registry writes its records without looking for stored ones
// (PostgreSQL COPYs them straight into their tables, SQLite inserts them as one set). When a key
// is stored all the same (written meanwhile by someone else), the batch holding it goes again as
// an ordinary import batch: an equal record is left unchanged, a different one refused and
// reported with its line, every other record of the batch created, and the ids still follow the
// lines. A set of other rows meeting a stored one goes row by row the same way (SQLite's guard on
// statistics skips a stored row's insert without an error: that is a refusal too, not a
// creation). Both engines give the same events and the same registry.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { importRecords } from "../../src/exchange/import/records.js";
import { exportRegistry } from "../../src/exchange/registry-export/export.js";
import {
  importRegistry,
  type RegistryImportEvent,
} from "../../src/exchange/registry-export/import.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const operator = { tokenId: null };
const RECORDS = 25;
/** Record lines a batch: the stored keys fall in the first two of three batches. */
const BATCH = 10;
const EQUAL = 3;
const DIFFERENT = 14;

const recordLine = (n: number) =>
  JSON.stringify({
    urn: `urn:example:r-${n}`,
    status: "active",
    locators: [{ url: `https://a.example/${n}` }, { url: `https://b.example/${n}`, priority: 2 }],
    metadata: { title: `Record ${n}` },
    ...(n === 20 ? { successors: ["urn:example:r-21"] } : {}),
  });

async function exported(store: Store): Promise<string[]> {
  let out = "";
  for await (const chunk of exportRegistry(store, { tokens: false, history: false })) out += chunk;
  return out.trimEnd().split("\n");
}

const urnOf = (line: string) => (JSON.parse(line) as { record?: { urn: string } }).record?.urn;
const isRecord = (line: string) => urnOf(line) !== undefined;

async function events(run: AsyncIterable<RegistryImportEvent>): Promise<RegistryImportEvent[]> {
  const all: RegistryImportEvent[] = [];
  for await (const event of run) all.push(event);
  return all;
}

for (const engine of engines)
  describe(`a fresh restore meeting stored keys (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    const handles: EngineHandle[] = [];
    let source: string[];

    before(async () => {
      const handle = await engine.open();
      handles.push(handle);
      await handle.store.namespaces.create({ nid: "example", local: true }, operator);
      const lines = Array.from({ length: RECORDS }, (_, i) => `${recordLine(i + 1)}\n`);
      for await (const event of importRecords(handle.store, lines, {
        actor: operator,
        scope: null,
        limits: DEFAULT_LIMITS,
      }))
        assert.ok(!("error" in event), JSON.stringify(event));
      source = await exported(handle.store);
    });
    after(async () => {
      for (const handle of handles) await handle.close();
    });

    it("leaves the equal record, refuses the different one and creates the rest in order", async () => {
      const target = await engine.open();
      handles.push(target);
      const records = source.filter(isRecord);
      const equal = records[EQUAL - 1] as string;
      const stored = records[DIFFERENT - 1] as string;
      const different = stored.replace(`Record ${DIFFERENT}`, "Changed meanwhile");
      assert.notEqual(different, stored);
      // The target holds the source's namespace and two of its records, one of them changed.
      // And the day's assignment count, as another count.
      const counted = source.find((line) => line.startsWith('{"stat-assignment"')) as string;
      const otherCount = counted.replace(`"count":${RECORDS}`, '"count":7');
      assert.notEqual(otherCount, counted);
      const held = source
        .filter((line) => !isRecord(line) || line === equal)
        .map((line) => (line === counted ? otherCount : line));
      held.splice(held.length - 1, 1, different, JSON.stringify({ end: { lines: held.length } }));
      for await (const event of importRegistry(target.store, [`${held.join("\n")}\n`], {
        actor: operator,
        limits: DEFAULT_LIMITS,
      }))
        assert.ok(!("error" in event), JSON.stringify(event));

      const run = await events(
        importRegistry(target.store, [`${source.join("\n")}\n`], {
          actor: operator,
          limits: DEFAULT_LIMITS,
          fresh: true,
          recordBatch: BATCH,
        }),
      );
      assert.deepEqual(
        run.filter((e) => "code" in e),
        [
          {
            line: source.indexOf(stored) + 1,
            code: "already-registered",
            error: `an equivalent URN is already registered with other content: urn:example:r-${DIFFERENT}`,
          },
          {
            line: source.indexOf(counted) + 1,
            code: "stat-assignment-conflict",
            error: `the stat-assignment is here with other values: ${JSON.stringify(JSON.parse(otherCount)["stat-assignment"])}`,
          },
        ],
      );
      assert.deepEqual(
        (await target.rawRows("stat_assignments")).map((row) => row.count),
        [7],
      );
      const done = run.at(-1) as { done: true; created: number; unchanged: number };
      assert.equal(done.done, true, JSON.stringify(done));
      // Every line the target held unchanged (the equal record among them) but the two refused;
      // the others created.
      const unchanged = source.length - 2 - records.length;
      assert.deepEqual([done.created, done.unchanged], [RECORDS - 2, unchanged]);

      // The two held first keep the first ids; the others follow in the source's order.
      const now = (await exported(target.store)).filter(isRecord);
      const rest = records.filter((line) => line !== equal && line !== stored);
      assert.deepEqual(now.map(urnOf), [equal, different, ...rest].map(urnOf));
      assert.deepEqual(now, [equal, different, ...rest]);
    });
  });
