// Losing PostgreSQL under load must not end the process. Two ways of losing it: every connection
// of the store's database terminated again and again (pg_terminate_backend: "terminating
// connection due to administrator command", 57P01), on the shared test server; and a cluster
// the test owns stopped at once and started again (ECONNREFUSED meanwhile). Either way no promise
// rejection goes unhandled, a request that needs the database answers 503 with Retry-After
// within the connect timeout and some, the resolutions counted before and around the outage are
// all written once it is over, and the server serves normally afterwards.

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe } from "node:test";
import pg from "pg";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import {
  openPostgresStore,
  type PostgresStore,
} from "../../src/storage/postgres/postgres-store.js";
import { type LoadAnswer, startLoad, waitFor, watchUnhandledRejections } from "../outage-load.js";
import { createTestDatabase, openTestPostgresStore, PG_SKIP } from "../pg-database.js";
import { OWN_CLUSTER_SKIP, ownCluster } from "../pg-own-cluster.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const URN = "urn:example:outage";
/** The store's connect timeout here; a request during an outage answers well within 4 times it. */
const CONNECT_TIMEOUT_MS = 2000;

/** A server on `store` with a registered URN to resolve and an admin token to write with. */
async function serving(store: PostgresStore) {
  const app = await buildServer({ store, statistics: { flushMs: 200, retryMaxMs: 500 } });
  const token = (await issueToken(store, { role: "admin" }, actor)).token;
  await store.namespaces.create({ nid: "example" }, actor);
  const created = await app.inject({
    method: "POST",
    url: "/api/v1/urns",
    headers: { authorization: `Bearer ${token}` },
    payload: { urn: URN, status: "active", locators: [{ url: "https://example.org/outage" }] },
  });
  assert.equal(created.statusCode, 201, created.body);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return { app, token, base };
}

/** Resolutions counted in the database (null while it cannot be asked). */
async function counted(url: string): Promise<number | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ n: string | null }>(
      "SELECT sum(count) AS n FROM resolution_counts",
    );
    return Number(rows[0]?.n ?? 0);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Every answer is an ordinary one or a 503 database-unavailable with Retry-After. */
function assertOrdinaryOr503(answers: readonly LoadAnswer[]): void {
  for (const a of answers) {
    const ordinary = a.kind === "resolve" ? a.status === 303 : a.status === 201;
    if (ordinary) continue;
    assert.equal(a.status, 503, `${a.kind} answered ${a.status} (${a.code})`);
    assert.equal(a.code, "database-unavailable");
    assert.ok(Number(a.retryAfter) > 0, "Retry-After");
  }
}

describe("PostgreSQL connections terminated under load", () => {
  const { it } = skippedWhen(PG_SKIP);
  it("keeps serving, answers 503 meanwhile and loses no statistics", async () => {
    const watch = watchUnhandledRejections();
    const db = await createTestDatabase();
    const store = await openTestPostgresStore({
      url: db.url,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    const { app, token, base } = await serving(store);
    const killer = new pg.Client({ connectionString: db.url });
    try {
      await killer.connect();
      const load = startLoad(base, { urn: URN, token });
      await new Promise((resolve) => setTimeout(resolve, 300));
      for (let round = 0; round < 8; round++) {
        await killer.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
          [db.name],
        );
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const calm = Date.now();
      await waitFor("a write accepted after the terminations", () =>
        load.answers.some((a) => a.kind === "write" && a.sent > calm && a.status === 201),
      );
      const answers = await load.stop();
      assertOrdinaryOr503(answers);
      const resolved = answers.filter((a) => a.kind === "resolve" && a.status === 303).length;
      assert.ok(resolved > 0);
      // A terminated statistics write is written again: none lost.
      await waitFor(
        "every resolution counted",
        async () => ((await counted(db.url)) ?? 0) >= resolved,
      );
      assert.equal((await fetch(`${base}/${URN}`, { redirect: "manual" })).status, 303);
      assert.equal((await fetch(`${base}/readyz`)).status, 200);
    } finally {
      await killer.end().catch(() => {});
      await app.close();
      await store.close();
      await db.drop();
      watch.stop();
    }
    assert.deepEqual(watch.rejections, []);
  });
});

describe("a PostgreSQL cluster stopped and started under load", () => {
  const { it } = skippedWhen(OWN_CLUSTER_SKIP);
  it("survives, answers 503 with Retry-After within the bound, and recovers by itself", async () => {
    const watch = watchUnhandledRejections();
    const cluster = await ownCluster();
    let closing: (() => Promise<void>) | null = null;
    try {
      const store = await openPostgresStore({
        url: cluster.url,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      });
      const { app, token, base } = await serving(store);
      closing = async () => {
        await app.close();
        await store.close();
      };
      const load = startLoad(base, { urn: URN, token });
      await new Promise((resolve) => setTimeout(resolve, 500));
      cluster.stopNow();
      const down = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const ready = await fetch(`${base}/readyz`);
      assert.equal(ready.status, 503);
      assert.ok(ready.headers.get("retry-after"));
      assert.equal((await fetch(`${base}/healthz`)).status, 200);
      const up = Date.now();
      cluster.start();
      await waitFor("ready again", async () => (await fetch(`${base}/readyz`)).status === 200);
      const recovered = Date.now();
      await waitFor("a write accepted again", () =>
        load.answers.some((a) => a.kind === "write" && a.sent > recovered && a.status === 201),
      );
      const answers = await load.stop();

      assertOrdinaryOr503(answers);
      // Asked while the cluster was down: all refused, each well within the bound.
      const during = answers.filter((a) => a.sent > down + 200 && a.answered < up);
      assert.ok(during.some((a) => a.kind === "write"));
      for (const a of during) {
        assert.equal(a.status, 503);
        assert.ok(
          a.answered - a.sent < 4 * CONNECT_TIMEOUT_MS,
          `answered in ${a.answered - a.sent} ms`,
        );
      }
      // Counted before the stop and after the start, held through the outage, written: none lost.
      const resolved = answers.filter((a) => a.kind === "resolve" && a.status === 303).length;
      await waitFor(
        "every resolution counted",
        async () => ((await counted(cluster.url)) ?? 0) >= resolved,
      );
      assert.equal((await fetch(`${base}/${URN}`, { redirect: "manual" })).status, 303);
    } finally {
      await closing?.();
      cluster.remove();
      watch.stop();
    }
    assert.deepEqual(watch.rejections, []);
  });
});
