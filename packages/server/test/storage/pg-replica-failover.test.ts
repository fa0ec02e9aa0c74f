// --db-read while the primary is unreachable: the primary is reached through a TCP proxy that the
// test cuts (every connection ends, new ones are refused, as when the primary dies), the "replica"
// is the same database under a role that may only read, as in pg-replica.test.ts. Resolution and
// the public pages answer from the replica, namespaces and prefix routes included; a namespace
// changed meanwhile (as on a promoted standby, by another process) is read again from the replica
// within seconds; /readyz says "degraded" with 200, /healthz 200; writes answer 503 with
// Retry-After at once, and a form in the web UI says the registry is read-only for now. Once the
// proxy listens again, the store is ready and writes by itself.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import {
  openPostgresStore,
  type PostgresStore,
} from "../../src/storage/postgres/postgres-store.js";
import { waitFor } from "../outage-load.js";
import { admin, createTestDatabase, PG_SKIP, type TestDatabase } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";
import { type TcpProxy, tcpProxy } from "../tcp-proxy.js";

const actor = { tokenId: null };
const CONNECT_TIMEOUT_MS = 1000;

/** What must answer, and how, while the primary is unreachable: method, path, Accept, status. */
const READS: Array<[string, string, string, number]> = [
  ["GET", "/urn:example:kept-1", "*/*", 303],
  ["HEAD", "/urn:example:kept-1", "*/*", 303],
  ["GET", "/urn:example:kept-2", "application/json", 200],
  ["GET", "/uri-res/N2Ns?urn:example:kept-2", "*/*", 200],
  ["GET", "/uri-res/N2L?urn:example:kept-3", "*/*", 303],
  ["GET", "/uri-res/N2Ls?urn:example:kept-3", "*/*", 200],
  ["GET", "/uri-res/N2C?urn:example:kept-3", "application/json", 200],
  ["GET", "/urn:example:elsewhere:a-1", "*/*", 302],
  ["GET", "/urn:example:never", "application/json", 404],
  ["GET", "/urn:other:kept-1", "application/json", 404],
  ["GET", "/", "text/html", 200],
  ["GET", "/record/urn:example:kept-1", "text/html", 200],
  ["GET", "/namespaces", "text/html", 200],
  ["GET", "/namespaces/example", "text/html", 200],
  ["GET", "/inspect?urn=urn:example:kept-1", "text/html", 200],
  ["GET", "/search?q=kept", "text/html", 200],
];

describe("--db-read while the primary is unreachable", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  let db: TestDatabase;
  let proxy: TcpProxy;
  let store: PostgresStore;
  let app: FastifyInstance;
  let token: string;
  const role = `urnkit_replica_${randomBytes(4).toString("hex")}`;

  const write = (path: string, payload: unknown) =>
    app.inject({
      method: "POST",
      url: path,
      headers: { authorization: `Bearer ${token}` },
      payload: payload as Record<string, unknown>,
    });

  /** Waits until /readyz says `status`, at most `limitMs`. */
  const readiness = (status: string, limitMs: number) =>
    waitFor(
      `readiness ${status}`,
      async () => (await app.inject({ url: "/readyz" })).json().status === status,
      limitMs,
    );

  before(async () => {
    db = await createTestDatabase();
    const direct = new URL(db.url);
    proxy = await tcpProxy(direct.hostname, Number(direct.port));
    await admin(async (c) => {
      await c.query(`CREATE ROLE ${role} LOGIN`);
      await c.query(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    });
    const primary = new URL(db.url);
    primary.hostname = "127.0.0.1";
    primary.port = String(proxy.port);
    const replica = new URL(db.url);
    replica.username = role;
    store = await openPostgresStore({
      url: primary.toString(),
      readUrl: replica.toString(),
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    await owner.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
    await owner.end();
    await store.namespaces.create(
      {
        nid: "example",
        local: true,
        delegate: [{ prefix: "urn:example:elsewhere:", url: "https://other.example/{urn}" }],
      },
      actor,
    );
    for (let n = 1; n <= 3; n++)
      await store.records.create(
        {
          urn: `urn:example:kept-${n}`,
          key: `urn:example:kept-${n}`,
          nid: "example",
          status: "active",
          locators: [{ url: `https://a.example/${n}` }],
        },
        actor,
      );
    token = (await issueToken(store, { role: "admin" }, actor)).token;
    app = await buildServer({ store });
  });
  after(async () => {
    await app?.close();
    await store?.close();
    await proxy?.close();
    await db?.drop();
    await admin((c) => c.query(`DROP ROLE IF EXISTS ${role}`));
  });

  it("is ready while the primary answers", async () => {
    const r = await app.inject({ url: "/readyz" });
    assert.equal(r.statusCode, 200);
    assert.equal(r.json().status, "ready");
  });

  it("resolves and serves the public pages from the replica, and says it is degraded", async () => {
    await proxy.cut();
    await readiness("degraded", 10_000);
    const ready = await app.inject({ url: "/readyz" });
    assert.equal(ready.statusCode, 200);
    assert.equal(ready.json().writes, false);
    assert.equal((await app.inject({ url: "/healthz" })).statusCode, 200);
    const wrong: string[] = [];
    for (const [method, url, accept, status] of READS) {
      const r = await app.inject({ method: method as "GET", url, headers: { accept } });
      if (r.statusCode !== status)
        wrong.push(`${method} ${url}: ${r.statusCode}, not ${status} ${r.body.slice(0, 300)}`);
    }
    assert.deepEqual(wrong, []);
  });

  it("refuses writes at once with 503 and Retry-After; the web UI says read-only", async () => {
    for (const [path, payload] of [
      ["/api/v1/urns", { urn: "urn:example:while-down", status: "active" }],
      ["/api/v1/namespaces/example/mint", { status: "active" }],
    ] as const) {
      const started = Date.now();
      const r = await write(path, payload);
      assert.equal(r.statusCode, 503, r.body);
      assert.equal(r.json().code, "database-unavailable");
      assert.ok(Number(r.headers["retry-after"]) > 0);
      assert.ok(Date.now() - started < 2 * CONNECT_TIMEOUT_MS, `${Date.now() - started} ms`);
    }
    const csrf = "c".repeat(43);
    const form = await app.inject({
      method: "POST",
      url: "/sign-in",
      headers: {
        accept: "text/html",
        cookie: `urnkit_sign_in=${csrf}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: `csrf=${csrf}&token=${encodeURIComponent(token)}`,
    });
    assert.equal(form.statusCode, 503);
    assert.ok(form.headers["retry-after"]);
    assert.match(form.body, /The registry is read-only for now/);
  });

  it("reads a namespace changed meanwhile from the replica within seconds", async () => {
    const owner = new pg.Client({ connectionString: db.url });
    await owner.connect();
    try {
      await owner.query("UPDATE namespaces SET redirect_status = 307 WHERE nid = 'example'");
    } finally {
      await owner.end();
    }
    await waitFor(
      "the new redirect status",
      async () => (await app.inject({ url: "/urn:example:kept-1" })).statusCode === 307,
      5000,
    );
  });

  it("is ready and writes again once the primary is back", async () => {
    await proxy.restore();
    await readiness("ready", 15_000);
    const r = await write("/api/v1/urns", { urn: "urn:example:after", status: "active" });
    assert.equal(r.statusCode, 201, r.body);
    assert.equal((await app.inject({ url: "/urn:example:kept-1" })).statusCode, 307);
  });
});
