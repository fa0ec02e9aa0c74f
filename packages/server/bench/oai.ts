// `npm run bench:oai -w @urnkit/server` (not in CI): how fast the OAI-PMH provider streams a
// whole ListRecords harvest, and whether its memory stays flat. For each engine it imports
// OAI_BENCH_RECORDS records (default 1M; through the NDJSON import, one locator and a title
// each), serves them on loopback and harvests the whole list across resumption tokens in oai_dc
// and in the native format, reading each response as a stream and keeping only its tail (for
// the token): records/s, and the process's memory before, at its peak during, and after the
// harvest: RSS, and its anonymous part (Linux RssAnon), which leaves out the database file's
// pages SQLite maps into memory (mmap_size, storage/sqlite/sqlite-store.ts), so that growth of
// the heap or of buffers shows. Server and harvester share the process, so the figures bound both.
//
// OAI_BENCH_RECORDS=1000000  OAI_BENCH_PAGE=500  OAI_BENCH_ENGINES=sqlite,postgres
// PostgreSQL runs when URNKIT_TEST_PG names a server (a fresh database on it, dropped after).

import { readFileSync } from "node:fs";
import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { buildServer, DEFAULT_LIMITS, importRecords } from "../dist/index.js";
import { TEST_PG } from "../test/pg-database.js";
import { ndjsonChunks } from "./ndjson-chunks.js";
import { roundStore } from "./round-store.js";

const RECORDS = Number(process.env.OAI_BENCH_RECORDS ?? 1_000_000);
const PAGE = Number(process.env.OAI_BENCH_PAGE ?? 500);
const ENGINES = (process.env.OAI_BENCH_ENGINES ?? (TEST_PG ? "sqlite,postgres" : "sqlite")).split(
  ",",
);
const actor = { tokenId: null };
const MB = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MB`;

/** RSS and its anonymous part (from /proc/self/status; RSS again where there is none). */
function memory(): { rss: number; anon: number } {
  const rss = process.memoryUsage().rss;
  try {
    const kb = /RssAnon:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1];
    return { rss, anon: kb === undefined ? rss : Number(kb) * 1024 };
  } catch {
    return { rss, anon: rss };
  }
}
const log = (message: string) =>
  console.log(`${message} (load ${(loadavg()[0] as number).toFixed(2)})`);

const lines = () =>
  ndjsonChunks(1, RECORDS, (n) => {
    const id = String(n).padStart(7, "0");
    return `{"urn":"urn:bench:${id}","status":"active","locators":[{"url":"https://bench.example/${id}"}],"metadata":{"title":"Item ${id}"}}`;
  });

/** One response, streamed: its records counted, its resumption token (if any) read from the tail. */
function page(url: string): Promise<{ records: number; token: string | null }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      res.setEncoding("utf8");
      let records = 0;
      let tail = "";
      res.on("data", (chunk: string) => {
        const text = tail + chunk;
        let at = text.indexOf("<record>");
        while (at >= 0) {
          records += 1;
          at = text.indexOf("<record>", at + 8);
        }
        // Keep what a marker or the token may span; counted markers are cut off the front.
        const keep = text.slice(-4096);
        const counted = keep.lastIndexOf("<record>");
        tail = counted >= 0 ? keep.slice(counted + 8) : keep;
      });
      res.on("end", () => {
        const m = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(tail);
        resolve({ records, token: m?.[1] ?? null });
      });
      res.on("error", reject);
    }).on("error", reject);
  });
}

async function harvest(base: string, prefix: string) {
  global.gc?.();
  const before = memory();
  const peak = { ...before };
  const sample = () => {
    const m = memory();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.anon = Math.max(peak.anon, m.anon);
  };
  const sampler = setInterval(sample, 50);
  const t0 = process.hrtime.bigint();
  let total = 0;
  let pages = 0;
  let next: string | null = `${base}?verb=ListRecords&metadataPrefix=${prefix}`;
  while (next !== null) {
    const { records, token } = await page(next);
    total += records;
    pages += 1;
    next = token === null ? null : `${base}?verb=ListRecords&resumptionToken=${token}`;
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  clearInterval(sampler);
  sample();
  return { total, pages, seconds, before, peak, after: memory() };
}

for (const engine of ENGINES) {
  const { store, done } = await roundStore(engine);
  try {
    await store.namespaces.create({ nid: "bench", local: true }, actor);
    const t0 = Date.now();
    for await (const event of importRecords(store, lines(), {
      actor,
      scope: null,
      limits: DEFAULT_LIMITS,
    }))
      if ("error" in event) throw new Error(`import refused line ${event.line}: ${event.error}`);
    log(`${engine}: imported ${RECORDS} records in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const app = await buildServer({ store, oai: { pageSize: PAGE } });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/oai`;
    try {
      for (const prefix of ["oai_dc", "urnkit", "oai_dc"]) {
        const r = await harvest(base, prefix);
        if (r.total !== RECORDS) throw new Error(`harvested ${r.total} of ${RECORDS} records`);
        log(
          `${engine} ListRecords ${prefix}: ${r.total} records in ${r.pages} pages of ${PAGE}, ${r.seconds.toFixed(1)} s = ${(r.total / r.seconds).toFixed(0)} records/s; RSS ${MB(r.before.rss)} before, ${MB(r.peak.rss)} peak, ${MB(r.after.rss)} after; anonymous ${MB(r.before.anon)} / ${MB(r.peak.anon)} / ${MB(r.after.anon)}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await done();
  }
}
