// `npm run bench:copy -w @urnkit/server`: `urnkit copy` of BENCH_RECORDS records (default 1M, one
// locator and a little metadata each, in one namespace with 100 prefixes of 5 organisations) from
// SQLite to PostgreSQL, then from that PostgreSQL database to a new SQLite file, as the command
// runs it (copyRegistry, the compiled package). Reported for each: records/s, the process's
// resident memory at each tenth of the copy (flat when the copy streams) and its peak, how long
// the records and the audit rows took each, the CPU time of the process and of the whole machine
// (the database's included: of how many CPU-seconds the run had), the machine's load before and
// after, since the machine may be shared, and a calibration of its speed. Needs URNKIT_TEST_PG.

import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { copyRegistry, DEFAULT_LIMITS, importRecords, type Store } from "../dist/index.js";
import { TEST_PG } from "../test/pg-database.js";
import { benchNamespace } from "./bench-namespace.js";
import { ndjsonChunks } from "./ndjson-chunks.js";
import { roundStore } from "./round-store.js";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const operator = { tokenId: null };
const load1 = () => (loadavg()[0] as number).toFixed(2);
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;
const pad = (n: number) => String(n).padStart(7, "0");

/** Seconds the machine's CPUs have been busy (every process: the database's too), from /proc. */
function machineBusy(): number {
  const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/) ?? [];
  const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
  );
}

const lines = () =>
  ndjsonChunks(
    1,
    RECORDS,
    (n) =>
      `{"urn":"urn:bench:${String(n % 100).padStart(2, "0")}-${pad(n)}","status":"active","locators":[{"url":"https://bench.example/${pad(n)}"}],"metadata":{"n":${n}}}`,
  );

async function fill(store: Store): Promise<void> {
  await benchNamespace(store, {
    count: 100,
    name: (p) => `urn:bench:${String(p).padStart(2, "0")}-`,
    width: 7,
  });
  for await (const event of importRecords(store, lines(), {
    actor: operator,
    scope: null,
    limits: DEFAULT_LIMITS,
  }))
    if ("error" in event) throw new Error(`line ${event.line}: ${event.error}`);
}

/**
 * The machine's speed just now, for comparing runs: its CPUs' speed drifts by up to a fifth within
 * minutes on a shared host, whatever the load says. JSON round trips of 1,000 record lines a
 * second for half a second, on one core (work like the copy's own; higher is faster).
 */
function calibration(): number {
  const lines = Array.from({ length: 1000 }, (_, n) => ({
    record: { urn: `urn:bench:${n}`, status: "active", locators: [{ url: `https://b/${n}` }] },
  }));
  const t0 = performance.now();
  let rounds = 0;
  while (performance.now() - t0 < 500) {
    JSON.parse(JSON.stringify(lines));
    rounds += 1;
  }
  return Math.round(rounds / ((performance.now() - t0) / 1000));
}

async function copy(from: Store, to: Store, name: string): Promise<string> {
  const speed = calibration();
  const before = load1();
  const rss: number[] = [];
  let records = 0;
  let tenth = 1;
  /** Seconds from the start to each kind's first and last batch. */
  const phases = new Map<string, [number, number]>();
  const cpu = process.cpuUsage();
  const busy = machineBusy();
  const t0 = performance.now();
  for await (const event of copyRegistry(from, to, {
    source: name,
    allowNonEmpty: false,
    limits: DEFAULT_LIMITS,
  })) {
    if ("stopped" in event) throw new Error(`line ${event.line}: ${event.error}`);
    if ("batch" in event) {
      const at = (performance.now() - t0) / 1000;
      phases.set(event.kind, [phases.get(event.kind)?.[0] ?? at, at]);
    }
    if ("batch" in event && event.kind === "record") {
      records += event.created;
      while (records >= (tenth * RECORDS) / 10) {
        rss.push(process.memoryUsage().rss);
        tenth += 1;
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  const peak = process.resourceUsage().maxRSS * 1024;
  const used = process.cpuUsage(cpu);
  const machine = machineBusy() - busy;
  const phase = (kind: string) => {
    const [first, last] = phases.get(kind) ?? [0, 0];
    return `${kind} lines ${first.toFixed(1)}–${last.toFixed(1)} s`;
  };
  return `${name}: ${records} records in ${seconds.toFixed(1)} s = ${Math.round(records / seconds)} records/s (${phase("record")}, ${phase("audit")}; CPU of this process ${((used.user + used.system) / 1e6).toFixed(1)} s, of the machine ${machine.toFixed(1)} s of ${(seconds * cpus().length).toFixed(1)}); RSS by tenths ${rss.map(mb).join(", ")}; peak ${mb(peak)} (load ${before} → ${load1()}; calibration ${speed} round trips/s before)`;
}

if (TEST_PG === null)
  throw new Error("the copy bench needs a PostgreSQL server: set URNKIT_TEST_PG");
const source = await roundStore("sqlite");
const middle = await roundStore("postgres");
const back = await roundStore("sqlite");
try {
  const t0 = performance.now();
  await fill(source.store);
  console.log(
    `source: ${RECORDS} records imported into SQLite in ${((performance.now() - t0) / 1000).toFixed(1)} s (load ${load1()})`,
  );
  console.log(await copy(source.store, middle.store, "SQLite → PostgreSQL"));
  console.log(await copy(middle.store, back.store, "PostgreSQL → SQLite"));
} finally {
  await source.done();
  await middle.done();
  await back.done();
}
