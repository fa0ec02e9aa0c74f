// Resolution under sustained load, statistics on: one urnkit server loaded without a break for
// BENCH_SUSTAINED_SECONDS, reported a window of 30 s at a time (requests/s, p99, server CPU a
// request, and the statistics' URN log and rollup as the database holds them). Each window asks
// for another 100,000 of the records' URNs, so the URNs counted keep changing as a crawler's or a
// busy day's would. With BENCH_URN_LOG_BOUND (chunks) the log reaches its bound within the run
// and is rolled up under the load, which is what this measures: whether the roll-up keeps up.
// The last step of `npm run bench` when BENCH_SUSTAINED_SECONDS is set.

import Database from "better-sqlite3";
import { load, pinServer } from "./load.js";

const WINDOW_SECONDS = 30;

interface Window {
  second: number;
  rps: number;
  p99ms: number;
  cpuUsPerRequest: number | null;
  logChunks: number;
  rollupRows: number;
}

export async function benchSustained(o: {
  db: string;
  dir: string;
  records: number;
  connections: number;
  seconds: number;
  /** Starts the server on the database (BENCH_URN_LOG_BOUND in its environment). */
  start: () => Promise<{ pid: number; port: number; stop: () => void }>;
  cpuSeconds: (pid: number) => number | null;
  report: (line: string) => void;
}): Promise<Window[]> {
  const server = await o.start();
  pinServer(server.pid);
  // Read apart from the server, as an operator's query would be.
  const reader = new Database(o.db, { readonly: true });
  const logChunks = reader.prepare<[], { n: number }>(
    "SELECT count(*) AS n FROM stat_resolution_urn_log",
  );
  const rollupRows = reader.prepare<[], { n: number }>(
    "SELECT count(*) AS n FROM stat_resolution_urns",
  );
  const windows: Window[] = [];
  try {
    for (let w = 0; w * WINDOW_SECONDS < o.seconds; w++) {
      const before = o.cpuSeconds(server.pid);
      const r = await load({
        port: server.port,
        records: o.records,
        connections: o.connections,
        seconds: WINDOW_SECONDS,
        dir: o.dir,
        seed: 8141 + w,
      });
      const after = o.cpuSeconds(server.pid);
      const window: Window = {
        second: (w + 1) * WINDOW_SECONDS,
        rps: r.rps,
        p99ms: r.p99ms,
        cpuUsPerRequest:
          before === null || after === null ? null : ((after - before) * 1e6) / r.requests,
        logChunks: logChunks.get()?.n ?? 0,
        rollupRows: rollupRows.get()?.n ?? 0,
      };
      windows.push(window);
      o.report(
        `sustained ${String(window.second).padStart(4)} s: ${r.rps.toFixed(0).padStart(6)} req/s  p99 ${r.p99ms.toFixed(2)} ms  server CPU ${window.cpuUsPerRequest?.toFixed(1) ?? "?"} us/request  URN log ${window.logChunks} chunks  rollup ${window.rollupRows} rows  errors ${r.errors}`,
      );
    }
  } finally {
    reader.close();
    server.stop();
  }
  return windows;
}
