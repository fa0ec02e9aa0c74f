// The statistics rollups in the database, on every engine: additions add up however they are
// batched (a property), assignments are counted by the schema for every write, and the counts
// only grow — raw SQL, as an operator's SQL shell would send it, can neither lower nor remove
// one (SQLite ignores an INSERT of an existing row, so REPLACE and UPSERT leave it as it was).
// A URN's counts go through a log, whose rows are only removed once the rollup holds them.

import assert from "node:assert/strict";
import { describe } from "node:test";
import fc from "fast-check";
import {
  OUTCOMES,
  type Outcome,
  type ResolutionStat,
  type UrnResolutionStat,
  type UrnSeriesQuery,
} from "../../src/storage/stats.js";
import { type EngineHandle, engines } from "../engines.js";
import { importItem } from "../import-items.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const DAY = "2026-03-04";
const RANGE = { from: "2026-03-01", to: "2026-03-31" };

function stat(outcome: Outcome, bot: boolean, count: number, nid = "example"): ResolutionStat {
  return { day: DAY, nid, prefix: "", organisation: "", outcome, bot, count };
}

/** A URN's counts of DAY: `record` is its record's id (recordIds). */
function urn(record: number, count: number, bots: number): UrnResolutionStat {
  return { day: DAY, record, nid: "example", prefix: "", organisation: "", count, bots };
}

const GUARDED = [
  "DELETE FROM stat_resolutions",
  "UPDATE stat_resolutions SET count = 0",
  "UPDATE stat_resolutions SET day = '2020-01-01'",
  "UPDATE stat_resolutions SET outcome = 'gone' WHERE outcome = 'redirect'",
  "DELETE FROM stat_resolution_urns",
  "UPDATE stat_resolution_urns SET bots = 0",
  "UPDATE stat_resolution_urns SET key = 'urn:example:other'",
  // The log's rows not yet in the rollup (the test before leaves one there).
  "DELETE FROM stat_resolution_urn_log",
  `UPDATE stat_resolution_urn_log SET urns = '[]'`,
  "UPDATE stat_resolution_urn_log SET day = '2020-01-01'",
  "DELETE FROM stat_assignments",
  "UPDATE stat_assignments SET count = count - 1",
  "UPDATE stat_assignments SET event = 'activated' WHERE event = 'registered'",
];
const GUARDED_POSTGRES = [
  "TRUNCATE stat_resolutions",
  "TRUNCATE stat_resolution_urns",
  "TRUNCATE stat_resolution_urn_log",
  "TRUNCATE stat_assignments",
  `INSERT INTO stat_resolutions (day, nid, prefix, organisation, outcome, bot, count)
   VALUES ('${DAY}', 'example', '', '', 'redirect', false, 0)
   ON CONFLICT (day, nid, prefix, organisation, outcome, bot) DO UPDATE SET count = 0`,
];
const GUARDED_SQLITE = [
  `REPLACE INTO stat_resolution_urn_log SELECT id, day, '[]' FROM stat_resolution_urn_log`,
];
/** Writes SQLite takes without an error and without effect. */
const IGNORED_SQLITE = [
  `REPLACE INTO stat_resolutions VALUES ('${DAY}', 'example', '', '', 'redirect', 0, 0)`,
  `INSERT INTO stat_resolutions VALUES ('${DAY}', 'example', '', '', 'redirect', 0, 0)
   ON CONFLICT DO UPDATE SET count = 0`,
  `INSERT OR REPLACE INTO stat_resolution_urns VALUES ('${DAY}', 'urn:example:a', 'example', '', '', 0, 0, 0)`,
  "INSERT OR REPLACE INTO stat_assignments SELECT day, nid, prefix, organisation, event, 0 FROM stat_assignments",
];

for (const engine of engines) {
  describe(`statistics storage (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
    });
    after(async () => h.close());

    /** Registers urn:example:`name` for each name, and answers their record ids in order. */
    const recordIds = async (...names: string[]): Promise<number[]> => {
      for (let i = 0; i < names.length; i += 500)
        await h.store.transfer.importBatch(
          names.slice(i, i + 500).map((name, j) => importItem(i + j + 1, name)),
          actor,
        );
      return Promise.all(
        names.map(
          async (name) => (await h.store.records.resolve(`urn:example:${name}`))?.id as number,
        ),
      );
    };

    const snapshot = async () =>
      JSON.stringify(
        await Promise.all(
          [
            "stat_resolutions",
            "stat_resolution_urns",
            "stat_resolution_urn_log",
            "stat_assignments",
          ].map(async (t) => (await h.rawRows(t)).map((r) => JSON.stringify(r)).sort()),
        ),
      );

    it("adds up resolutions however the flushes batch them", async () => {
      const bucket = fc.record({
        outcome: fc.constantFrom(...OUTCOMES),
        bot: fc.boolean(),
        count: fc.integer({ min: 1, max: 1000 }),
        nid: fc.constantFrom("example", "(elsewhere)"),
      });
      let added = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.array(bucket, { maxLength: 8 }), { maxLength: 5 }),
          async (flushes) => {
            const before = await h.store.stats.resolutionSeries({
              ...RANGE,
              granularity: "month",
              bots: "include",
              limit: 100,
            });
            const total = (points: { count: number }[]) => points.reduce((n, p) => n + p.count, 0);
            for (const batch of flushes)
              await h.store.stats.add(
                batch.map((b) => stat(b.outcome, b.bot, b.count, b.nid)),
                [],
              );
            const expected = flushes.flat().reduce((n, b) => n + b.count, 0);
            added += expected;
            const after = await h.store.stats.resolutionSeries({
              ...RANGE,
              granularity: "month",
              bots: "include",
              limit: 100,
            });
            assert.equal(total(after) - total(before), expected);
            assert.ok(after.every((p) => p.period === "2026-03"));
          },
        ),
        { numRuns: 25 },
      );
      const byDay = await h.store.stats.resolutionSeries({
        ...RANGE,
        granularity: "day",
        bots: "include",
        limit: 100,
      });
      assert.equal(
        byDay.reduce((n, p) => n + p.count, 0),
        added,
      );
    });

    /** The log's chunks, each as "day record count bots" of its URNs in the order written. */
    const chunks = async () =>
      // In id order: PostgreSQL's heap order is not it once rows have been removed.
      (await h.rawRows("stat_resolution_urn_log"))
        .sort((a, b) => Number(a.id) - Number(b.id))
        .map((r) => {
          const urns = (typeof r.urns === "string" ? JSON.parse(r.urns) : r.urns) as unknown[][];
          return urns.map((u) => `${r.day} ${u[0]} ${u[4]} ${u[5]}`);
        });

    it("keeps one row a day for a URN, people and crawlers apart, through the log", async () => {
      const rows = async (table: string) =>
        (await h.rawRows(table)).map((r) => `${r.day} ${r.key} ${r.count} ${r.bots}`).sort();
      const top = (bots: "exclude" | "only" | "include") =>
        h.store.stats
          .topUrns({ ...RANGE, bots, limit: 10 })
          .then((xs) => xs.map((x) => `${x.name} ${x.count}`));
      const tops = async () => [await top("exclude"), await top("only"), await top("include")];
      const expected = [
        ["urn:example:a 5", "urn:example:b 1"],
        ["urn:example:a 5"],
        ["urn:example:a 10", "urn:example:b 1"],
      ];
      const [a, b] = (await recordIds("a", "b")) as [number, number];
      await h.store.stats.add([], [urn(a, 2, 1), urn(b, 1, 0)]);
      await h.store.stats.add([], [urn(a, 3, 4)]);
      // Appended as flushed, a chunk a flush, and counted by the reads while still in the log.
      assert.deepEqual(await chunks(), [
        [`${DAY} ${a} 2 1`, `${DAY} ${b} 1 0`],
        [`${DAY} ${a} 3 4`],
      ]);
      assert.equal(await h.store.stats.urnLogSize(), 2);
      assert.deepEqual(await tops(), expected);
      // Only days before `until` are rolled up.
      assert.equal(await h.store.stats.rollUpUrnLog(DAY, 10), 0);
      // The log's first chunk (the first flush), then the second, then none: the counts move
      // in whole chunks, however the slices fall.
      const NEXT_DAY = "2026-03-05";
      assert.equal(await h.store.stats.rollUpUrnLog(NEXT_DAY, 1), 1);
      assert.deepEqual(await rows("stat_resolution_urns"), [
        `${DAY} urn:example:a 2 1`,
        `${DAY} urn:example:b 1 0`,
      ]);
      assert.deepEqual(await tops(), expected);
      assert.equal(await h.store.stats.rollUpUrnLog(NEXT_DAY, 1), 1);
      assert.equal(await h.store.stats.rollUpUrnLog(NEXT_DAY, 1), 0);
      assert.deepEqual(await rows("stat_resolution_urns"), [
        `${DAY} urn:example:a 5 5`,
        `${DAY} urn:example:b 1 0`,
      ]);
      assert.deepEqual(await chunks(), []);
      assert.equal(await h.store.stats.urnLogSize(), 0);
      assert.deepEqual(await tops(), expected);
      // Rolled up from the log's start to the first chunk of a day not ended: a chunk of an
      // ended day written after it waits for a roll-up of the whole log.
      await h.store.stats.add([], [{ ...urn(a, 1, 0), day: NEXT_DAY }]);
      await h.store.stats.add([], [urn(b, 1, 1)]);
      assert.equal(await h.store.stats.rollUpUrnLog(NEXT_DAY, 10), 0);
      assert.equal(await h.store.stats.rollUpUrnLog("~", 10), 2);
      assert.deepEqual(await rows("stat_resolution_urns"), [
        `${DAY} urn:example:a 5 5`,
        `${DAY} urn:example:b 2 1`,
        `${NEXT_DAY} urn:example:a 1 0`,
      ]);
      // A later flush adds to the same row when rolled up (and stays in the log for the guards).
      await h.store.stats.add([], [urn(b, 1, 1)]);
      assert.deepEqual(await top("include"), ["urn:example:a 11", "urn:example:b 5"]);
    });

    it("adds URN counts straight to their rows past the log, and the reads add up both", async () => {
      const rows = async () =>
        (await h.rawRows("stat_resolution_urns"))
          .filter((r) => String(r.key).startsWith("urn:example:direct-"))
          .map((r) => `${r.day} ${r.key} ${r.count} ${r.bots} ${r.logged_to}`)
          .sort();
      const JUNE = { from: "2026-06-01", to: "2026-06-30" };
      const top = () =>
        h.store.stats
          .topUrns({ ...JUNE, bots: "include", limit: 10 })
          .then((xs) => xs.map((x) => `${x.name} ${x.count}`));
      const [c, d] = (await recordIds("direct-c", "direct-d")) as [number, number];
      const june = (record: number, count: number, bots: number, day = "2026-06-02") => ({
        ...urn(record, count, bots),
        day,
      });
      // c in the log first; then c on two days, and d, past it.
      await h.store.stats.add([], [june(c, 1, 0)]);
      await h.store.stats.addUrns([june(c, 2, 1), june(d, 1, 0), june(c, 4, 0, "2026-06-03")]);
      assert.deepEqual(await rows(), [
        "2026-06-02 urn:example:direct-c 2 1 0",
        "2026-06-02 urn:example:direct-d 1 0 0",
        "2026-06-03 urn:example:direct-c 4 0 0",
      ]);
      assert.deepEqual(await top(), ["urn:example:direct-c 8", "urn:example:direct-d 1"]);
      // Added to the rows it made; the log's count joins them when rolled up.
      await h.store.stats.addUrns([june(d, 2, 2)]);
      while ((await h.store.stats.rollUpUrnLog("~", 10)) > 0);
      const [row] = (await rows()).filter((r) => r.startsWith("2026-06-02 urn:example:direct-c"));
      assert.match(row as string, /^2026-06-02 urn:example:direct-c 3 1 [1-9]\d*$/);
      assert.deepEqual((await rows()).slice(1), [
        "2026-06-02 urn:example:direct-d 3 2 0",
        "2026-06-03 urn:example:direct-c 4 0 0",
      ]);
      assert.deepEqual(await top(), ["urn:example:direct-c 8", "urn:example:direct-d 5"]);
    });

    it("appends every URN of a flush to the log, 250 a chunk, a day's apart", async () => {
      const MAY = { from: "2026-05-01", to: "2026-05-31" };
      let total = 0;
      // n URNs make ceil(n / 250) chunks.
      for (const [n, made] of [
        [1, 1],
        [249, 1],
        [250, 1],
        [251, 2],
        [600, 3],
      ] as const) {
        const before = await chunks();
        const ids = await recordIds(...Array.from({ length: n }, (_, i) => `flush-${n}-${i}`));
        const flush = ids.map((id, i) => ({ ...urn(id, i + 1, 1), day: "2026-05-05" }));
        await h.store.stats.add([], flush);
        const added = (await chunks()).slice(before.length);
        assert.equal(added.length, made);
        assert.equal(added.flat().length, n);
        total += n;
        const top = await h.store.stats.topUrns({ ...MAY, bots: "include", limit: 2000 });
        assert.equal(top.length, total);
        // URN i of the flush of n: i + 1 by people and 1 by crawlers.
        assert.equal(top.find((t) => t.name === `urn:example:flush-${n}-${n - 1}`)?.count, n + 1);
      }
      // A flush across midnight: the ended day's URNs and the new day's in chunks of their own.
      const before = await chunks();
      const [late, early] = await recordIds("late", "early");
      await h.store.stats.add(
        [],
        [
          { ...urn(late as number, 1, 0), day: "2026-05-06" },
          { ...urn(early as number, 1, 0), day: "2026-05-07" },
        ],
      );
      assert.deepEqual((await chunks()).slice(before.length), [
        [`2026-05-06 ${late} 1 0`],
        [`2026-05-07 ${early} 1 0`],
      ]);
    });

    it("answers one URN's resolutions per period, from its rows and the log alike", async () => {
      const [one, two] = (await recordIds("series-1", "series-2")) as [number, number];
      const on = (day: string, record: number, count: number, bots: number) => ({
        ...urn(record, count, bots),
        day,
      });
      // Straight to the rows (past the log), and through the log; another URN on the same day.
      await h.store.stats.addUrns([
        on("2026-03-02", one, 2, 1),
        on("2026-03-02", two, 9, 9),
        on("2026-04-01", one, 4, 0),
      ]);
      await h.store.stats.add([], [on("2026-03-02", one, 1, 0), on("2026-03-09", one, 0, 3)]);
      const cases: [string, Partial<UrnSeriesQuery>, string[]][] = [
        ["by day", {}, ["2026-03-02 4", "2026-03-09 3", "2026-04-01 4"]],
        ["people only", { bots: "exclude" }, ["2026-03-02 3", "2026-04-01 4"]],
        ["crawlers only", { bots: "only" }, ["2026-03-02 1", "2026-03-09 3"]],
        ["by month", { granularity: "month" }, ["2026-03 7", "2026-04 4"]],
        ["a shorter range", { from: "2026-03-05", to: "2026-03-31" }, ["2026-03-09 3"]],
        ["a page after a period", { after: "2026-03-02", limit: 1 }, ["2026-03-09 3"]],
        ["a URN with none", { key: "urn:example:a-nobody" }, []],
      ];
      for (const [what, query, expected] of cases) {
        const points = await h.store.stats.urnSeries({
          key: "urn:example:series-1",
          from: "2026-03-01",
          to: "2026-04-30",
          granularity: "day",
          bots: "include",
          limit: 100,
          ...query,
        });
        assert.deepEqual(
          points.map((p) => `${p.period} ${p.count}`),
          expected,
          what,
        );
      }
    });

    it("refuses to remove a chunk while any of its URNs is not rolled up", async () => {
      const JUNE = "2026-06-01";
      const [done, pending] = await recordIds("done", "pending");
      await h.store.stats.add(
        [],
        [
          { ...urn(done as number, 1, 0), day: JUNE },
          { ...urn(pending as number, 1, 0), day: JUNE },
        ],
      );
      const id = (await h.rawRows("stat_resolution_urn_log")).at(-1)?.id;
      // One URN of the chunk taken in by its rollup row, the other not.
      await h.rawExec(
        `INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots, logged_to)
         VALUES ('${JUNE}', 'urn:example:done', 'example', '', '', 1, 0, ${id})`,
      );
      const before = await snapshot();
      await assert.rejects(
        h.rawExec(`DELETE FROM stat_resolution_urn_log WHERE id = ${id}`),
        /statistics only grow/,
      );
      assert.equal(await snapshot(), before);
    });

    it("counts assignments in the schema, for the store's every write", async () => {
      const today = new Date().toISOString().slice(0, 10);
      const counts = async () =>
        Object.fromEntries(
          (
            await h.store.stats.assignmentSeries({
              from: today,
              to: today,
              granularity: "day",
              limit: 10,
            })
          ).map((p) => [p.kind, p.count]),
        );
      const record = (name: string, status: "reserved" | "active") => ({
        urn: `urn:example:${name}`,
        key: `urn:example:${name}`,
        nid: "example",
        status,
      });
      // The records the tests before registered count too: what these writes add is compared.
      const before = await counts();
      await h.store.records.create(record("r1", "reserved"), actor);
      await h.store.records.create(record("r2", "active"), actor);
      await h.store.records.activate("urn:example:r1", actor);
      await h.store.records.deactivate("urn:example:r2", { reason: "gone" }, actor);
      // A metadata change is no assignment event.
      await h.store.records.update("urn:example:r1", { metadata: { title: "t" } }, actor);
      const after = await counts();
      assert.deepEqual(
        ["activated", "deactivated", "registered"].map(
          (kind) => `${kind} ${(after[kind] ?? 0) - (before[kind] ?? 0)}`,
        ),
        ["activated 1", "deactivated 1", "registered 2"],
      );
    });

    for (const sql of [
      ...GUARDED,
      ...(engine.name === "postgres" ? GUARDED_POSTGRES : GUARDED_SQLITE),
    ])
      it(`refuses: ${sql.split("\n")[0]}`, async () => {
        const before = await snapshot();
        await assert.rejects(h.rawExec(sql), /statistics only grow/);
        assert.equal(await snapshot(), before);
      });

    if (engine.name === "sqlite")
      for (const sql of IGNORED_SQLITE)
        it(`leaves the counts as they were: ${sql.split("\n")[0]}`, async () => {
          const before = await snapshot();
          await h.rawExec(sql);
          assert.equal(await snapshot(), before);
        });
  });
}
