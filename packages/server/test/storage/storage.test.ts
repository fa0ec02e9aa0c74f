// The storage contract, run against every engine: records keyed by equivalence key, never
// deleted and never reassigned (enforced by the database), forward-only status, atomic mint
// numbers, batch import and export.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { ConflictError, StateError } from "../../src/storage/errors.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

for (const engine of engines) {
  describe(`storage (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create(
        { nid: "example", local: true, mint: { prefix: "t-", width: 4, check: "none" } },
        actor,
      );
    });
    after(async () => h.close());

    it("migrating twice changes nothing", async () => {
      await h.store.migrate();
      assert.equal((await h.store.namespaces.get("example"))?.nid, "example");
    });

    it("creates a record and reads it back with its locators, best first", async () => {
      const r = await h.store.records.create(
        {
          urn: "urn:example:a1",
          key: "urn:example:a1",
          nid: "example",
          status: "active",
          locators: [
            { url: "https://low.example/", priority: 1 },
            { url: "https://high.example/", priority: 9 },
          ],
          metadata: { title: "A1" },
        },
        actor,
      );
      assert.equal(r.status, "active");
      assert.deepEqual(
        r.locators.map((l) => l.url),
        ["https://high.example/", "https://low.example/"],
      );
      const view = await h.store.records.resolve("urn:example:a1");
      assert.equal(view?.best, "https://high.example/");
      assert.deepEqual((await h.store.records.get("urn:example:a1"))?.metadata, { title: "A1" });
    });

    it("refuses a second record under the same key, naming the first", async () => {
      await assert.rejects(
        h.store.records.create(
          { urn: "URN:EXAMPLE:a1", key: "urn:example:a1", nid: "example", status: "reserved" },
          actor,
        ),
        (e: unknown) => e instanceof ConflictError && e.existing === "urn:example:a1",
      );
    });

    it("the database refuses DELETE and a changed key", async () => {
      await assert.rejects(h.rawDelete("urn:example:a1"), /never deleted/);
      await assert.rejects(h.rawRekey("urn:example:a1", "urn:example:other"), /never reassigned/);
      assert.notEqual(await h.store.records.get("urn:example:a1"), null);
    });

    it("status moves forward only, in code and in the database", async () => {
      await h.store.records.create(
        { urn: "urn:example:s1", key: "urn:example:s1", nid: "example", status: "reserved" },
        actor,
      );
      assert.equal((await h.store.records.activate("urn:example:s1", actor))?.status, "active");
      const d = await h.store.records.deactivate(
        "urn:example:s1",
        { reason: "gone", successor: { urn: "urn:example:a1", key: "urn:example:a1" } },
        actor,
      );
      assert.equal(d?.status, "deactivated");
      assert.equal(d?.reason, "gone");
      assert.deepEqual(d?.successors, ["urn:example:a1"]);
      assert.deepEqual((await h.store.records.get("urn:example:a1"))?.predecessors, [
        "urn:example:s1",
      ]);
      await assert.rejects(h.store.records.activate("urn:example:s1", actor), StateError);
      await assert.rejects(h.rawReactivate("urn:example:s1"), /only moves forward/);
    });

    it("PATCH-style updates replace the active locator set and keep history", async () => {
      const r = await h.store.records.update(
        "urn:example:a1",
        { locators: [{ url: "https://new.example/" }], metadata: null },
        actor,
      );
      assert.deepEqual(
        r?.locators.filter((l) => l.active).map((l) => l.url),
        ["https://new.example/"],
      );
      assert.equal(r?.locators.length, 3);
      assert.equal(r?.metadata, null);
      assert.equal((await h.store.records.resolve("urn:example:a1"))?.best, "https://new.example/");
    });

    it("mint numbers are distinct under concurrency", async () => {
      const numbers = await Promise.all(
        Array.from({ length: 50 }, () => h.store.namespaces.nextMintNumber("example", actor)),
      );
      assert.equal(new Set(numbers).size, 50);
    });

    it("imports a batch, reports identical lines unchanged and differing ones as conflicts", async () => {
      const item = (line: number, n: string, url: string) => ({
        line,
        key: `urn:example:${n}`,
        nid: "example",
        record: { urn: `urn:example:${n}`, status: "active" as const, locators: [{ url }] },
        successors: [],
      });
      const first = await h.store.transfer.importBatch(
        [item(1, "i1", "https://i.example/1"), item(2, "i2", "https://i.example/2")],
        actor,
      );
      assert.deepEqual(first, { created: 2, unchanged: 0, conflicts: [] });
      const again = await h.store.transfer.importBatch(
        [item(1, "i1", "https://i.example/1"), item(2, "i2", "https://i.example/other")],
        actor,
      );
      assert.equal(again.created, 0);
      assert.equal(again.unchanged, 1);
      assert.deepEqual(again.conflicts, [
        { line: 2, urn: "urn:example:i2", existing: "urn:example:i2" },
      ]);
    });

    it("exports every record through the cursor, page by page", async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await h.store.transfer.exportPage(cursor, 2);
        seen.push(...page.lines.map((l) => l.urn));
        cursor = page.cursor;
      } while (cursor !== null);
      assert.equal(seen.length, await h.store.records.count());
      assert.ok(seen.includes("urn:example:i2"));
    });

    it("writes an audit row for every write", async () => {
      const entries = await h.store.audit.list(1000);
      const actions = new Set(entries.map((e) => e.action));
      for (const a of [
        "namespace.create",
        "urn.create",
        "urn.update",
        "urn.activate",
        "urn.deactivate",
        "urn.import",
        "namespace.mint",
      ])
        assert.ok(actions.has(a), a);
    });

    it("stores only token hashes and finds tokens by hash", async () => {
      const info = await h.store.tokens.create(
        { hash: "ab".repeat(32), role: "registrar", namespace: "Example", label: null },
        actor,
      );
      assert.equal(info.namespace, "example");
      assert.equal((await h.store.tokens.find("ab".repeat(32)))?.id, info.id);
      assert.equal(await h.store.tokens.find("cd".repeat(32)), null);
    });

    it("adds up daily resolution counts", async () => {
      await h.store.stats.addResolutionCounts([{ nid: "example", day: "2026-01-01", count: 2 }]);
      await h.store.stats.addResolutionCounts([{ nid: "example", day: "2026-01-01", count: 3 }]);
      assert.deepEqual(await h.store.stats.resolutionCounts({ nid: "example", limit: 10 }), [
        { nid: "example", day: "2026-01-01", count: 5 },
      ]);
    });

    it("keeps template revisions", async () => {
      await h.store.namespaces.update({ nid: "example", template: "v2" }, actor);
      await h.store.namespaces.update({ nid: "example", template: "v2" }, actor);
      await h.store.namespaces.update({ nid: "example", template: "v3" }, actor);
      const revisions = await h.store.namespaces.templateRevisions("example");
      assert.deepEqual(
        revisions.map((r) => [r.revision, r.template]),
        [
          [1, null],
          [2, "v2"],
          [3, "v3"],
        ],
      );
    });
  });
}
