// `npm run bench:verify` (not in CI): `urnkit verify` (verifyRegistry) of a generated registry of
// VERIFY_RECORDS records (default 1M), on each engine: every record under one prefix as minting
// writes its numbers (so the sequence check reads them all), one locator each, an identifier for
// every tenth, a successor link for every hundredth, a day of statistics for a tenth of them
// rolled up and a day's worth still in the URN log. Records are generated in SQL, not through the
// API; the statistics through the store. Each engine's registry is verified VERIFY_ROUNDS times
// (default 3); every line carries the 1-minute load average.
//
// VERIFY_RECORDS=1000000  VERIFY_ENGINES=sqlite,postgres  VERIFY_ROUNDS=3
// PostgreSQL runs when URNKIT_BENCH_PG (or URNKIT_TEST_PG) names a server; a fresh database on
// it, dropped at the end.

import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { DEFAULT_POLICY } from "../src/storage/prefixes.js";
import type { UrnResolutionStat } from "../src/storage/stats.js";
import type { Store } from "../src/storage/store.js";
import { verifyRegistry } from "../src/verify/verify-registry.js";
import { type Scratch, scratchPostgresStore, scratchSqliteStore } from "./scratch-store.js";

const RECORDS = Number(process.env.VERIFY_RECORDS ?? 1_000_000);
const ROUNDS = Number(process.env.VERIFY_ROUNDS ?? 3);
const PG_SERVER = process.env.URNKIT_BENCH_PG || process.env.URNKIT_TEST_PG || null;
const ENGINES = (process.env.VERIFY_ENGINES ?? (PG_SERVER ? "sqlite,postgres" : "sqlite")).split(
  ",",
);
const PREFIX = "urn:example:p-";
const T0 = "2026-01-01T00:00:00.000Z";
const CHUNK = 250_000;
const actor = { tokenId: null };

const log = (message: string) =>
  process.stderr.write(
    `${new Date().toISOString()} ${message} (load ${(loadavg()[0] as number).toFixed(2)})\n`,
  );

interface Engine extends Scratch<Store> {
  name: string;
  /** Adds records 1 … RECORDS with their locators, identifiers and successor links. */
  generate(): Promise<void>;
}

async function sqliteEngine(): Promise<Engine> {
  const { store, done } = await scratchSqliteStore("verify");
  return {
    name: "sqlite",
    store,
    async generate() {
      const db = store.db;
      for (let a = 0; a < RECORDS; a += CHUNK) {
        const b = Math.min(RECORDS, a + CHUNK);
        db.transaction(() => {
          db.prepare(
            `WITH RECURSIVE g(n) AS (SELECT @from UNION ALL SELECT n + 1 FROM g WHERE n < @to)
             INSERT INTO records (id, key, urn, nid, status, organisation, prefix, created, updated)
             SELECT n, @prefix || printf('%09d', n), @prefix || printf('%09d', n), 'example', 'active',
               'org-a', @prefix, @t, @t FROM g`,
          ).run({ from: a + 1, to: b, prefix: PREFIX, t: T0 });
          db.prepare(
            `INSERT INTO locators (record_id, url, created, owner)
             SELECT id, 'https://repository.example/' || id, ?, 'org-a' FROM records
             WHERE id > ? AND id <= ?`,
          ).run(T0, a, b);
          db.prepare(
            `INSERT INTO record_identifiers (organisation, type, value, record_id, created)
             SELECT 'org-a', 'local', 'id-' || id, id, ? FROM records
             WHERE id > ? AND id <= ? AND id % 10 = 0`,
          ).run(T0, a, b);
          db.prepare(
            `INSERT INTO successors (record_id, successor_urn, successor_key, created)
             SELECT id, @prefix || printf('%09d', id + 1), @prefix || printf('%09d', id + 1), @t
             FROM records WHERE id > @from AND id <= @to AND id % 100 = 0`,
          ).run({ prefix: PREFIX, t: T0, from: a, to: b });
        })();
        log(`sqlite: ${b} records`);
      }
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.exec("ANALYZE");
      spawnSync("sync");
    },
    done,
  };
}

async function postgresEngine(server: string): Promise<Engine> {
  const { store, done } = await scratchPostgresStore(server, "verify");
  return {
    name: "postgres",
    store,
    async generate() {
      for (let a = 0; a < RECORDS; a += CHUNK) {
        const b = Math.min(RECORDS, a + CHUNK);
        const c = await store.pool.connect();
        try {
          await c.query("BEGIN");
          await c.query(
            `INSERT INTO records (key, urn, nid, status, organisation, prefix, created, updated)
             SELECT $3 || lpad(g::text, 9, '0'), $3 || lpad(g::text, 9, '0'), 'example', 'active',
               'org-a', $3, $4, $4 FROM generate_series($1::bigint, $2::bigint) g ORDER BY g`,
            [a + 1, b, PREFIX, T0],
          );
          await c.query(
            `INSERT INTO locators (record_id, url, created, owner)
             SELECT id, 'https://repository.example/' || id, $3, 'org-a' FROM records
             WHERE id > $1 AND id <= $2`,
            [a, b, T0],
          );
          await c.query(
            `INSERT INTO record_identifiers (organisation, type, value, record_id, created)
             SELECT 'org-a', 'local', 'id-' || id, id, $3 FROM records
             WHERE id > $1 AND id <= $2 AND id % 10 = 0`,
            [a, b, T0],
          );
          await c.query(
            `INSERT INTO successors (record_id, successor_urn, successor_key, created)
             SELECT id, $4 || lpad((id + 1)::text, 9, '0'), $4 || lpad((id + 1)::text, 9, '0'), $3
             FROM records WHERE id > $1 AND id <= $2 AND id % 100 = 0`,
            [a, b, T0, PREFIX],
          );
          await c.query("COMMIT");
        } finally {
          c.release();
        }
        log(`postgres: ${b} records`);
      }
      await store.pool.query("VACUUM ANALYZE");
      await store.pool.query("CHECKPOINT").catch(() => {});
      spawnSync("sync");
    },
    done,
  };
}

/** A day of resolutions for every tenth record, rolled up, and the next day's still logged. */
async function statistics(store: Store): Promise<void> {
  const bucket = { nid: "example", prefix: PREFIX, organisation: "org-a" };
  for (const day of ["2026-01-02", "2026-01-03"]) {
    const urns: UrnResolutionStat[] = [];
    for (let id = 10; id <= RECORDS; id += 10)
      urns.push({ ...bucket, day, record: id, count: 1, bots: 0 });
    await store.stats.add(
      [{ ...bucket, day, outcome: "redirect", bot: false, count: urns.length }],
      [],
    );
    for (let i = 0; i < urns.length; i += 2000) await store.stats.add([], urns.slice(i, i + 2000));
    if (day === "2026-01-02") while ((await store.stats.rollUpUrnLog("2026-01-03", 1000)) > 0);
  }
}

async function bench(engine: Engine): Promise<void> {
  const { store } = engine;
  await store.namespaces.create({ nid: "example", local: true }, actor);
  await store.organisations.create({ id: "org-a", name: "A" }, actor);
  await store.prefixes.create(
    {
      ...DEFAULT_POLICY,
      width: 9,
      prefix: PREFIX,
      nid: "example",
      organisation: "org-a",
      next: RECORDS + 1,
    },
    actor,
  );
  log(`${engine.name}: generating ${RECORDS} records`);
  await engine.generate();
  await statistics(store);
  log(`${engine.name}: statistics written`);
  for (let round = 1; round <= ROUNDS; round++) {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const report = await verifyRegistry(store);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    if (!report.ok) throw new Error(`verify found problems: ${JSON.stringify(report.findings)}`);
    log(
      `${engine.name}: verify of ${report.records} records, round ${round}: ${seconds.toFixed(1)} s (node CPU ${((used.user + used.system) / 1e6).toFixed(1)} s)`,
    );
  }
}

for (const name of ENGINES) {
  if (name === "postgres" && PG_SERVER === null) {
    log("postgres: no URNKIT_BENCH_PG or URNKIT_TEST_PG, skipped");
    continue;
  }
  const engine =
    name === "sqlite" ? await sqliteEngine() : await postgresEngine(PG_SERVER as string);
  try {
    await bench(engine);
  } finally {
    await engine.done();
  }
}
