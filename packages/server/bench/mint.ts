// Minting over HTTP on SQLite: urnkit serves a fresh database (the compiled package, as `urnkit
// serve` runs it, in a process of its own); 8 keep-alive clients POST …/prefixes/{prefix}/mint as
// fast as the answers come, for a fixed time. Every mint takes the prefix's next number, writes
// the record and two audit rows; mints that arrive together share one transaction. Run alone
// with `node --import tsx packages/server/bench/mint.ts`, or as the last step of `npm run bench`.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { mintingDatabase } from "../test/minting-database.js";
import { startListening } from "../test/urnkit-process.js";

const CLIENTS = 8;

/** CPU seconds a process has used (Linux /proc; 100 ticks a second), or null elsewhere. */
function cpuSeconds(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
const SECONDS = Number(process.env.BENCH_MINT_SECONDS ?? 10);
const PATH = `/api/v1/namespaces/bench/prefixes/${encodeURIComponent("urn:bench:m-")}/mint`;

function post(port: number, agent: Agent, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: "127.0.0.1",
        path: PATH,
        method: "POST",
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": "2",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end("{}");
  });
}

export async function benchMint(dir: string) {
  const db = join(dir, "mint.db");
  const token = await mintingDatabase(
    db,
    { id: "minter", name: "Minter" },
    { prefix: "urn:bench:m-", nid: "bench", modes: ["resolver"], width: 8, check: "mod11-2" },
  );
  const { proc, port } = await startListening(
    fileURLToPath(new URL("./urnkit-server.ts", import.meta.url)),
    [db],
  );
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
    let minted = 0;
    let errors = 0;
    const cpu0 = cpuSeconds(proc.pid as number);
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until) {
          if ((await post(port, agent, token)) === 201) minted += 1;
          else errors += 1;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu1 = cpuSeconds(proc.pid as number);
    agent.destroy();
    // On a shared machine the server's CPU per mint says what a core of its own would mint.
    const perCpuSecond = cpu0 === null || cpu1 === null ? null : minted / (cpu1 - cpu0);
    return {
      clients: CLIENTS,
      seconds: Math.round(seconds),
      minted,
      errors,
      rate: minted / seconds,
      perCpuSecond,
    };
  } finally {
    proc.kill("SIGKILL");
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-mint-"));
  try {
    const r = await benchMint(dir);
    console.log(
      `mint: ${r.minted} URNs in ${r.seconds} s by ${r.clients} clients = ${r.rate.toFixed(0)} URNs/s (${r.perCpuSecond?.toFixed(0) ?? "?"} per server CPU second), errors ${r.errors}, load ${loadavg()[0]?.toFixed(2)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
