// The DNB URN-Service API's writes against the same native writes, in one server process on SQLite
// (the compiled package, as `urnkit serve` runs it), measured in the same run: 8 keep-alive
// clients, in turns of four slices each (native POST /api/v1/urns, DNB POST /v2/urns, native
// PATCH /api/v1/urns/{urn} of the organisation's locators, DNB PATCH …/my-urls), the order of
// each pair swapped every turn so drift in the machine's load falls on both alike. The figure is
// the median over the turns of each turn's own ratio, DNB time a write ÷ native (target ≤ 1.2).
// `npm run bench:dnb -w @urnkit/server`; BENCH_DNB_TURNS (default 6), BENCH_DNB_SLICE_SECONDS (2).

import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { issueKnownToken, openSqliteStore } from "../dist/index.js";
import { startListening } from "../test/urnkit-process.js";

const CLIENTS = 8;
const TURNS = Number(process.env.BENCH_DNB_TURNS ?? 6);
const SLICE_SECONDS = Number(process.env.BENCH_DNB_SLICE_SECONDS ?? 2);
const SECRET = "bench-organisation-token";
const BASIC = `Basic ${Buffer.from(`bench-org:${SECRET}`).toString("base64")}`;
const BEARER = `Bearer ${SECRET}`;

function send(
  port: number,
  agent: Agent,
  method: string,
  path: string,
  authorization: string,
  body: unknown,
): Promise<number> {
  const text = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: "127.0.0.1",
        path,
        method,
        agent,
        headers: {
          authorization,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(text);
  });
}

type Kind = "native POST" | "DNB POST" | "native PATCH" | "DNB PATCH";

let next = 1;
const registered: string[] = [];
let patchAt = 0;

/** One request of `kind`: its path, method, credentials and body, and what success is. */
function requestOf(kind: Kind): {
  method: string;
  path: string;
  auth: string;
  body: unknown;
  ok: number;
  urn?: string;
} {
  if (kind === "native POST" || kind === "DNB POST") {
    const n = next++;
    const urn = `urn:bench:d-${n}`;
    const url = `https://bench.example/r/${n}`;
    return kind === "native POST"
      ? {
          method: "POST",
          path: "/api/v1/urns",
          auth: BEARER,
          body: { urn, status: "active", locators: [{ url, priority: 1 }] },
          ok: 201,
          urn,
        }
      : {
          method: "POST",
          path: "/v2/urns",
          auth: BASIC,
          body: { urn, urls: [{ url, priority: 1 }] },
          ok: 201,
          urn,
        };
  }
  const urn = registered[patchAt++ % registered.length] as string;
  const url = `https://bench.example/p/${next++}`;
  return kind === "native PATCH"
    ? {
        method: "PATCH",
        path: `/api/v1/urns/${urn}`,
        auth: BEARER,
        body: { locators: [{ url, priority: 1 }] },
        ok: 200,
      }
    : {
        method: "PATCH",
        path: `/v2/urns/urn/${urn}/my-urls`,
        auth: BASIC,
        body: [{ url, priority: 1 }],
        ok: 204,
      };
}

/** Writes of `kind` per second over one slice, by CLIENTS clients; errors counted. */
async function slice(
  port: number,
  agent: Agent,
  kind: Kind,
): Promise<{ rate: number; errors: number }> {
  let done = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + SLICE_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < until) {
        const r = requestOf(kind);
        const status = await send(port, agent, r.method, r.path, r.auth, r.body);
        if (status === r.ok) {
          done += 1;
          if (r.urn !== undefined) registered.push(r.urn);
        } else errors += 1;
      }
    }),
  );
  return { rate: done / ((performance.now() - started) / 1000), errors };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const quartiles = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return [s[Math.floor((s.length - 1) / 4)], s[Math.ceil(((s.length - 1) * 3) / 4)]] as number[];
};

export async function benchDnb(dir: string) {
  const db = join(dir, "dnb.db");
  const store = await openSqliteStore(db);
  const operator = { tokenId: null };
  await store.namespaces.create({ nid: "bench", local: true }, operator);
  await store.organisations.create({ id: "bench-org", name: "Bench organisation" }, operator);
  await store.prefixes.create(
    {
      prefix: "urn:bench:d-",
      nid: "bench",
      organisation: "bench-org",
      naming: null,
      urls: [],
      modes: ["registrar"],
      width: 8,
      check: "none",
      delegate: null,
      mirrors: false,
      mirrorUrls: [],
    },
    operator,
  );
  await issueKnownToken(store, SECRET, { role: "registrar", organisation: "bench-org" }, operator);
  await store.close();
  const { proc, port } = await startListening(
    fileURLToPath(new URL("./urnkit-server.ts", import.meta.url)),
    [db],
  );
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const loads: number[] = [];
  const ratios: Record<"POST" | "PATCH", number[]> = { POST: [], PATCH: [] };
  const rates: Record<Kind, number[]> = {
    "native POST": [],
    "DNB POST": [],
    "native PATCH": [],
    "DNB PATCH": [],
  };
  let errors = 0;
  try {
    // Warm-up: both ways in, so the first turn measures neither's first compilations.
    for (const kind of ["native POST", "DNB POST", "native PATCH", "DNB PATCH"] as Kind[])
      await slice(port, agent, kind);
    for (let turn = 0; turn < TURNS; turn++) {
      loads.push(loadavg()[0] ?? 0);
      for (const write of ["POST", "PATCH"] as const) {
        const pair: Kind[] = [`native ${write}`, `DNB ${write}`];
        if (turn % 2 === 1) pair.reverse();
        const got = new Map<Kind, number>();
        for (const kind of pair) {
          const r = await slice(port, agent, kind);
          errors += r.errors;
          got.set(kind, r.rate);
          rates[kind].push(r.rate);
        }
        ratios[write].push(
          (got.get(`native ${write}`) as number) / (got.get(`DNB ${write}`) as number),
        );
      }
    }
  } finally {
    agent.destroy();
    proc.kill("SIGKILL");
  }
  return { ratios, rates, errors, loads };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-dnb-"));
  try {
    const r = await benchDnb(dir);
    const load = `load ${Math.min(...r.loads).toFixed(2)}–${Math.max(...r.loads).toFixed(2)}`;
    for (const write of ["POST", "PATCH"] as const) {
      const [q1, q3] = quartiles(r.ratios[write]);
      console.log(
        `DNB ${write} ÷ native, time a write: ${median(r.ratios[write]).toFixed(2)}x (quartiles ${q1?.toFixed(2)}–${q3?.toFixed(2)}; target <= 1.2), writes/s native ${median(r.rates[`native ${write}`]).toFixed(0)}, DNB ${median(r.rates[`DNB ${write}`]).toFixed(0)} (medians of ${TURNS} turns of ${SLICE_SECONDS} s, ${CLIENTS} clients), ${load}`,
      );
    }
    console.log(`errors: ${r.errors}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
