// History rows alike in every field are distinct rows: a registry holding three equal audit
// entries (the same action on the same URN at the same millisecond) keeps three wherever its
// export goes, also where the import looks for rows already stored. Imported into a registry that
// is not empty, the export writes all three; imported there again, it writes none; a copy
// interrupted after the batch holding the first two and run again writes the third.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { copyRegistry } from "../../src/exchange/registry-export/copy.js";
import { exportRegistry } from "../../src/exchange/registry-export/export.js";
import {
  importRegistry,
  type RegistryImportEvent,
  ROWS_A_BATCH,
} from "../../src/exchange/registry-export/import.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const operator = { tokenId: null };
const AT = "2026-01-02T03:04:05.678Z";
const ALIKE = `(NULL, 'urn.update', 'urn:example:alike', NULL, '{"n":1}', '${AT}')`;
/**
 * Audit rows between the first two alike and the third: the third is two batches later, past the
 * batch a writer thread may have in flight when the first one's event is read.
 */
const BETWEEN = 2 * ROWS_A_BATCH + 500;

/** The source's audit log: two rows alike, BETWEEN others, the third alike. */
const HISTORY_SQL = `INSERT INTO audit (token_id, action, target, before, after, at)
  VALUES ${ALIKE}, ${ALIKE};
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BETWEEN})
INSERT INTO audit (token_id, action, target, before, after, at)
  SELECT NULL, 'urn.update', 'urn:example:other-' || i, NULL, NULL, '${AT}' FROM n;
INSERT INTO audit (token_id, action, target, before, after, at) VALUES ${ALIKE};`;

async function text(store: Store): Promise<string> {
  let out = "";
  for await (const chunk of exportRegistry(store, { tokens: true, history: true })) out += chunk;
  return out;
}

async function events(run: AsyncIterable<RegistryImportEvent | object>): Promise<object[]> {
  const all: object[] = [];
  for await (const event of run) all.push(event);
  return all;
}

async function alike(handle: EngineHandle): Promise<number> {
  return (await handle.rawRows("audit")).filter((r) => r.target === "urn:example:alike").length;
}

for (const engine of engines)
  describe(`history rows alike (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    const handles: EngineHandle[] = [];
    const open = async () => {
      const handle = await engine.open();
      handles.push(handle);
      return handle;
    };
    let source: EngineHandle;
    let exported = "";

    before(async () => {
      source = await open();
      await source.store.namespaces.create({ nid: "example", local: true }, operator);
      await source.rawExec(HISTORY_SQL);
      exported = await text(source.store);
      assert.equal(await alike(source), 3);
    });
    after(async () => {
      for (const handle of handles) await handle.close();
    });

    it("are all written into a registry that is not empty, and none again", async () => {
      const target = await open();
      await target.store.organisations.create({ id: "held", name: "Held before" }, operator);
      const first = await events(
        importRegistry(target.store, [exported], { actor: operator, limits: DEFAULT_LIMITS }),
      );
      const done = first.at(-1) as { done: true; created: number; refused: number };
      assert.equal(done.done, true, JSON.stringify(first.at(-1)));
      // Every line but the first and the end: the three alike among them.
      const lines = exported.trimEnd().split("\n").length - 2;
      assert.deepEqual([done.created, done.refused], [lines, 0]);
      assert.equal(await alike(target), 3);

      const again = await events(
        importRegistry(target.store, [exported], { actor: operator, limits: DEFAULT_LIMITS }),
      );
      const redone = again.at(-1) as { done: true; created: number; unchanged: number };
      assert.deepEqual([redone.created, redone.unchanged], [0, lines]);
      assert.equal(await alike(target), 3);
    });

    it("are all written by a copy interrupted after the batch of the first two", async () => {
      const target = await open();
      const options = { source: "the source", allowNonEmpty: false, limits: DEFAULT_LIMITS };
      for await (const event of copyRegistry(source.store, target.store, options))
        if ("batch" in event && event.kind === "audit") break;
      assert.equal(await alike(target), 2);

      const resumed = await events(copyRegistry(source.store, target.store, options));
      assert.ok(
        resumed.some((e) => "resuming" in e),
        JSON.stringify(resumed.slice(0, 2)),
      );
      assert.equal("done" in (resumed.at(-1) as object), true, JSON.stringify(resumed.at(-1)));
      assert.equal(await alike(target), 3);
      assert.equal(await text(target.store), exported);
    });
  });
