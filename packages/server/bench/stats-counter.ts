// `node --import tsx bench/stats-counter.ts`: what counting a resolution costs, apart from the
// server. 1. ResolutionCounter.add for 1M resolutions of random URNs over 1,000 prefixes (the
// server bench's layout), with a browser's User-Agent: nanoseconds of CPU a call. 2. A flush of
// the distinct URNs that gives, into SQLite's URN log: CPU milliseconds, and microseconds a URN.

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { URN } from "@urnkit/core";
import { type Counted, ResolutionCounter } from "../src/stats/resolution-counts.js";
import type { Namespace } from "../src/storage/namespaces.js";
import { PrefixRoutes } from "../src/storage/prefix-routes.js";
import { SqliteStore } from "../src/storage/sqlite/sqlite-store.js";

const CALLS = 1_000_000;
const RECORDS = 1_000_000;
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const pad = (n: number) => String(n).padStart(7, "0");

const routes = new PrefixRoutes(
  Array.from({ length: 1000 }, (_, p) => ({
    prefix: `urn:bench:${String(p).padStart(4, "0")}`,
    organisation: `org-${p % 5}`,
    delegate: null,
  })),
);
const ns = { nid: "bench", routes } as Namespace;
const view = (id: number) =>
  ({
    id,
    urn: "",
    status: "active",
    best: null,
    successor: null,
    reason: null,
    deactivated: null,
  }) as const;
// Lookups made up front: the bench times the counting, not the parsing.
const lookups: Counted[] = Array.from({ length: 100_000 }, () => {
  const n = 1 + Math.floor(Math.random() * RECORDS);
  const key = `urn:bench:${pad(n)}`;
  return { kind: "found", urn: new URN(key), key, ns, owner: routes.owner(key), view: view(n) };
});

const dir = mkdtempSync(join(tmpdir(), "urnkit-stats-bench-"));
try {
  const store = new SqliteStore({ filename: join(dir, "stats.db") });
  await store.migrate();
  const counter = new ResolutionCounter(store, { flushMs: 3_600_000 });
  for (let i = 0; i < 100_000; i++)
    counter.add(lookups[i % lookups.length] as Counted, "redirect", USER_AGENT);
  await counter.flush(); // warm-up
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const t0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++)
    counter.add(lookups[i % lookups.length] as Counted, "redirect", USER_AGENT);
  const addNs = (cpuMs(t0) * 1e6) / CALLS;
  const distinct = new Set(lookups.map((l) => l.key)).size;
  const t1 = process.cpuUsage();
  await counter.flush();
  const flushMs = cpuMs(t1);
  console.log(
    `ResolutionCounter.add: ${addNs.toFixed(0)} ns of CPU a resolution (${CALLS} calls); flush of ${distinct} URNs (appended to the URN log in chunks) into SQLite: ${flushMs.toFixed(0)} ms of CPU = ${((flushMs * 1000) / distinct).toFixed(2)} us a URN; load ${(loadavg()[0] as number).toFixed(2)}`,
  );
  await counter.close();
  await store.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
