// `npm run bench:import -w @urnkit/server`: the NDJSON import alone (the compiled package, as
// `urnkit import` runs it), smaller and quicker than the first line of bench/run.ts, for comparing
// one change with another. BENCH_RECORDS records (default 200,000) in one namespace with 1,000
// prefixes of 5 organisations, each with one locator; with BENCH_IMPORT_METADATA=1 each also
// carries metadata (a title and two keywords) for the full-text index. Reported per engine
// (PostgreSQL too when URNKIT_TEST_PG names a server; BENCH_ENGINES=sqlite,postgres picks them):
// records/s and the importing process's CPU time per record, with the machine's load before and
// after, since the machine may be shared; rounds alternate the engines.

import { DEFAULT_LIMITS, importRecords } from "../dist/index.js";
import { benchNamespace } from "./bench-namespace.js";
import { ndjsonChunks } from "./ndjson-chunks.js";
import { roundStore } from "./round-store.js";
import { engineRounds, load1, measured } from "./rounds.js";

const RECORDS = Number(process.env.BENCH_RECORDS ?? 200_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const METADATA = process.env.BENCH_IMPORT_METADATA === "1";
const operator = { tokenId: null };
const pad = (n: number) => String(n).padStart(7, "0");

const lines = () =>
  ndjsonChunks(1, RECORDS, (n) => {
    const metadata = METADATA
      ? `,"metadata":{"title":"Report ${n} on soil","keywords":["soil","survey ${n % 97}"]}`
      : "";
    return `{"urn":"urn:bench:${pad(n)}","status":"active","locators":[{"url":"https://bench.example/${pad(n)}"}]${metadata}}`;
  });

async function round(engine: string): Promise<string> {
  const { store, done } = await roundStore(engine);
  try {
    await benchNamespace(store, {
      count: 1000,
      name: (p) => `urn:bench:${String(p).padStart(4, "0")}`,
      width: 3,
    });
    const {
      result: created,
      seconds,
      cpuSeconds,
      loadBefore,
    } = await measured(async () => {
      let created = 0;
      for await (const event of importRecords(store, lines(), {
        actor: operator,
        scope: null,
        limits: DEFAULT_LIMITS,
      })) {
        if ("done" in event) created = event.created;
        else if ("error" in event)
          throw new Error(`import refused line ${event.line}: ${event.error}`);
      }
      return created;
    });
    const cpuUs = (cpuSeconds * 1e6) / created;
    return `${engine}${METADATA ? " with metadata" : ""}: ${created} records in ${seconds.toFixed(1)} s = ${Math.round(created / seconds)} records/s; CPU ${cpuUs.toFixed(1)} µs per record (${loadBefore} → ${load1()})`;
  } finally {
    await done();
  }
}

await engineRounds(ROUNDS, round);
