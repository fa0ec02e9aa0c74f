// The failover drill of docs/deploy.md ("Failover"): a primary with a synchronous streaming
// standby (pg_basebackup -R, synchronous_commit = remote_apply), two urnkit processes with --db
// naming both servers (target_session_attrs=read-write) and --db-read on the standby, loaded with
// resolutions of registered URNs, registrations and mints; the primary killed with SIGKILL, the
// standby promoted a few seconds later. What must hold (the figures go to the test's diagnostics):
// - no resolution of a registered URN fails, from the primary's death to the promotion and after
//   (the replica answers, namespaces and prefix routes included), and the public pages answer;
// - every write sent while there is no primary answers 503 with Retry-After, each within the
//   bound (no hang), and no answer is a 5xx other than 503;
// - /readyz says "degraded" (200) meanwhile, /healthz 200, and no process exits;
// - writes are accepted again within 10 s of the promotion, on the promoted standby;
// - every write acknowledged (201), before or after, is on the promoted standby, and no URN is
//   minted twice.

import assert from "node:assert/strict";
import { describe } from "node:test";
import pg from "pg";
import { issueToken } from "../../src/registry/tokens.js";
import { openStore } from "../../src/storage/open-store.js";
import { loadOf, timedRequest } from "../outage-load.js";
import { STANDBY_PAIR_SKIP, type StandbyPair, standbyPair } from "../pg-standby-pair.js";
import { skippedWhen } from "../skipped-when.js";
import { startUrnkit, type UrnkitProcess } from "../urnkit-process.js";

const actor = { tokenId: null };
const REGISTERED = 200;
/** The urnkit processes' connect timeout: a write while there is no primary answers well within it. */
const CONNECT_TIMEOUT_MS = 1000;
/** The longest a drill request may take; one without an answer by then has hung (status 0). */
const REQUEST_LIMIT_MS = 5000;
/** How long the drill leaves the registry without a primary before promoting the standby. */
const OUTAGE_MS = 3000;

interface Answer {
  kind: "resolve" | "register" | "mint";
  process: number;
  status: number;
  retryAfter: string | null;
  code: string | null;
  /** The URN a 201 acknowledged. */
  urn: string | null;
  sent: number;
  answered: number;
}

async function ask(
  kind: Answer["kind"],
  process: number,
  url: string,
  init: RequestInit,
): Promise<Answer> {
  const answer = await timedRequest(url, init, REQUEST_LIMIT_MS);
  const { status, retryAfter, body, sent, answered } = answer;
  const urn = status === 201 ? (body.urn ?? null) : null;
  return { kind, process, status, retryAfter, code: body.code ?? null, urn, sent, answered };
}

/** Loops of resolutions, registrations and mints against each process, until stopped. */
function load(servers: readonly UrnkitProcess[], token: string) {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  return loadOf<Answer>((running, answers) => {
    const loops: Promise<void>[] = [];
    servers.forEach((server, p) => {
      for (let r = 0; r < 2; r++)
        loops.push(
          (async () => {
            for (let i = 0; running(); i++) {
              const n = ((i * 7 + r * 13 + p * 31) % REGISTERED) + 1;
              answers.push(await ask("resolve", p, `${server.base}/urn:example:drill-${n}`, {}));
              await pause(5);
            }
          })(),
        );
      loops.push(
        (async () => {
          for (let n = 1; running(); n++) {
            const urn = `urn:example:new-${p}-${n}`;
            const body = JSON.stringify({ urn, status: "active" });
            answers.push(
              await ask("register", p, `${server.base}/api/v1/urns`, {
                method: "POST",
                headers,
                body,
              }),
            );
            await pause(20);
          }
        })(),
        (async () => {
          while (running()) {
            answers.push(
              await ask("mint", p, `${server.base}/api/v1/namespaces/example/mint`, {
                method: "POST",
                headers,
                body: JSON.stringify({ status: "active" }),
              }),
            );
            await pause(20);
          }
        })(),
      );
    });
    return loops;
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, limitMs: number) {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The answers to the public requests a resolver must keep answering, by path and Accept. */
const PUBLIC_REQUESTS: Array<[method: string, path: string, accept: string, status: number]> = [
  ["GET", "/urn:example:drill-1", "*/*", 303],
  ["HEAD", "/urn:example:drill-2", "*/*", 303],
  ["GET", "/urn:example:drill-3", "application/json", 200],
  ["GET", "/uri-res/N2L?urn:example:drill-4", "*/*", 303],
  ["GET", "/uri-res/N2Ls?urn:example:drill-5", "*/*", 200],
  // A prefix route of the namespace, read with it from the replica: delegated elsewhere.
  ["GET", "/urn:example:elsewhere:x-1", "*/*", 302],
  ["GET", "/urn:example:never-registered", "application/json", 404],
  ["GET", "/record/urn:example:drill-6", "text/html", 200],
  ["GET", "/namespaces", "text/html", 200],
  ["GET", "/namespaces/example", "text/html", 200],
  ["GET", "/", "text/html", 200],
];

describe("failover drill: the primary killed under load, the standby promoted", () => {
  const { it, before, after } = skippedWhen(STANDBY_PAIR_SKIP);
  let pair: StandbyPair;
  const servers: UrnkitProcess[] = [];

  before(async () => {
    pair = await standbyPair({ synchronous: true });
  });
  after(async () => {
    for (const server of servers) await server.stop();
    pair?.remove();
  });

  it("resolves throughout, refuses writes with 503 meanwhile, then writes on, losing nothing", async (t) => {
    const seed = await openStore(pair.primaryUrl);
    let token: string;
    try {
      await seed.namespaces.create(
        {
          nid: "example",
          local: true,
          mint: { prefix: "m-", width: 6, check: "none" },
          delegate: [{ prefix: "urn:example:elsewhere:", url: "https://other.example/{urn}" }],
        },
        actor,
      );
      for (let n = 1; n <= REGISTERED; n++)
        await seed.records.create(
          {
            urn: `urn:example:drill-${n}`,
            key: `urn:example:drill-${n}`,
            nid: "example",
            status: "active",
            locators: [{ url: `https://a.example/drill/${n}` }],
          },
          actor,
        );
      token = (await issueToken(seed, { role: "admin" }, actor)).token;
    } finally {
      await seed.close();
    }
    const both = `postgres://postgres@127.0.0.1:${pair.primaryPort},127.0.0.1:${pair.standbyPort}/urnkit?target_session_attrs=read-write`;
    for (let p = 0; p < 2; p++)
      servers.push(
        await startUrnkit(both, pair.standbyUrl, { connectTimeoutMs: CONNECT_TIMEOUT_MS }),
      );

    const running = load(servers, token);
    await waitFor(
      "writes acknowledged before the kill",
      () => running.answers.filter((a) => a.status === 201).length >= 10,
      30_000,
    );
    const killed = Date.now();
    pair.killPrimary();

    // While there is no primary: the public requests and the readiness of each process.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const during: string[] = [];
    for (const server of servers) {
      for (const [method, path, accept, status] of PUBLIC_REQUESTS) {
        const r = await fetch(`${server.base}${path}`, {
          method,
          redirect: "manual",
          headers: { accept },
          signal: AbortSignal.timeout(REQUEST_LIMIT_MS),
        });
        await r.arrayBuffer();
        if (r.status !== status) during.push(`${method} ${path}: ${r.status}, not ${status}`);
      }
      const ready = await fetch(`${server.base}/readyz`);
      const body = (await ready.json()) as { status: string; writes?: boolean };
      assert.equal(ready.status, 200, "ready for resolution");
      assert.equal(body.status, "degraded");
      assert.equal(body.writes, false);
      assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
    }
    assert.deepEqual(during, [], "the public requests while there is no primary");
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, killed + OUTAGE_MS - Date.now())),
    );

    const promoting = Date.now();
    pair.promoteStandby();
    const promoted = Date.now();
    await waitFor(
      "each process writes again after the promotion",
      () =>
        servers.every((_, p) =>
          running.answers.some((a) => a.process === p && a.status === 201 && a.sent >= promoted),
        ),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const answers = await running.stop();

    const resolutions = answers.filter((a) => a.kind === "resolve");
    const writes = answers.filter((a) => a.kind !== "resolve");
    const inOutage = (a: Answer) => a.sent >= killed && a.answered <= promoting;
    const failedResolutions = resolutions.filter((a) => a.status !== 303);
    const outageResolutions = resolutions.filter(inOutage);
    const outageWrites = writes.filter(inOutage);
    const refusals = outageWrites.map((a) => a.answered - a.sent).sort((x, y) => x - y);
    const slowest = refusals.at(-1) ?? 0;
    const median = refusals[Math.floor(refusals.length / 2)] ?? 0;
    const backAfter = servers.map((_, p) => {
      const first = writes.find((a) => a.process === p && a.status === 201 && a.sent >= promoted);
      return first === undefined ? Number.POSITIVE_INFINITY : first.answered - promoted;
    });
    const acknowledged = writes.filter((a) => a.status === 201).map((a) => a.urn as string);
    const minted = writes.filter((a) => a.kind === "mint" && a.status === 201);

    const standby = new pg.Client({ connectionString: pair.standbyUrl });
    await standby.connect();
    let found: Set<string>;
    try {
      const { rows } = await standby.query<{ urn: string }>(
        "SELECT urn FROM records WHERE urn = ANY($1::text[])",
        [acknowledged],
      );
      found = new Set(rows.map((r) => r.urn));
    } finally {
      await standby.end();
    }
    const lost = acknowledged.filter((urn) => !found.has(urn));

    t.diagnostic(
      `resolutions: ${resolutions.length}, failed ${failedResolutions.length}; ` +
        `between the kill and the promotion: ${outageResolutions.length}, ` +
        `failed ${outageResolutions.filter((a) => a.status !== 303).length}`,
    );
    t.diagnostic(
      `writes between the kill and the promotion: ${outageWrites.length}, ` +
        `503 with Retry-After ${outageWrites.filter((a) => a.status === 503 && a.retryAfter !== null).length}, ` +
        `answered in ${median} ms (median), ${slowest} ms (slowest)`,
    );
    t.diagnostic(
      `writes again after the promotion (promote took ${promoted - promoting} ms): ` +
        `${backAfter.map((ms) => `${ms} ms`).join(", ")} (per process)`,
    );
    t.diagnostic(
      `acknowledged writes: ${acknowledged.length} (${minted.length} mints), lost ${lost.length}; ` +
        `URNs minted twice: ${minted.length - new Set(minted.map((a) => a.urn)).size}`,
    );

    assert.deepEqual(
      failedResolutions.map((a) => a.status),
      [],
      "every resolution of a registered URN answered 303",
    );
    assert.ok(outageResolutions.length > 0, "resolutions were asked while there was no primary");
    assert.ok(outageWrites.length > 0, "writes were sent while there was no primary");
    for (const a of outageWrites) {
      assert.equal(a.status, 503, `${a.kind} while there was no primary: ${a.status}`);
      assert.equal(a.code, "database-unavailable");
      assert.ok(Number(a.retryAfter) > 0, "Retry-After");
    }
    assert.ok(slowest < 2 * CONNECT_TIMEOUT_MS, `a write took ${slowest} ms to be refused`);
    for (const a of writes)
      assert.ok(a.status === 201 || a.status === 503, `${a.kind} answered ${a.status} (${a.code})`);
    for (const ms of backAfter) assert.ok(ms < 10_000, `writes back ${ms} ms after the promotion`);
    assert.deepEqual(lost, [], "every acknowledged write is on the promoted standby");
    assert.equal(new Set(minted.map((a) => a.urn)).size, minted.length, "no URN minted twice");
    for (const server of servers) assert.equal(server.proc.exitCode, null, "the process runs on");
  });
});
