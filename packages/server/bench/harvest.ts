// `npm run bench:harvest -w @urnkit/server`: harvesting from a loopback OAI-PMH provider (the
// compiled package, as `urnkit harvest` runs it). The provider (bench/oai-stub.ts) runs in a
// process of its own and serves BENCH_HARVEST_PAGES pages of 1,000 oai_dc records from memory;
// each record's URN (urn:nbn:de with its check digit) is registered with two URLs in an
// organisation's prefix through the registry's actions. Reported: records/s of the whole harvest
// (HTTP, parsing, validation, writes, progress rows), per engine (PostgreSQL when
// URNKIT_TEST_PG names a server; BENCH_HARVEST_CONCURRENCY URNs at a time), with the machine's load and the harvester's CPU time (records
// per CPU second: what the figure would be on a machine to itself); rounds alternate the engines
// (BENCH_ENGINES=sqlite,postgres picks them).

import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { DEFAULT_LIMITS, harvest, type Store } from "../dist/index.js";
import { organisationWithPrefix } from "../test/prefix-setup.js";
import { roundStore } from "./round-store.js";
import { engineRounds, load1, measured } from "./rounds.js";

const PAGES = Number(process.env.BENCH_HARVEST_PAGES ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** URNs written at a time (the harvest's default is 8). */
const CONCURRENCY = Number(process.env.BENCH_HARVEST_CONCURRENCY ?? 8);
const actor = { tokenId: null };

async function provider(): Promise<{ url: string; child: ChildProcess }> {
  const script = fileURLToPath(new URL("oai-stub.ts", import.meta.url));
  const child = spawn(process.execPath, ["--import", "tsx", script, String(PAGES), "1000"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.once("data", (d) => resolve(String(d).trim()));
    child.once("exit", (code) => reject(new Error(`the stub provider exited ${code}`)));
  });
  return { url, child };
}

async function prepare(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, actor);
  await organisationWithPrefix(
    store,
    { id: "hbz-lib", name: "Library" },
    {
      prefix: "urn:nbn:de:hbz:465-",
      nid: "nbn",
      modes: ["registrar"],
      check: "nbn",
    },
  );
}

async function round(engine: string, url: string): Promise<string> {
  const { store, done } = await roundStore(engine);
  try {
    await prepare(store);
    const {
      result: { run },
      seconds,
      cpuSeconds,
      loadBefore,
    } = await measured(() =>
      harvest(store, {
        url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: { rate: 0, allowPrivate: true },
        soleWriter: true,
        concurrency: CONCURRENCY,
      }),
    );
    if (run.outcome !== "completed" || run.created !== PAGES * 1000)
      throw new Error(`harvest ${run.outcome}: ${run.created} created, ${run.error}`);
    const rate = Math.round(run.records / seconds);
    const perCpu = Math.round(run.records / cpuSeconds);
    return `${engine}: ${run.records} records in ${seconds.toFixed(2)} s = ${rate} records/s; harvester CPU ${cpuSeconds.toFixed(2)} s = ${perCpu} records per CPU second (${loadBefore} → ${load1()})`;
  } finally {
    await done();
  }
}

const { url, child } = await provider();
try {
  await engineRounds(ROUNDS, (engine) => round(engine, url));
} finally {
  child.kill();
}
