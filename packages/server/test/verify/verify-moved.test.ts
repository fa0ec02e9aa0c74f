// A registry moved by `urnkit copy` (either direction) or by `urnkit import --all` passes
// `urnkit verify` as its source does, and stays whole when written to afterwards: every id
// sequence past the restored rows (a new row of each table gets a fresh id), each prefix's
// sequence past every URN minted under it (the next mint gives the number after the source's
// last), and the assignment statistics carried, not counted again on top (the restore mark).

import assert from "node:assert/strict";
import { describe } from "node:test";
import { copyRegistry } from "../../src/exchange/registry-export/copy.js";
import { exportRegistry } from "../../src/exchange/registry-export/export.js";
import { importRegistry } from "../../src/exchange/registry-export/import.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import type { VerifyReport } from "../../src/verify/finding.js";
import { verifyRegistry } from "../../src/verify/verify-registry.js";
import { type Engine, type EngineHandle, postgres, sqlite } from "../engines.js";
import { fillRegistry } from "../full-registry.js";
import { PG_SKIP } from "../pg-database.js";
import { registryTables } from "../registry-tables.js";
import { skippedWhen } from "../skipped-when.js";
import { withTriggerLifted } from "./registry-fixture.js";

const operator = { tokenId: null };
const limits = { ...DEFAULT_LIMITS, importBatch: 4 };

/** Every check run and passed: the findings first, so that a failure shows them. */
async function assertClean(store: Store, records: number): Promise<VerifyReport> {
  const report = await verifyRegistry(store);
  assert.deepEqual(report.findings, []);
  assert.equal(report.ok, true);
  assert.equal(report.records, records);
  assert.ok(report.checks.every((c) => c.findings === 0 && c.skipped === undefined));
  return report;
}

async function exportText(store: Store): Promise<string> {
  let text = "";
  for await (const chunk of exportRegistry(store, { tokens: true, history: true })) text += chunk;
  return text;
}

async function copied(from: Store, to: Store): Promise<void> {
  let done: unknown;
  for await (const event of copyRegistry(from, to, {
    source: "source.db",
    allowNonEmpty: false,
    limits,
  }))
    if ("done" in event || "error" in event) done = event;
  assert.deepEqual(done, { ...(done as object), done: true, refused: 0 });
}

async function imported(from: Store, to: Store): Promise<void> {
  let done: unknown;
  for await (const event of importRegistry(to, [await exportText(from)], {
    actor: operator,
    limits,
  }))
    if ("done" in event || "error" in event) done = event;
  assert.deepEqual(done, { ...(done as object), done: true, refused: 0 });
}

/** The assignment counts of the registry, summed over days: what verify holds against records. */
async function assignments(h: EngineHandle): Promise<Record<string, number>> {
  const sums: Record<string, number> = {};
  for (const row of await h.rawRows("stat_assignments")) {
    const name = `${row.nid} ${row.prefix} ${row.organisation} ${row.event}`;
    sums[name] = (sums[name] ?? 0) + Number(row.count);
  }
  return sums;
}

/**
 * Writes a new row into each table the registry fills through its actions (a record minted, a
 * token, an organisation, a prefix, link checks, a harvest run, statistics) and returns the URN
 * the mint gave: an id sequence left behind the copied rows makes one of these fail.
 */
async function writeAfter(h: EngineHandle): Promise<string> {
  const { store } = h;
  const app = await buildServer({ store });
  try {
    const admin = (await issueToken(store, { role: "admin" }, operator)).token;
    const call = async (url: string, payload: object) => {
      const r = await app.inject({
        method: "POST",
        url,
        headers: { authorization: `Bearer ${admin}` },
        payload,
      });
      assert.ok(r.statusCode < 300, `${url}: ${r.body}`);
      return r.json();
    };
    await call("/api/v1/organisations", { id: "new", name: "New" });
    await call("/api/v1/namespaces/example/prefixes", {
      prefix: "urn:example:new-",
      organisation: "new",
    });
    const minted = await call("/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-/mint", {
      status: "active",
      locators: [{ url: "https://lib.example/after" }],
    });
    await call("/api/v1/urns", {
      urn: "urn:example:after-1",
      status: "active",
      locators: [{ url: "https://after.example/" }],
    });
    const due = await store.links.due({ now: new Date().toISOString(), limit: 100 });
    const fresh = due.find((l) => l.url === "https://after.example/");
    assert.ok(fresh !== undefined);
    await store.links.recordCheck(
      fresh.id,
      {
        checked: new Date().toISOString(),
        outcome: "ok",
        status: 200,
        finalUrl: null,
        latencyMs: 5,
        message: null,
      },
      3,
    );
    const source = await store.harvest.source(
      { url: "https://oai.new.example/oai", set: "", metadataPrefix: "epicur" },
      "new",
    );
    const run = await store.harvest.beginRun(source.id, {
      from: null,
      resumed: false,
      leaseUntil: new Date(Date.now() + 60_000).toISOString(),
    });
    await store.harvest.finishRun(run.id, { outcome: "completed", error: null });
    const today = new Date().toISOString().slice(0, 10);
    const record = Number((await h.rawRows("records WHERE key = 'urn:example:after-1'"))[0]?.id);
    const dims = { nid: "example", prefix: "", organisation: "" };
    await store.stats.add(
      [{ ...dims, day: today, outcome: "redirect", bot: false, count: 1 }],
      [{ ...dims, day: today, record, count: 1, bots: 0 }],
    );
    await store.stats.rollUpUrnLog(today, 1000);
    return minted.urn;
  } finally {
    await app.close();
  }
}

/**
 * `work` on a registry of `fromEngine` filled by fillRegistry and an empty one of `toEngine`,
 * both closed after it, whatever it does.
 */
async function onFilledAndEmpty(
  fromEngine: Engine,
  toEngine: Engine,
  work: (from: EngineHandle, to: EngineHandle) => Promise<void>,
): Promise<void> {
  const handles: EngineHandle[] = [];
  try {
    const from = await fromEngine.open();
    handles.push(from);
    await fillRegistry(from);
    const to = await toEngine.open();
    handles.push(to);
    await work(from, to);
  } finally {
    for (const h of handles) await h.close();
  }
}

// fillRegistry's records: 2 minted and 3 reserved under lib-, 1 registered there through the DNB
// API, 1 minted under lib-fac-, 2 reserved under the nbn prefix, urn:example:plain-1.
const RECORDS = 10;
// The library prefix's sequence stands at 6 after fillRegistry (2 minted, 3 reserved). Number
// 000006 with its ISO 7064 MOD 11-2 check character: p = (0 + 6) · 2 mod 11 = 1 after the digits,
// check (12 − 1) mod 11 = 0.
const NEXT_LIB = "urn:example:lib-0000060";

describe("a moved registry passes verify", () => {
  const { it } = skippedWhen(PG_SKIP);
  const moves: [string, Engine, Engine, (from: Store, to: Store) => Promise<void>][] = [
    ["copy SQLite → PostgreSQL", sqlite, postgres, copied],
    ["copy PostgreSQL → SQLite", postgres, sqlite, copied],
    ["import --all SQLite → SQLite", sqlite, sqlite, imported],
    ["import --all PostgreSQL → PostgreSQL", postgres, postgres, imported],
    ["import --all SQLite → PostgreSQL", sqlite, postgres, imported],
  ];
  for (const [name, fromEngine, toEngine, move] of moves)
    skippedWhen(fromEngine.skip || toEngine.skip).it(name, () =>
      onFilledAndEmpty(fromEngine, toEngine, async (from, to) => {
        await assertClean(from.store, RECORDS);
        await move(from.store, to.store);
        await assertClean(to.store, RECORDS);
        assert.deepEqual(
          await registryTables(to, toEngine.name),
          await registryTables(from, fromEngine.name),
        );
        const before = await assignments(to);
        assert.equal(await writeAfter(to), NEXT_LIB);
        await assertClean(to.store, RECORDS + 2);
        // The restore mark is gone with the move: the mint is counted, on top of the moved counts,
        // which stand.
        const after = await assignments(to);
        for (const [bucket, count] of Object.entries(before))
          assert.ok((after[bucket] ?? 0) >= count, bucket);
        assert.equal(
          after["example urn:example:lib- lib registered"],
          (before["example urn:example:lib- lib registered"] ?? 0) + 1,
        );
      }),
    );

  it("a copy stopped part way is reported until it is run again", () =>
    onFilledAndEmpty(sqlite, postgres, async (from, to) => {
      // Stopped after its third committed batch, as a killed process leaves it.
      let committed = 0;
      let through = 0;
      for await (const event of copyRegistry(from.store, to.store, {
        source: "source.db",
        allowNonEmpty: false,
        limits,
      }))
        if ("committed" in event) {
          through = event.lines[1];
          if (++committed === 3) break;
        }
      const checkpoint = await to.store.transfer.copyCheckpoint();
      assert.equal(checkpoint?.line, through);
      const stopped = await verifyRegistry(to.store);
      assert.equal(stopped.ok, false);
      assert.deepEqual(stopped.findings, [
        {
          check: "copy",
          code: "copy-unfinished",
          object: "copy_checkpoint",
          problem: `a copy from source.db, begun ${checkpoint?.started}, stopped after line ${through} of its export: the registry is incomplete`,
          expected: `the copy finished: run the same urnkit copy --from source.db again, which resumes after line ${through}`,
        },
      ]);
      await copied(from.store, to.store);
      await assertClean(to.store, RECORDS);
      assert.deepEqual(await registryTables(to, "postgres"), await registryTables(from, "sqlite"));
    }));

  it("a copy whose identity sequences were left at 1 (ids written as they came) is reported", () =>
    onFilledAndEmpty(sqlite, postgres, async (from, to) => {
      await copied(from.store, to.store);
      // What a copy that wrote the source's ids without moving the sequences would leave.
      const identities = await to.rawRows(
        `(SELECT c.relname AS "table", a.attname AS "column"
          FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
            AND a.attidentity <> '') identities ORDER BY 1`,
      );
      const expected: string[] = [];
      for (const { table, column } of identities as { table: string; column: string }[]) {
        await to.rawExec(
          `SELECT setval(pg_get_serial_sequence('${table}', '${column}'), 1, false)`,
        );
        const ids = (await to.rawRows(table)).map((r) => Number(r[column]));
        if (ids.length > 0)
          expected.push(
            `sequence of ${table}.${column}: it gives 1 next, but ids up to ${Math.max(...ids)} are taken: inserts would fail`,
          );
      }
      // Among them the tables every registry fills.
      for (const table of ["records", "locators", "tokens", "audit"])
        assert.ok(
          expected.some((line) => line.startsWith(`sequence of ${table}.id:`)),
          table,
        );
      const report = await verifyRegistry(to.store);
      assert.deepEqual(
        report.findings.map((f) => `${f.object}: ${f.problem}`),
        expected,
      );
      assert.ok(report.findings.every((f) => f.code === "id-sequence-behind"));
    }));

  for (const [name, fromEngine, toEngine] of [
    ["SQLite → PostgreSQL", sqlite, postgres],
    ["PostgreSQL → SQLite", postgres, sqlite],
  ] as const)
    it(`a copy ${name} whose prefix sequence stands behind its minted URNs is reported`, () =>
      onFilledAndEmpty(fromEngine, toEngine, async (from, to) => {
        await copied(from.store, to.store);
        // As a copy that did not carry where the sequence stands would leave it: at 1, with the
        // numbers 1 to 5 registered (2 minted, 3 reserved) and the audit log saying so.
        await withTriggerLifted(
          to,
          "prefixes",
          "prefixes_sequence_forward",
          "UPDATE prefixes SET next = 1 WHERE prefix = 'urn:example:lib-'",
        );
        // The copy carried the audit log: it says numbers up to 5 were taken, and it holds the
        // five records' creation, so they are left to it (no finding of their own).
        assert.deepEqual((await verifyRegistry(to.store)).findings, [
          {
            check: "sequences",
            code: "sequence-behind",
            object: "prefix urn:example:lib-",
            problem: "its sequence stands at 1, but the audit log records numbers taken up to 5",
            expected: "next at least 6",
          },
        ]);
      }));
});
