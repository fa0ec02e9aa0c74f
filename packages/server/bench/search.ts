// `npm run bench:search -w @urnkit/server`: listing, search and reverse lookup at scale, on each
// engine. It imports SEARCH_RECORDS records (default 1M) through the NDJSON import pipeline, so
// the full-text and URL indexes are kept by the same path as in production, spread over 1,000
// prefixes (urn:bench:0000- … urn:bench:0999-, 1,000 records each) with a title of three words
// from a 2,000-word vocabulary (each word in about 1,500 records) and one locator each. Then, one
// request at a time over loopback HTTP, it times
//   GET /api/v1/urns?prefix={random prefix}          first page (100)   target p99 <= 20 ms
//   GET /api/v1/urns?q={random word}                 first page (100)   target p99 <= 100 ms
//   GET /api/v1/urns?q=report (a word of every record) first page (100)
//   GET /api/v1/urns?url={random record's locator}   exact lookup       target p50 <= 1 ms
// and what the indexes cost an import: SEARCH_IMPORT records (default 200k) imported into fresh
// databases with the search indexes and without them (dropped first), in alternating pairs.
//
// SEARCH_RECORDS=1000000 SEARCH_REQUESTS=1000 SEARCH_IMPORT=200000 (0: skip) SEARCH_ENGINES=sqlite,postgres
// PostgreSQL runs when URNKIT_BENCH_PG (or URNKIT_TEST_PG) names a server (a fresh database each).

import { loadavg } from "node:os";
import type pg from "pg";
import { importRecords } from "../src/exchange/import/records.js";
import { buildServer, DEFAULT_LIMITS } from "../src/server.js";
import type { Store } from "../src/storage/store.js";
import { ndjsonChunks } from "./ndjson-chunks.js";
import { type Scratch, scratchPostgresStore, scratchSqliteStore } from "./scratch-store.js";

const RECORDS = Number(process.env.SEARCH_RECORDS ?? 1_000_000);
const REQUESTS = Number(process.env.SEARCH_REQUESTS ?? 1000);
const IMPORT = Number(process.env.SEARCH_IMPORT ?? 200_000);
const PG_SERVER = process.env.URNKIT_BENCH_PG || process.env.URNKIT_TEST_PG || null;
const ENGINES = (process.env.SEARCH_ENGINES ?? (PG_SERVER ? "sqlite,postgres" : "sqlite")).split(
  ",",
);
const actor = { tokenId: null };

const log = (message: string) =>
  process.stderr.write(
    `${new Date().toISOString()} ${message} (load ${(loadavg()[0] as number).toFixed(2)})\n`,
  );

/** A deterministic word list: "w" and a base-36 number, so no word is a stem of another. */
const VOCABULARY = Array.from({ length: 2000 }, (_, i) => `w${i.toString(36)}x`);
const word = (n: number, k: number) =>
  VOCABULARY[(n * 7919 + k * 104729) % VOCABULARY.length] as string;
const urnOf = (n: number) =>
  `urn:bench:${String(n % 1000).padStart(4, "0")}-${String(n).padStart(7, "0")}`;
const urlOf = (n: number) => `https://Bench.Example/items/${n}`;

const lines = (count: number) =>
  ndjsonChunks(1, count, (n) =>
    JSON.stringify({
      urn: urnOf(n),
      status: "active",
      locators: [{ url: urlOf(n) }],
      metadata: { title: `${word(n, 0)} ${word(n, 1)} ${word(n, 2)} report ${n}` },
    }),
  );

interface Opened extends Scratch<Store> {
  /** Drops the search indexes and triggers (the import-cost baseline). */
  dropSearch(): Promise<void>;
}

async function open(engine: string): Promise<Opened> {
  if (engine === "sqlite") {
    const { store, done } = await scratchSqliteStore("search");
    return {
      store,
      async dropSearch() {
        store.db.exec(
          "DROP TRIGGER records_search_insert; DROP TRIGGER records_search_update; DROP INDEX locators_by_url_key;",
        );
      },
      done,
    };
  }
  const { store, done } = await scratchPostgresStore(PG_SERVER as string, "search");
  return {
    store,
    async dropSearch() {
      await store.pool.query(
        "DROP INDEX records_search; DROP INDEX locators_by_url_key; ALTER TABLE locators DROP COLUMN url_key",
      );
    },
    done,
  };
}

/** Imports `count` records; records/s. */
async function importInto(store: Store, count: number): Promise<number> {
  await store.namespaces.create({ nid: "bench", local: true }, actor);
  const t0 = process.hrtime.bigint();
  let created = 0;
  for await (const event of importRecords(store, lines(count), {
    actor,
    scope: null,
    limits: DEFAULT_LIMITS,
  })) {
    if ("done" in event) created = event.created;
    else if ("error" in event) throw new Error(`import refused line ${event.line}: ${event.error}`);
  }
  return created / (Number(process.hrtime.bigint() - t0) / 1e9);
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] as number;

/** The server's time for each request, in ms (filled by the onResponse hook). */
const served: number[] = [];

/**
 * `REQUESTS` GETs one at a time; checks each answer with `check`; p50 and p99 in ms as the client
 * saw them and as the server measured them.
 */
async function time(
  base: string,
  path: (i: number) => string,
  check: (body: { items: { urn: string }[] }, i: number) => void,
): Promise<string> {
  const ms: number[] = [];
  served.length = 0;
  for (let i = 0; i < REQUESTS + 50; i++) {
    const t0 = process.hrtime.bigint();
    const r = await fetch(`${base}${path(i)}`);
    const body = (await r.json()) as { items: { urn: string }[] };
    const elapsed = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 200) throw new Error(`${path(i)}: ${r.status}`);
    check(body, i);
    if (i >= 50) ms.push(elapsed); // the first 50 warm the caches
  }
  const server = served.slice(50);
  return `p50 ${quantile(ms, 0.5).toFixed(2)} ms p99 ${quantile(ms, 0.99).toFixed(2)} ms (server p50 ${quantile(server, 0.5).toFixed(2)} ms p99 ${quantile(server, 0.99).toFixed(2)} ms)`;
}

/** A random number in 1…RECORDS, the same sequence on every engine. */
function sequence(seed: number): (i: number) => number {
  return (i) => (((i + 1) * 2654435761 + seed) % RECORDS) + 1;
}

for (const engine of ENGINES) {
  const opened = await open(engine);
  try {
    log(`${engine}: importing ${RECORDS} records`);
    const rate = await importInto(opened.store, RECORDS);
    log(`${engine}: import with the search indexes ${rate.toFixed(0)} records/s`);
    if (engine === "postgres")
      await (opened.store as unknown as { pool: pg.Pool }).pool.query("VACUUM ANALYZE");
    const app = await buildServer({ store: opened.store });
    // The server's own time for each request (fastify's, from its arrival to the reply sent),
    // beside what the client in this same process sees.
    app.addHook("onResponse", async (_request, reply) => {
      served.push(reply.elapsedTime);
    });
    const base = await app.listen({ host: "127.0.0.1", port: 0 });
    try {
      const pick = sequence(17);
      const prefix = await time(
        base,
        (i) => `/api/v1/urns?prefix=${urnOf(pick(i)).slice(0, 15)}`,
        (b) => {
          if (b.items.length !== Math.min(100, RECORDS / 1000)) throw new Error("prefix page");
        },
      );
      log(`${engine}: GET /api/v1/urns?prefix= first page ${prefix} (target p99 <= 20)`);
      const q = await time(
        base,
        (i) => `/api/v1/urns?q=${word(pick(i), 1)}`,
        (b) => {
          if (b.items.length === 0) throw new Error("no hit");
        },
      );
      log(`${engine}: GET /api/v1/urns?q= first page ${q} (target p99 <= 100)`);
      // The worst case for a word: one every record holds ("report").
      const common = await time(
        base,
        () => "/api/v1/urns?q=report",
        (b) => {
          if (b.items.length !== 100) throw new Error("common word page");
        },
      );
      log(`${engine}: GET /api/v1/urns?q=report (in every record) first page ${common}`);
      const url = await time(
        base,
        (i) => `/api/v1/urns?url=${encodeURIComponent(urlOf(pick(i)).toLowerCase())}`,
        (b, i) => {
          if (b.items[0]?.urn !== urnOf(pick(i))) throw new Error("url lookup");
        },
      );
      log(`${engine}: GET /api/v1/urns?url= ${url} (target p50 <= 1)`);
    } finally {
      await app.close();
    }
  } finally {
    await opened.done();
  }

  // What the indexes cost an import: fresh databases, with and without, alternating.
  if (IMPORT === 0) continue;
  const rates: Record<"with" | "without", number[]> = { with: [], without: [] };
  for (let round = 0; round < 2; round++)
    for (const kind of ["without", "with"] as const) {
      const o = await open(engine);
      try {
        if (kind === "without") await o.dropSearch();
        rates[kind].push(await importInto(o.store, IMPORT));
        log(
          `${engine}: import of ${IMPORT} ${kind} the search indexes: ${rates[kind].at(-1)?.toFixed(0)} records/s`,
        );
      } finally {
        await o.done();
      }
    }
  const best = (xs: number[]) => Math.max(...xs);
  log(
    `${engine}: import ${IMPORT} records, best of 2: with ${best(rates.with).toFixed(0)} records/s, without ${best(rates.without).toFixed(0)} records/s = ${(best(rates.with) / best(rates.without)).toFixed(2)}x`,
  );
}
