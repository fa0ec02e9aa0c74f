// `npm run bench:scale` (not in CI): how resolution (RFC 8141 §1.2.1) scales with the registry.
// For each engine it generates records up to each size (default 1M, then 10M), then times
// resolve lookups (the parse, namespace, key and database lookup GET /{urn} does) of existing
// URNs: lookups/s with 16 in flight, p50/p99 latency, and p50/p99 one at a time. A lookup is a
// few B-tree probes, so its cost should barely grow with size. Finally it times an NDJSON import
// of 100k more records through importRecords (COPY on PostgreSQL).
//
// Which URNs are looked up (SCALE_TRAFFIC, a list, each timed and reported on its own row):
// - uniform: every record as likely as any other (the worst case for the cache);
// - zipf: the record of popularity rank k with probability ∝ 1/k^s (SCALE_ZIPF_S, default 1), the
//   shape of real resolution logs, where a few URNs take most requests. Ranks are spread over the
//   table (rank k is record k·A mod N for a prime A above N), as popular URNs are in a registry.
// SCALE_WARM=1 first runs as many lookups again, untimed, drawn afresh from the same traffic: the
// cache as a resolver serving that traffic for a while has it. Without, 20k lookups warm up.
//
// SCALE_SIZES=1000000,10000000  SCALE_ENGINES=sqlite,postgres  SCALE_LOOKUPS=200000
// SCALE_TRAFFIC=uniform,zipf  SCALE_ZIPF_S=1  SCALE_WARM=1  SCALE_IMPORT=100000 (0: no import)
// PostgreSQL runs when URNKIT_BENCH_PG (or URNKIT_TEST_PG) names a server; each run uses a fresh
// database on it, dropped at the end, unless SCALE_PG_DATABASE names one to keep: created if
// absent, grown from the records it holds, never dropped. Generating 50M records takes about an
// hour, so the lookups can then be timed again (on a quiet machine, say) without generating anew. Records are generated in SQL, not through the API, so they
// have no audit rows; the import step goes through the real path. The server's settings
// (shared_buffers, huge_pages, effective_cache_size, random_page_cost) are printed with the
// figures: at 50M records the lookup's index pages fit a 10 GB shared_buffers, and only in huge
// pages does a connection reach them without a page fault each (docs/deploy.md, "A large registry").

import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";
import { importRecords } from "../src/exchange/import/records.js";
import { lookup } from "../src/resolution/resolver.js";
import { DEFAULT_LIMITS } from "../src/server.js";
import type { Store } from "../src/storage/store.js";
import type { TransferStore } from "../src/storage/transfer.js";
import { ndjsonChunks } from "./ndjson-chunks.js";
import { type Scratch, scratchPostgresStore, scratchSqliteStore } from "./scratch-store.js";

const SIZES = (process.env.SCALE_SIZES ?? "1000000,10000000").split(",").map(Number);
const LOOKUPS = Number(process.env.SCALE_LOOKUPS ?? 200_000);
const IMPORT = Number(process.env.SCALE_IMPORT ?? 100_000);
const IN_FLIGHT = 16;
const PG_SERVER = process.env.URNKIT_BENCH_PG || process.env.URNKIT_TEST_PG || null;
const ENGINES = (process.env.SCALE_ENGINES ?? (PG_SERVER ? "sqlite,postgres" : "sqlite")).split(
  ",",
);
const TRAFFIC = (process.env.SCALE_TRAFFIC ?? "uniform,zipf").split(",");
const ZIPF_S = Number(process.env.SCALE_ZIPF_S ?? 1);
const WARM = process.env.SCALE_WARM === "1";
for (const traffic of TRAFFIC)
  if (traffic !== "uniform" && traffic !== "zipf")
    throw new Error(`SCALE_TRAFFIC: ${traffic} is neither uniform nor zipf`);
if (!(ZIPF_S > 0)) throw new Error(`SCALE_ZIPF_S: ${process.env.SCALE_ZIPF_S} is no exponent > 0`);
const CHUNK = 1_000_000;
const T0 = "2026-01-01T00:00:00.000Z";

const urnOf = (n: number) => `urn:example:rec-${String(n).padStart(9, "0")}`;
// Every line carries the 1-minute load average: on a shared machine, the context of each figure.
const log = (message: string) =>
  process.stderr.write(
    `${new Date().toISOString()} ${message} (load ${(loadavg()[0] as number).toFixed(2)})\n`,
  );

/** Lets the OS write out the generated data before anything is timed. */
function flushDisk(): void {
  spawnSync("sync");
}

interface Engine extends Scratch<Store> {
  name: string;
  /** Records generated so far (a kept PostgreSQL database may hold some already). */
  size(): Promise<number>;
  /** Adds records from+1 … to (with one active locator each) straight into the tables. */
  grow(from: number, to: number): Promise<void>;
}

async function sqliteEngine(): Promise<Engine> {
  const { store, done } = await scratchSqliteStore("scale");
  return {
    name: "sqlite",
    store,
    size: async () => 0,
    async grow(from, to) {
      const db = store.db;
      for (let a = from; a < to; a += CHUNK) {
        const b = Math.min(to, a + CHUNK);
        db.transaction(() => {
          db.prepare(
            `WITH RECURSIVE g(n) AS (SELECT ? UNION ALL SELECT n + 1 FROM g WHERE n < ?)
             INSERT INTO records (id, key, urn, nid, status, created, updated)
             SELECT n, 'urn:example:rec-' || printf('%09d', n), 'urn:example:rec-' || printf('%09d', n),
               'example', 'active', ?, ? FROM g`,
          ).run(a + 1, b, T0, T0);
          db.prepare(
            `INSERT INTO locators (record_id, url, priority, active, created)
             SELECT id, 'https://repository.example/' || id, 0, 1, ? FROM records WHERE id > ? AND id <= ?`,
          ).run(T0, a, b);
        })();
        log(`sqlite: ${b} records`);
      }
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.exec("ANALYZE");
      flushDisk();
    },
    done,
  };
}

async function postgresEngine(server: string): Promise<Engine> {
  const kept = process.env.SCALE_PG_DATABASE || null;
  if (kept !== null && !/^[a-z_][a-z0-9_]*$/.test(kept))
    throw new Error(`SCALE_PG_DATABASE: ${kept} is not a plain lower-case database name`);
  const { store, done } = await scratchPostgresStore(server, "scale", {
    kept,
    poolSize: IN_FLIGHT,
  });
  const settings = await store.pool.query<{ name: string; setting: string }>(
    `SELECT name, current_setting(name) AS setting FROM pg_settings
     WHERE name IN ('shared_buffers', 'huge_pages', 'effective_cache_size', 'random_page_cost')
     ORDER BY name`,
  );
  log(`postgres: ${settings.rows.map((r) => `${r.name} = ${r.setting}`).join(", ")}`);
  return {
    name: "postgres",
    store,
    async size() {
      const result = await store.pool.query<{ size: string }>(
        "SELECT coalesce(max(id), 0) AS size FROM records",
      );
      return Number(result.rows[0]?.size);
    },
    async grow(from, to) {
      if (from >= to) return;
      // The secondary indexes (neither primary key nor unique; no lookup reads them) dropped while
      // generating and built again from their own definitions afterwards, as a bulk load does:
      // kept up row by row, the full-text one alone made 50M records a matter of hours.
      const secondary = await store.pool.query<{ name: string; definition: string }>(
        `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
         FROM pg_index WHERE indrelid IN ('records'::regclass, 'locators'::regclass)
           AND NOT indisunique ORDER BY 1`,
      );
      for (const index of secondary.rows) await store.pool.query(`DROP INDEX ${index.name}`);
      for (let a = from; a < to; a += CHUNK) {
        const b = Math.min(to, a + CHUNK);
        const c = await store.pool.connect();
        try {
          await c.query("BEGIN");
          await c.query(
            `INSERT INTO records (key, urn, nid, status, created, updated)
             SELECT 'urn:example:rec-' || lpad(g::text, 9, '0'), 'urn:example:rec-' || lpad(g::text, 9, '0'),
               'example', 'active', $3, $3 FROM generate_series($1::bigint, $2::bigint) g ORDER BY g`,
            [a + 1, b, T0],
          );
          await c.query(
            `INSERT INTO locators (record_id, url, created)
             SELECT id, 'https://repository.example/' || id, $3 FROM records WHERE id > $1 AND id <= $2`,
            [a, b, T0],
          );
          await c.query("COMMIT");
        } finally {
          c.release();
        }
        log(`postgres: ${b} records`);
      }
      for (const index of secondary.rows) {
        await store.pool.query(index.definition);
        log(`postgres: ${index.name} built`);
      }
      await store.pool.query("VACUUM ANALYZE");
      // Write the generated rows out now, or the timed steps pay for flushing them (CHECKPOINT
      // needs a superuser or pg_checkpoint; without, the flush stays in the figures).
      await store.pool.query("CHECKPOINT").catch(() => {});
      flushDisk();
    },
    done,
  };
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] as number;
}

/** Record numbers 1 … size, each draw independent. */
type Draw = () => number;

const uniform =
  (size: number): Draw =>
  () =>
    1 + Math.floor(Math.random() * size);

/** A prime above any size benchmarked: rank → record is a bijection on 1 … size. */
const SPREAD = 2_654_435_761;

/**
 * Zipf-like popularity over `size` records: rank k drawn with probability ∝ ∫ₖᵏ⁺¹ x^-s dx (the
 * continuous law, inverted in closed form; within a few percent of 1/k^s beyond the first ranks),
 * then rank k taken to record (k−1)·A mod size + 1, which scatters the popular ones.
 */
function zipf(size: number, s: number): Draw {
  const spread = SPREAD % size;
  const rank =
    s === 1
      ? () => Math.floor((size + 1) ** Math.random())
      : () => {
          const top = (size + 1) ** (1 - s);
          return Math.floor((1 + Math.random() * (top - 1)) ** (1 / (1 - s)));
        };
  return () => {
    const k = Math.min(size, Math.max(1, rank()));
    // (k−1)·spread < size² ≤ 2.5e15 for 50M: exact in a double.
    return (((k - 1) * spread) % size) + 1;
  };
}

/** URNs drawn by `draw` looked up `count` times, `inFlight` at once. */
async function timeLookups(store: Store, draw: Draw, count: number, inFlight: number) {
  const latencies = new Float64Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const urn = urnOf(draw());
      const t = performance.now();
      const found = await lookup(store, urn);
      latencies[i] = performance.now() - t;
      if (found.kind !== "found") throw new Error(`${urn} not found (${found.kind})`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort();
  return {
    rate: count / seconds,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

const importLines = (from: number, count: number) =>
  ndjsonChunks(from + 1, from + count, (n) =>
    JSON.stringify({
      urn: urnOf(n),
      status: "active",
      locators: [{ url: `https://repository.example/${n}` }],
    }),
  );

/**
 * Records/s of the whole import, and of its database part alone: the time at least one batch
 * was in the engine's hands (with PostgreSQL's import sequence, batches overlap).
 */
async function timeImport(store: Store, from: number): Promise<{ all: number; batches: number }> {
  let inBatches = 0;
  let busy = 0;
  let since = 0;
  const timed = <T>(work: Promise<T>): Promise<T> => {
    if (busy++ === 0) since = performance.now();
    return work.finally(() => {
      if (--busy === 0) inBatches += performance.now() - since;
    });
  };
  // Own properties shadow the concern's methods for this run only (deleted below).
  const transfer: TransferStore = store.transfer;
  const { importBatch, importSequence } = transfer;
  transfer.importBatch = (items, actor) => timed(importBatch.call(store.transfer, items, actor));
  if (importSequence !== undefined)
    transfer.importSequence = (actor) => {
      const sequence = importSequence.call(store.transfer, actor);
      return sequence === null
        ? null
        : { depth: sequence.depth, send: (items) => timed(sequence.send(items)) };
    };
  const started = performance.now();
  let created = 0;
  try {
    for await (const event of importRecords(store, importLines(from, IMPORT), {
      actor: { tokenId: null },
      scope: null,
      limits: DEFAULT_LIMITS,
    }))
      if ("done" in event) created = event.created;
  } finally {
    delete transfer.importSequence;
    delete (transfer as Partial<TransferStore>).importBatch;
  }
  if (created !== IMPORT) throw new Error(`imported ${created} of ${IMPORT}`);
  return {
    all: IMPORT / ((performance.now() - started) / 1000),
    batches: IMPORT / (inBatches / 1000),
  };
}

const rows: string[] = [];
const imports: string[] = [];
const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits });

for (const name of ENGINES) {
  if (name === "postgres" && PG_SERVER === null) {
    log("postgres skipped: set URNKIT_BENCH_PG (or URNKIT_TEST_PG) to a server");
    continue;
  }
  const engine =
    name === "postgres" ? await postgresEngine(PG_SERVER as string) : await sqliteEngine();
  try {
    let size = await engine.size();
    if (size === 0)
      await engine.store.namespaces.create({ nid: "example", local: true }, { tokenId: null });
    else log(`${name}: ${fmt(size)} records there already`);
    for (const target of SIZES) {
      if (target < size)
        throw new Error(`SCALE_SIZES: ${target} is below the ${size} records there`);
      const started = performance.now();
      await engine.grow(size, target);
      size = target;
      log(
        `${name}: ${fmt(size)} records generated in ${fmt((performance.now() - started) / 1000)} s`,
      );
      for (const traffic of TRAFFIC) {
        const draw = traffic === "zipf" ? zipf(size, ZIPF_S) : uniform(size);
        const warmup = WARM ? LOOKUPS : Math.min(LOOKUPS, 20_000);
        await timeLookups(engine.store, draw, warmup, IN_FLIGHT);
        const many = await timeLookups(engine.store, draw, LOOKUPS, IN_FLIGHT);
        const one = await timeLookups(engine.store, draw, Math.min(LOOKUPS, 50_000), 1);
        const shape = traffic === "zipf" ? `zipf s=${ZIPF_S}` : "uniform";
        rows.push(
          `| ${name} | ${fmt(size)} | ${shape}${WARM ? ", warm" : ""} | ${fmt(many.rate)} | ${fmt(many.p50, 3)} | ${fmt(many.p99, 3)} | ${fmt(one.p50, 3)} | ${fmt(one.p99, 3)} |`,
        );
        log(rows[rows.length - 1] as string);
      }
    }
    if (IMPORT === 0) continue;
    const rate = await timeImport(engine.store, size);
    imports.push(
      `| ${name} | ${fmt(IMPORT)} into ${fmt(size)} | ${fmt(rate.all)} | ${fmt(rate.batches)} |`,
    );
    log(imports[imports.length - 1] as string);
  } finally {
    await engine.done();
  }
}

process.stdout.write(
  [
    `| engine | records | traffic | lookups/s (${IN_FLIGHT} in flight) | p50 ms | p99 ms | p50 ms (1 at a time) | p99 ms (1 at a time) |`,
    "|---|---:|---|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    "| engine | NDJSON records imported | records/s, whole import | records/s, database part |",
    "|---|---:|---:|---:|",
    ...imports,
    "",
  ].join("\n"),
);
