// `npm run bench -w @urnkit/server`: loopback only, bounded (about three minutes). The import and
// the urnkit server run the compiled package (dist), as `urnkit import` and `urnkit serve` do.
// 1. Imports 1M records through the NDJSON import pipeline (records/s).
// 2. Serves them with urnkit and with a bare node:http + better-sqlite3 server doing the same one
//    lookup and a 303, all started at once, and loads each in turn at 64 connections in short
//    slices, many times over: requests/s, p50 and p99. Outside its own slices a server is stopped
//    (SIGSTOP), so that none works in another's time (the statistics' writes, timers). The
//    records are spread over 1,000 prefixes of 5 organisations (urn:bench:0000 … urn:bench:0999),
//    and one more prefix is delegated, so every urnkit resolution does the longest-prefix match.
//    BENCH_USER_AGENT sends a User-Agent with every request (the statistics check it for a
//    crawler); BENCH_COUNTING_OFF=1 adds urnkit with statistics counting off to every turn.
// 3. Mints over HTTP with 8 clients on SQLite (bench/mint.ts): URNs/s.
// 4. With BENCH_SUSTAINED_SECONDS, loads one urnkit server that long without a break
//    (bench/sustained.ts); BENCH_URN_LOG_BOUND makes its statistics' URN log reach its bound.
//    BENCH_SLICES and BENCH_SLICE_SECONDS change the number of turns of step 2 (30) and the length
//    of a slice (2 s).

import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LIMITS, DEFAULT_POLICY, importRecords, openSqliteStore } from "../dist/index.js";
import { startListening } from "../test/urnkit-process.js";
import { benchNamespace } from "./bench-namespace.js";
import { hasWrk, type LoadResult, load, pinServer, placement } from "./load.js";
import { benchMint } from "./mint.js";
import { ndjsonChunks } from "./ndjson-chunks.js";
import { load1 } from "./rounds.js";
import { benchSustained } from "./sustained.js";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const CONNECTIONS = 64;
/**
 * Turns of step 2, each a slice of load for every server. Short slices, many of them, alternating:
 * the shared machine's speed drifts by up to a half within minutes, which sequential rounds of
 * 10 s measured as much as the servers; slices seconds apart see the same machine.
 */
const SLICES = Number(process.env.BENCH_SLICES ?? 30);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
const WARM_UP_SECONDS = 3;
/** Seconds of the sustained run after the rounds (bench/sustained.ts); none by default. */
const SUSTAINED_SECONDS = Number(process.env.BENCH_SUSTAINED_SECONDS ?? 0);
/** A User-Agent every request sends (BENCH_USER_AGENT): the statistics check each for a crawler. */
const USER_AGENT = process.env.BENCH_USER_AGENT;
/** urnkit with `serve --delegate-public` on (the bench's URNs are all served, so never delegated). */
const DELEGATE_PUBLIC = process.env.BENCH_DELEGATE_PUBLIC === "1";

const pad = (n: number) => String(n).padStart(7, "0");

/** The 1-minute load average: on a shared machine, the context every figure needs. */

const lines = () =>
  ndjsonChunks(
    1,
    RECORDS,
    (n) =>
      `{"urn":"urn:bench:${pad(n)}","status":"active","locators":[{"url":"https://bench.example/${pad(n)}"}]}`,
  );

/** With BENCH_COUNTING_OFF=1, each round also measures urnkit with statistics counting off. */
const COUNTING_OFF = process.env.BENCH_COUNTING_OFF === "1";

const start = (script: string, db: string, args: string[]) =>
  startListening(fileURLToPath(new URL(script, import.meta.url)), [db, ...args]);

/** CPU seconds a process has used (Linux /proc), or null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / CLK_TCK;
  } catch {
    return null;
  }
}

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

type Measured = LoadResult & { cpuUsPerRequest: number | null };

/** A server under test: started once, warmed up, and stopped (SIGSTOP) but for its slices. */
interface Contender {
  name: string;
  pid: number;
  port: number;
  slices: Measured[];
  kill(): void;
}

const loadOptions = (port: number, dir: string) => ({
  port,
  records: RECORDS,
  connections: CONNECTIONS,
  dir,
  userAgent: USER_AGENT,
});

async function contender(
  name: string,
  script: string,
  db: string,
  dir: string,
  args: string[] = [],
): Promise<Contender> {
  const { proc, port } = await start(script, db, args);
  const pid = proc.pid as number;
  pinServer(pid);
  await load({ ...loadOptions(port, dir), seconds: WARM_UP_SECONDS });
  process.kill(pid, "SIGSTOP");
  return {
    name,
    pid,
    port,
    slices: [],
    kill() {
      proc.removeAllListeners("exit");
      proc.kill("SIGKILL");
    },
  };
}

/**
 * One slice of load for `c`: it runs (timers that fell due while it was stopped included) only
 * for the slice, and its CPU time is read around it.
 */
async function slice(c: Contender, dir: string): Promise<Measured> {
  process.kill(c.pid, "SIGCONT");
  try {
    const before = cpuSeconds(c.pid);
    const result = await load({ ...loadOptions(c.port, dir), seconds: SLICE_SECONDS });
    const after = cpuSeconds(c.pid);
    const cpuUsPerRequest =
      before === null || after === null ? null : ((after - before) * 1e6) / result.requests;
    return { ...result, cpuUsPerRequest };
  } finally {
    process.kill(c.pid, "SIGSTOP");
  }
}

const fmt = (r: Measured) =>
  `${r.rps.toFixed(0).padStart(7)} req/s  p50 ${r.p50ms.toFixed(2)} ms  p99 ${r.p99ms.toFixed(2)} ms  errors ${r.errors}  server CPU ${r.cpuUsPerRequest?.toFixed(1) ?? "?"} us/request`;

if (!hasWrk() && process.getuid?.() === 0)
  spawnSync("apt-get", ["install", "-y", "wrk"], { stdio: "ignore" });

const dir = mkdtempSync(join(tmpdir(), "urnkit-bench-"));
const db = join(dir, "bench.db");
try {
  const store = await openSqliteStore(db);
  await benchNamespace(store, {
    count: 1000,
    name: (p) => `urn:bench:${String(p).padStart(4, "0")}`,
    width: 3,
  });
  const operator = { tokenId: null };
  await store.prefixes.create(
    {
      ...DEFAULT_POLICY,
      modes: ["resolver"],
      width: 3,
      prefix: "urn:bench:x-",
      nid: "bench",
      organisation: "org-0",
      delegate: "https://elsewhere.example/{urn}",
    },
    operator,
  );
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  let created = 0;
  for await (const event of importRecords(store, lines(), {
    actor: { tokenId: null },
    scope: null,
    limits: DEFAULT_LIMITS,
  })) {
    if ("done" in event) created = event.created;
    else if ("error" in event) throw new Error(`import refused line ${event.line}: ${event.error}`);
  }
  const importSeconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const importCpu = process.cpuUsage(cpu0);
  const importCpuSeconds = (importCpu.user + importCpu.system) / 1e6;
  await store.close();
  const importRate = created / importSeconds;
  console.log(
    `import: ${created} records in ${importSeconds.toFixed(1)} s = ${importRate.toFixed(0)} records/s (${(created / importCpuSeconds).toFixed(0)} records per CPU second), ${load1()}`,
  );

  const contenders = [
    await contender("bare node:http", "./bare-server.ts", db, dir),
    await contender("urnkit", "./urnkit-server.ts", db, dir),
    ...(COUNTING_OFF
      ? [await contender("urnkit uncounted", "./urnkit-server.ts", db, dir, ["--no-counting"])]
      : []),
  ];
  const [bareServer, urnkitServer, uncountedServer] = contenders as [
    Contender,
    Contender,
    Contender | undefined,
  ];
  try {
    for (let turn = 1; turn <= SLICES; turn++) {
      // Each server goes first as often as last.
      const order = turn % 2 === 1 ? contenders : [...contenders].reverse();
      for (const c of order) c.slices.push(await slice(c, dir));
      if (turn % 5 === 0 || turn === SLICES)
        console.log(
          `turn ${turn}: ${contenders.map((c) => `${c.name} ${fmt(c.slices.at(-1) as Measured)}`).join("; ")}, ${load1()}`,
        );
    }
  } finally {
    for (const c of contenders) {
      process.kill(c.pid, "SIGCONT");
      c.kill();
    }
  }
  const bare = bareServer.slices;
  const urnkit = urnkitServer.slices;
  const uncounted = uncountedServer?.slices ?? [];
  const median = (xs: readonly number[]) =>
    [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
  const quartiles = (xs: readonly number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) => (sorted[Math.floor((sorted.length - 1) * q)] as number).toFixed(2);
    return `${at(0.25)}–${at(0.75)}`;
  };
  const rps = (rs: readonly Measured[]) => median(rs.map((r) => r.rps));
  const ratio = rps(urnkit) / rps(bare);
  // Each turn's slices run seconds apart: the median of the turns' own ratios is the figure a
  // drift of the machine between turns does not move.
  const ratios = urnkit.map((u, i) => u.rps / (bare[i] as Measured).rps);
  const pairedRatio = median(ratios);
  const p99 = (rs: readonly Measured[]) => median(rs.map((r) => r.p99ms)).toFixed(2);
  console.log(
    `GET /{urn} (${SLICES} turns of ${SLICE_SECONDS}-s slices): urnkit ${rps(urnkit).toFixed(0)} req/s vs bare ${rps(bare).toFixed(0)} req/s (medians) = ${ratio.toFixed(2)}x, median of the turns' own ratios ${pairedRatio.toFixed(2)}x (quartiles ${quartiles(ratios)}; target >= 0.8), median p99 urnkit ${p99(urnkit)} ms (target <= 10), bare ${p99(bare)} ms, delegate-public ${DELEGATE_PUBLIC ? "on" : "off"}, User-Agent ${USER_AGENT === undefined ? "none" : JSON.stringify(USER_AGENT)}, load by ${urnkit[0]?.tool}, ${placement}, ${CONNECTIONS} connections, ${RECORDS} records, ${load1()}`,
  );
  // The workspace's bench-output folder (not versioned).
  const outDir = fileURLToPath(new URL("../../../bench-output/", import.meta.url));
  // CPU per request is steadier than requests/s on a shared machine: the ratio of the two servers'
  // CPU costs is what their requests/s ratio would be with a core each to themselves.
  const cpu = (rs: readonly Measured[]) => {
    const xs = rs.map((r) => r.cpuUsPerRequest).filter((x): x is number => x !== null);
    return xs.length === rs.length && xs.length > 0 ? median(xs) : null;
  };
  const cpuBare = cpu(bare);
  const cpuUrnkit = cpu(urnkit);
  if (cpuBare !== null && cpuUrnkit !== null)
    console.log(
      `server CPU per request (median): urnkit ${cpuUrnkit.toFixed(1)} us vs bare ${cpuBare.toFixed(1)} us = ${(cpuBare / cpuUrnkit).toFixed(2)}x the bare server's efficiency; median of the turns' own ratios ${median(urnkit.map((u, i) => ((bare[i] as Measured).cpuUsPerRequest as number) / (u.cpuUsPerRequest as number))).toFixed(2)}x`,
    );
  const cpuUncounted = cpu(uncounted);
  if (COUNTING_OFF && cpuUrnkit !== null && cpuUncounted !== null)
    console.log(
      `statistics counting (${SLICES} turns): counted ${rps(urnkit).toFixed(0)} req/s vs uncounted ${rps(uncounted).toFixed(0)} req/s = ${(rps(urnkit) / rps(uncounted)).toFixed(2)}x, median of the turns' own ratios ${median(urnkit.map((u, i) => u.rps / (uncounted[i] as Measured).rps)).toFixed(2)}x; server CPU ${cpuUrnkit.toFixed(1)} vs ${cpuUncounted.toFixed(1)} us/request, ${load1()}`,
    );
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, "server.json"),
    `${JSON.stringify({ records: RECORDS, delegatePublic: DELEGATE_PUBLIC, importSeconds, importRate, importCpuSeconds, bare, urnkit, ratio, pairedRatio }, null, 2)}\n`,
  );
  const mint = await benchMint(dir);
  console.log(
    `POST …/prefixes/{prefix}/mint (SQLite, ${mint.clients} clients, ${mint.seconds} s): ${mint.minted} URNs = ${mint.rate.toFixed(0)} URNs/s (target >= 2000; ${mint.perCpuSecond?.toFixed(0) ?? "?"} per server CPU second), errors ${mint.errors}, ${load1()}`,
  );
  if (SUSTAINED_SECONDS > 0)
    await benchSustained({
      db,
      dir,
      records: RECORDS,
      connections: CONNECTIONS,
      seconds: SUSTAINED_SECONDS,
      start: async () => {
        const { proc, port } = await start("./urnkit-server.ts", db, []);
        return { pid: proc.pid as number, port, stop: () => proc.kill("SIGKILL") };
      },
      cpuSeconds,
      report: (line) => console.log(`${line}, ${load1()}`),
    });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
