// PostgreSQL keeps several batches of one import in flight (importSequence). What a client relies
// on must hold as with one batch at a time: a batch is durable when acknowledged, batches commit in
// the order they were sent, and nothing sent after a failed batch is committed.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { RetryableError } from "../../src/storage/errors.js";
import { TABLE_KINDS } from "../../src/storage/registry-tables/kinds.js";
import type { LineObject, TableKind } from "../../src/storage/registry-tables/table-kind.js";
import { RestoreRowError } from "../../src/storage/transfer.js";
import { importItem as item } from "../import-items.js";
import {
  createTestDatabase,
  openTestPostgresStore,
  PG_SKIP,
  suiteStoreWithClient,
} from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

const kind = (name: string) => TABLE_KINDS.get(name) as TableKind;

/** Audit lines of one action, their targets numbered from `first`. */
const auditLines = (action: string, first: number, count: number): LineObject[] =>
  Array.from({ length: count }, (_, i) => ({
    action,
    target: `urn:example:${first + i}`,
    at: "2026-01-01T00:00:00.000Z",
  }));

describe("an import's batches in flight together (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  // The deadlock below is found by the batch's connection, which waits first: its check runs 3 s
  // after its wait began, by when the other writer waits too, however loaded the machine.
  const setup = suiteStoreWithClient(
    { before, after },
    { nid: "example", local: true },
    { deadlockTimeout: "3s" },
  );

  const stored = async (name: string) =>
    (
      await setup.other.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM records WHERE key = $1",
        [`urn:example:${name}`],
      )
    ).rows[0]?.n;

  it("a batch sent later is not committed while an earlier one waits", async () => {
    // Another writer holds an uncommitted record with a key of the first batch: that batch
    // waits on the key index until the writer ends.
    await setup.other.query("BEGIN");
    await setup.insertOtherRecord("held");
    const sequence = setup.store.transfer.importSequence(actor);
    const first = sequence.send([item(1, "first"), item(2, "held")]);
    const second = sequence.send([item(3, "second")]);
    let secondDone = false;
    void second.then(() => {
      secondDone = true;
    });
    await setup.someoneWaits();
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Read on the writer's own connection, which sees what others committed.
    assert.equal(secondDone, false);
    assert.equal(await stored("second"), 0);
    assert.equal(await stored("first"), 0);
    await setup.other.query("COMMIT");
    assert.deepEqual(await first, { created: 1, unchanged: 1, conflicts: [] });
    assert.deepEqual(await second, { created: 1, unchanged: 0, conflicts: [] });
    assert.equal(await stored("second"), 1);
  });

  it("a key of an earlier batch still being committed is found, not duplicated", async () => {
    const sequence = setup.store.transfer.importSequence(actor);
    const results = await Promise.all([
      sequence.send([item(10, "again-1"), item(11, "again-2")]),
      sequence.send([item(12, "again-2"), item(13, "again-3")]),
      sequence.send([item(14, "again-3", { status: "reserved" }), item(15, "again-4")]),
    ]);
    assert.deepEqual(results, [
      { created: 2, unchanged: 0, conflicts: [] },
      { created: 1, unchanged: 1, conflicts: [] },
      {
        created: 1,
        unchanged: 0,
        conflicts: [{ line: 14, urn: "urn:example:again-3", existing: "urn:example:again-3" }],
      },
    ]);
  });

  it("a batch caught in a deadlock is rolled back as worth sending again", async () => {
    // The other writer holds the batch's second key; the batch inserts its first, then waits on
    // the second; the writer then inserts the first: each waits on the other. PostgreSQL checks a
    // wait for a cycle once, deadlock_timeout after it began: the batch's check (3 s) finds it;
    // the writer's own is put off past the test, so it never picks the writer instead.
    await setup.other.query("BEGIN");
    await setup.other.query("SET LOCAL deadlock_timeout = '1min'");
    await setup.insertOtherRecord("cross-2");
    const batch = setup.store.transfer.importBatch(
      [item(30, "cross-1"), item(31, "cross-2")],
      actor,
    );
    batch.catch(() => {});
    await setup.someoneWaits();
    await setup.insertOtherRecord("cross-1");
    await assert.rejects(batch, (error: unknown) => {
      assert.ok(error instanceof RetryableError);
      assert.equal((error.cause as { code?: string }).code, "40P01");
      return true;
    });
    await setup.other.query("ROLLBACK");
    assert.equal(await stored("cross-1"), 0);
    // Sent again, it goes through.
    assert.deepEqual(
      await setup.store.transfer.importBatch([item(30, "cross-1"), item(31, "cross-2")], actor),
      {
        created: 2,
        unchanged: 0,
        conflicts: [],
      },
    );
  });

  it("nothing sent after a failed batch is committed", async () => {
    const sequence = setup.store.transfer.importSequence(actor);
    // A priority beyond bigint fails the first batch's statement in the database.
    const failed = sequence.send([
      item(20, "fails", { locators: [{ url: "https://x.example/", priority: 1e20 }] }),
    ]);
    const later = sequence.send([item(21, "after-failure")]);
    await assert.rejects(failed, { code: "22003" });
    await assert.rejects(later, /an earlier batch of the import failed/);
    assert.equal(await stored("fails"), 0);
    assert.equal(await stored("after-failure"), 0);
    // The store goes on working: the pool got its connections back.
    assert.deepEqual(await setup.store.transfer.importBatch([item(22, "after-failure")], actor), {
      created: 1,
      unchanged: 0,
      conflicts: [],
    });
  });
  it("a restore's batches of rows in flight get their ids in the order sent", async () => {
    const sequence = setup.store.transfer.importSequence(actor, true);
    const restoreRows = sequence.restoreRows?.bind(sequence);
    assert.ok(restoreRows, "PostgreSQL writes batches of rows in a sequence");
    // The first batch takes longest: written side by side without turns, the later ones' rows
    // would come first.
    const sent = [
      auditLines("first", 0, 4000),
      auditLines("second", 4000, 1),
      auditLines("third", 4001, 1),
    ];
    const verdicts = await Promise.all(
      sent.map((lines) => restoreRows(kind("audit"), lines, { fresh: true })),
    );
    assert.deepEqual(
      verdicts.map((v) => v.length),
      [4000, 1, 1],
    );
    const { rows } = await setup.other.query<{ target: string }>(
      "SELECT target FROM audit WHERE action IN ('first', 'second', 'third') ORDER BY id",
    );
    assert.deepEqual(
      rows.map((r) => r.target),
      sent.flat().map((line) => line.target),
    );
  });

  it("nothing sent after a refused batch of rows is committed; the row at fault is named", async () => {
    const sequence = setup.store.transfer.importSequence(actor, true);
    const restoreRows = sequence.restoreRows?.bind(sequence);
    assert.ok(restoreRows);
    const refused = [
      ...auditLines("refused", 0, 3),
      { action: "refused", at: "2026-01-01T00:00:00.000Z" },
    ];
    const failed = restoreRows(kind("audit"), refused, { fresh: true });
    const later = restoreRows(kind("audit"), auditLines("after-refused", 0, 2), { fresh: true });
    await assert.rejects(
      failed,
      (error: unknown) => error instanceof RestoreRowError && error.index === 3,
    );
    await assert.rejects(later, /an earlier batch of the import failed/);
    const { rows } = await setup.other.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit WHERE action IN ('refused', 'after-refused')",
    );
    assert.equal(rows[0]?.n, 0);
  });

  it("into a registry that is not empty, a batch of rows finds the rows of the batch before it", async () => {
    // The same organisation line twice (an import file may repeat a line): the second batch
    // looks for it once the first has committed, and finds it.
    const sequence = setup.store.transfer.importSequence(actor, true);
    const restoreRows = sequence.restoreRows?.bind(sequence);
    assert.ok(restoreRows);
    const organisation = {
      id: "twice",
      name: "Sent twice",
      active: true,
      created: "2026-01-01T00:00:00.000Z",
      updated: "2026-01-01T00:00:00.000Z",
    };
    const verdicts = await Promise.all([
      restoreRows(kind("organisation"), [organisation], {}),
      restoreRows(kind("organisation"), [organisation], {}),
    ]);
    assert.deepEqual(verdicts, [["created"], ["unchanged"]]);
  });

  it("a batch of rows on its own commits, finds what is stored and names a refused row", async () => {
    const organisation = {
      id: "alone",
      name: "On its own",
      active: true,
      created: "2026-01-01T00:00:00.000Z",
      updated: "2026-01-01T00:00:00.000Z",
    };
    const rows = setup.store.transfer;
    assert.deepEqual(await rows.restoreRows(kind("organisation"), [organisation], {}), ["created"]);
    assert.deepEqual(await rows.restoreRows(kind("organisation"), [organisation], {}), [
      "unchanged",
    ]);
    const refused = [
      ...auditLines("alone", 0, 2),
      { action: "alone", at: "2026-01-01T00:00:00.000Z" },
    ];
    await assert.rejects(
      rows.restoreRows(kind("audit"), refused, { fresh: true }),
      (error: unknown) => error instanceof RestoreRowError && error.index === 2,
    );
    const { rows: stored } = await setup.other.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit WHERE action = 'alone'",
    );
    assert.equal(stored[0]?.n, 0);
  });

  it("a connection whose batch failed imports the next one", async () => {
    // One connection, so the next batch gets the failed one's: the stage tables it created
    // outside that batch's transaction are still there.
    const db = await createTestDatabase();
    const store = await openTestPostgresStore({ url: db.url, poolSize: 1 });
    try {
      await store.namespaces.create({ nid: "example", local: true }, actor);
      const failing = item(40, "fails", {
        locators: [{ url: "https://x.example/", priority: 1e20 }],
      });
      await assert.rejects(store.transfer.importBatch([failing], actor), { code: "22003" });
      assert.deepEqual(await store.transfer.importBatch([item(41, "next")], actor), {
        created: 1,
        unchanged: 0,
        conflicts: [],
      });
    } finally {
      await store.close();
      await db.drop();
    }
  });
});
