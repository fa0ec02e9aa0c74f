// A bounded HTTP load generator for loopback benchmarks: `wrk` when it is installed, otherwise
// keep-alive node:http clients spread over worker threads. Each request asks for a random one of
// the `records` URNs. Where `taskset` works, the load generator gets the last CPU to itself and the
// server the others, so the two never take turns on one core (that shows up as p99 latency that
// belongs to the load generator, not the server).

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

export interface LoadResult {
  tool: string;
  requests: number;
  seconds: number;
  rps: number;
  p50ms: number;
  p99ms: number;
  /** Responses other than the expected status, and socket errors. */
  errors: number;
}

export interface LoadOptions {
  port: number;
  records: number;
  connections: number;
  seconds: number;
  /** Where a wrk script may be written. */
  dir: string;
  /** A User-Agent to send (the statistics tell crawlers apart by it); none by default. */
  userAgent?: string;
  /** Which URNs are asked for: the same 100,000 for the same seed (8141 by default). */
  seed?: number;
}

const pad = (n: number) => String(n).padStart(7, "0");

export function hasWrk(): boolean {
  return spawnSync("wrk", ["--version"]).error === undefined;
}

/** The CPUs for the server and for the load generator, or null when they cannot be split. */
const cpus = (() => {
  const n = availableParallelism();
  if (n < 2 || spawnSync("taskset", ["-c", "0", "true"]).status !== 0) return null;
  return { server: n === 2 ? "0" : `0-${n - 2}`, load: String(n - 1) };
})();

/** Where the server and the load run, for the report. */
export const placement = cpus
  ? `server on CPU ${cpus.server}, load generator on CPU ${cpus.load}`
  : "server and load generator sharing every CPU";

/** Moves every thread of process `pid` to the server's CPUs (when the CPUs can be split). */
export function pinServer(pid: number): void {
  if (cpus) spawnSync("taskset", ["-a", "-p", "-c", cpus.server, String(pid)], { stdio: "ignore" });
}

function withWrk(o: LoadOptions): LoadResult {
  const script = join(o.dir, "bench.lua");
  writeFileSync(
    script,
    `math.randomseed(${o.seed ?? 8141})
-- Requests are formatted up front (in init, once wrk has set the Host header): formatting one
-- per request costs wrk more than the server.
local prepared, n, count = {}, 0, 100000
local headers = ${o.userAgent === undefined ? "nil" : `{ ["User-Agent"] = ${JSON.stringify(o.userAgent)} }`}
init = function()
  for i = 1, count do
    prepared[i] = wrk.format("GET", "/urn:bench:" .. string.format("%07d", math.random(1, ${o.records})), headers)
  end
end
request = function()
  n = n % count + 1
  return prepared[n]
end
done = function(s, latency, requests)
  local e = s.errors
  io.write(string.format("RESULT %d %d %d %d %d\\n", s.requests, s.duration,
    latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))
end
`,
  );
  const wrk = [
    "wrk",
    // Four threads interleave on the load generator's CPU: with one, wrk and the server tend to
    // take turns (each idle while the other works) and neither is measured at full speed.
    "-t",
    "4",
    "-c",
    String(o.connections),
    "-d",
    `${o.seconds}s`,
    "-s",
    script,
    `http://127.0.0.1:${o.port}`,
  ];
  const r = cpus
    ? spawnSync("taskset", ["-c", cpus.load, ...wrk], { encoding: "utf8" })
    : spawnSync(wrk[0] as string, wrk.slice(1), { encoding: "utf8" });
  const m = /RESULT (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(r.stdout);
  if (!m) throw new Error(`wrk failed: ${r.stdout} ${r.stderr}`);
  const [requests, durationUs, p50us, p99us, errors] = m.slice(1).map(Number) as number[];
  const seconds = (durationUs as number) / 1e6;
  return {
    tool: "wrk",
    requests: requests as number,
    seconds,
    rps: (requests as number) / seconds,
    p50ms: (p50us as number) / 1000,
    p99ms: (p99us as number) / 1000,
    errors: errors as number,
  };
}

/** One worker: `connections` sequential keep-alive request loops until the deadline. */
async function workerLoop(
  o: LoadOptions & { until: number; seed: number },
): Promise<{ latencies: number[]; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  let errors = 0;
  let seed = o.seed;
  const next = () => {
    seed = (seed * 1664525 + 1013904223) >>> 0;
    return 1 + (seed % o.records);
  };
  const one = () =>
    new Promise<void>((resolve) => {
      const start = process.hrtime.bigint();
      const req = request(
        {
          port: o.port,
          host: "127.0.0.1",
          path: `/urn:bench:${pad(next())}`,
          agent,
          ...(o.userAgent === undefined ? {} : { headers: { "user-agent": o.userAgent } }),
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            if (res.statusCode !== 303) errors += 1;
            latencies.push(Number(process.hrtime.bigint() - start) / 1e6);
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (Date.now() < o.until) await one();
    }),
  );
  agent.destroy();
  return { latencies, errors };
}

async function withNode(o: LoadOptions): Promise<LoadResult> {
  const threads = 2;
  const started = Date.now();
  const until = started + o.seconds * 1000;
  const results = await Promise.all(
    Array.from(
      { length: threads },
      (_, i) =>
        new Promise<{ latencies: number[]; errors: number }>((resolve, reject) => {
          const w = new Worker(new URL(import.meta.url), {
            workerData: {
              ...o,
              connections: Math.ceil(o.connections / threads),
              until,
              seed: (o.seed ?? 0) + i + 1,
            },
            execArgv: ["--import", "tsx"],
          });
          w.once("message", resolve);
          w.once("error", reject);
        }),
    ),
  );
  const seconds = (Date.now() - started) / 1000;
  const latencies = results.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    tool: "node:http",
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50ms: at(0.5),
    p99ms: at(0.99),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  return hasWrk() ? withWrk(o) : withNode(o);
}

if (!isMainThread && workerData) {
  workerLoop(workerData).then((r) => parentPort?.postMessage(r));
}
