// `npm run bench:links -w @urnkit/server`: the link checker's throughput against loopback servers
// that answer after 50 ms, and its politeness measured where it matters, on the servers. A "host"
// is a host name (the checker limits per name, any port left out): here the loopback addresses
// 127.0.0.2 … 127.0.0.(HOSTS+1), one server on each (bench/link-hosts.ts, in a process of its
// own), every request counted by the server it reached, with the most it ever had in flight at
// once. The locators are spread evenly over the hosts; the checker runs with the defaults but for
// concurrency (64) and stores every result in a SQLite file (with BENCH_LINKS_ENGINE=postgres, in
// a new database on the cluster URNKIT_TEST_PG names, dropped afterwards).

import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LinkChecker, openSqliteStore, type Store } from "../dist/index.js";
import { openPostgresStore } from "../dist/storage/postgres/postgres-store.js";
import { createTestDatabase } from "../test/pg-database.js";

const HOSTS = Number(process.env.BENCH_LINKS_HOSTS ?? 40);
const PER_HOST = 2;
const CONCURRENCY = Number(process.env.BENCH_LINKS_CONCURRENCY ?? 64);
const LOCATORS = Number(process.env.BENCH_LINKS_LOCATORS ?? 10_000);
const DELAY_MS = 50;
const ROUNDS = Number(process.env.BENCH_LINKS_ROUNDS ?? 3);

const load1 = () => `load ${(loadavg()[0] as number).toFixed(2)}`;

const servers: ChildProcess = fork(
  fileURLToPath(new URL("./link-hosts.ts", import.meta.url)),
  [String(HOSTS), String(DELAY_MS)],
  { execArgv: ["--import", "tsx"] },
);
const [origins] = (await once(servers, "message")) as [string[]];
const counts = async () => {
  servers.send("count");
  const [c] = (await once(servers, "message")) as [{ requests: number; peak: number }[]];
  return c;
};

const dir = mkdtempSync(join(tmpdir(), "urnkit-bench-links-"));
const pg = process.env.BENCH_LINKS_ENGINE === "postgres" ? await createTestDatabase() : null;
const store: Store =
  pg === null
    ? await openSqliteStore(join(dir, "links.db"))
    : await openPostgresStore({ url: pg.url });
try {
  const actor = { tokenId: null };
  await store.namespaces.create({ nid: "bench", local: true }, actor);
  for (let n = 0; n < LOCATORS; n++) {
    const urn = `urn:bench:l-${n}`;
    const url = `${origins[n % HOSTS]}/${n}`;
    await store.records.create(
      { urn, key: urn, nid: "bench", status: "active", locators: [{ url }] },
      actor,
    );
  }
  console.log(
    `link checker: ${LOCATORS} locators over ${HOSTS} hosts (127.0.0.2-${HOSTS + 1}), each answering after ${DELAY_MS} ms; concurrency ${CONCURRENCY}, ${PER_HOST} per host; ${store.engine}; ceiling ${((HOSTS * PER_HOST * 1000) / DELAY_MS).toFixed(0)} checks/s`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await counts();
    const checker = new LinkChecker(store.links, {
      allowPrivate: true,
      concurrency: CONCURRENCY,
      perHost: PER_HOST,
      contact: "mailto:bench@urnkit.example",
    });
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const summary = await checker.run({ limit: LOCATORS });
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const after = await counts();
    const requests = after.reduce((n, h, i) => n + h.requests - (before[i]?.requests ?? 0), 0);
    const peak = Math.max(...after.map((h) => h.peak));
    const cpuUs = (cpu.user + cpu.system) / summary.checked;
    console.log(
      `round ${round}: ${summary.checked} checks (${summary.byOutcome.ok ?? 0} ok) in ${seconds.toFixed(2)} s = ${(summary.checked / seconds).toFixed(0)} checks/s (target >= 500), checker CPU ${cpuUs.toFixed(0)} us/check; server side: ${requests} requests, most at once on one host ${peak} (limit ${PER_HOST}), ${load1()}`,
    );
  }
} finally {
  await store.close();
  await pg?.drop();
  servers.kill();
  rmSync(dir, { recursive: true, force: true });
}
