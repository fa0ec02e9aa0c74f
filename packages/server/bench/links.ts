// `npm run bench:links -w @urnkit/server`: the link checker's throughput against loopback servers
// that answer after 50 ms, and its politeness measured where it matters, on the servers. A "host"
// is a host name (the checker limits per name, any port left out): here the loopback addresses
// 127.0.0.2 … 127.0.0.(HOSTS+1), one server on each (bench/link-hosts.ts, in a process of its
// own), every request counted by the server it reached, with the most it ever had in flight at
// once; a host that ever had more than the per-host limit fails the bench.
//
// The checks run as `urnkit serve --check-links-every` runs them: the schedule (links/schedule.ts)
// with the checker's defaults (concurrency, per-host limit, rounds of 500, the lease), until every
// locator has been checked once more; BENCH_LINKS_VIA=run runs one LinkChecker.run over all of
// them instead, as `urnkit links check` does. The locators are spread over the hosts in turn, or
// with BENCH_LINKS_ORDER=by-host a host's locators one after the other (an organisation
// registering its own). Results go to a SQLite file (with BENCH_LINKS_ENGINE=postgres, to a new
// database on the cluster URNKIT_TEST_PG names, dropped afterwards).

import { type ChildProcess, fork } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  LinkChecker,
  type LinkCheckerOptions,
  openSqliteStore,
  type Store,
  scheduleLinkChecks,
} from "../dist/index.js";
import { openPostgresStore } from "../dist/storage/postgres/postgres-store.js";
import { createTestDatabase } from "../test/pg-database.js";
import { load1, measured } from "./rounds.js";

const HOSTS = Number(process.env.BENCH_LINKS_HOSTS ?? 40);
const PER_HOST = 2;
/** Unset: the checker's default. */
const CONCURRENCY =
  process.env.BENCH_LINKS_CONCURRENCY === undefined
    ? undefined
    : Number(process.env.BENCH_LINKS_CONCURRENCY);
const LOCATORS = Number(process.env.BENCH_LINKS_LOCATORS ?? 2000);
const DELAY_MS = 50;
const ROUNDS = Number(process.env.BENCH_LINKS_ROUNDS ?? 3);
const VIA = process.env.BENCH_LINKS_VIA === "run" ? "run" : "schedule";
const BY_HOST = process.env.BENCH_LINKS_ORDER === "by-host";

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

/** The host of the n-th locator. */
const hostOf = (n: number) => (BY_HOST ? Math.floor((n * HOSTS) / LOCATORS) : n % HOSTS);

const options: LinkCheckerOptions = {
  allowPrivate: true,
  perHost: PER_HOST,
  contact: "mailto:bench@urnkit.example",
  ...(CONCURRENCY === undefined ? {} : { concurrency: CONCURRENCY }),
};

/** Checks every locator once, the way VIA says; the checks stored. */
async function checkAll(store: Store): Promise<number> {
  if (VIA === "run") {
    const checker = new LinkChecker(store.links, options);
    try {
      return (await checker.run({ limit: LOCATORS })).checked;
    } finally {
      checker.close();
    }
  }
  let checked = 0;
  let done: () => void = () => undefined;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  // Every locator is due again a millisecond after its check: the rounds go on back to back,
  // the oldest check first, as they do for a registry whose checks are all due.
  const schedule = scheduleLinkChecks(store, {
    ...options,
    everyMs: 1,
    onRound: (summary, error) => {
      if (summary === null) throw error;
      checked += summary.checked;
      if (checked >= LOCATORS) done();
    },
  });
  await all;
  await schedule.stop();
  return checked;
}

const dir = mkdtempSync(join(tmpdir(), "urnkit-bench-links-"));
const pg = process.env.BENCH_LINKS_ENGINE === "postgres" ? await createTestDatabase() : null;
const store: Store =
  pg === null
    ? await openSqliteStore(join(dir, "links.db"))
    : await openPostgresStore({ url: pg.url });
let overLimit = false;
try {
  const actor = { tokenId: null };
  await store.namespaces.create({ nid: "bench", local: true }, actor);
  for (let n = 0; n < LOCATORS; n++) {
    const urn = `urn:bench:l-${n}`;
    const url = `${origins[hostOf(n)]}/${n}`;
    await store.records.create(
      { urn, key: urn, nid: "bench", status: "active", locators: [{ url }] },
      actor,
    );
  }
  console.log(
    `link checker via ${VIA === "run" ? "LinkChecker.run" : "the schedule (serve --check-links-every)"}: ${LOCATORS} locators over ${HOSTS} hosts (127.0.0.2-${HOSTS + 1}, ${BY_HOST ? "a host's locators in a row" : "in turn"}), each answering after ${DELAY_MS} ms; concurrency ${CONCURRENCY ?? "default"}, ${PER_HOST} per host; ${store.engine}; ceiling ${((HOSTS * PER_HOST * 1000) / DELAY_MS).toFixed(0)} checks/s`,
  );
  for (let round = 1; round <= ROUNDS; round++) {
    const before = await counts();
    const { result: checked, seconds, cpuSeconds } = await measured(() => checkAll(store));
    const after = await counts();
    const requests = after.reduce((n, h, i) => n + h.requests - (before[i]?.requests ?? 0), 0);
    const peak = Math.max(...after.map((h) => h.peak));
    overLimit ||= peak > PER_HOST;
    const cpuUs = (cpuSeconds * 1e6) / checked;
    console.log(
      `round ${round}: ${checked} checks in ${seconds.toFixed(2)} s = ${(checked / seconds).toFixed(0)} checks/s (target >= 500), checker CPU ${cpuUs.toFixed(0)} us/check; server side: ${requests} requests = ${(requests / seconds).toFixed(0)}/s, most at once on one host ${peak} (limit ${PER_HOST}), ${load1()}`,
    );
  }
} finally {
  await store.close();
  await pg?.drop();
  servers.kill();
  rmSync(dir, { recursive: true, force: true });
}
if (overLimit) {
  console.error(`a host had more than ${PER_HOST} requests at once`);
  process.exitCode = 1;
}
