// --db naming several servers (libpq's host1:port1,host2:port2 with target_session_attrs), on the
// shared test server: each "server" is a TCP proxy to it that the test can cut. The servers are
// tried in order; a server that refuses connections is passed over; one whose sessions are not of
// the wanted kind is too, and when none is, the store says which servers it tried and what each
// was; a server lost while in use is replaced by the next one that fits, without a restart.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe } from "node:test";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { displayLocation } from "../../src/storage/open-store.js";
import { openPostgresStore } from "../../src/storage/postgres/postgres-store.js";
import { admin, createTestDatabase, PG_SKIP, type TestDatabase } from "../pg-database.js";
import { freePort } from "../pg-own-cluster.js";
import { skippedWhen } from "../skipped-when.js";
import { type TcpProxy, tcpProxy } from "../tcp-proxy.js";

const actor = { tokenId: null };

/** `url` with its host list replaced by `hosts` and its query by `query`. */
function withHosts(url: string, hosts: string, query: string): string {
  const u = new URL(url);
  const auth = u.username === "" ? "" : `${u.username}${u.password ? `:${u.password}` : ""}@`;
  return `postgres://${auth}${hosts}${u.pathname}?${query}`;
}

describe("--db with several servers", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  let db: TestDatabase;
  const proxies: TcpProxy[] = [];
  const role = `urnkit_ro_${randomBytes(4).toString("hex")}`;

  before(async () => {
    db = await createTestDatabase();
    const direct = new URL(db.url);
    for (let i = 0; i < 2; i++) proxies.push(await tcpProxy(direct.hostname, Number(direct.port)));
    await admin(async (c) => {
      await c.query(`CREATE ROLE ${role} LOGIN`);
      await c.query(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    });
  });
  after(async () => {
    for (const proxy of proxies) await proxy.close();
    await db?.drop();
    await admin((c) => c.query(`DROP ROLE IF EXISTS ${role}`));
  });

  it("passes over a server that refuses connections", async () => {
    const closed = await freePort();
    const url = withHosts(
      db.url,
      `127.0.0.1:${closed},127.0.0.1:${proxies[0]?.port}`,
      "target_session_attrs=read-write",
    );
    const store = await openPostgresStore({ url, connectTimeoutMs: 1000 });
    try {
      await store.namespaces.create({ nid: "example", local: true }, actor);
      assert.equal((await store.namespaces.get("example"))?.nid, "example");
    } finally {
      await store.close();
    }
  });

  it("refuses to start when no server takes writes, naming each and what it was", async () => {
    const u = new URL(db.url);
    const url = `postgres://${role}@127.0.0.1:${proxies[0]?.port},127.0.0.1:${proxies[1]?.port}${u.pathname}?target_session_attrs=read-write`;
    await assert.rejects(
      openPostgresStore({ url, connectTimeoutMs: 1000 }),
      (error: Error & { code?: string }) => {
        assert.equal(error.code, "08001");
        assert.match(error.message, /takes read-write sessions/);
        assert.match(
          error.message,
          new RegExp(`127\\.0\\.0\\.1:${proxies[0]?.port}: primary, read-only`),
        );
        assert.match(
          error.message,
          new RegExp(`127\\.0\\.0\\.1:${proxies[1]?.port}: primary, read-only`),
        );
        return true;
      },
    );
  });

  it("goes on with the next server when the one in use is lost", async () => {
    const [first, second] = proxies as [TcpProxy, TcpProxy];
    const url = withHosts(
      db.url,
      `127.0.0.1:${first.port},127.0.0.1:${second.port}`,
      "target_session_attrs=read-write",
    );
    const store = await openPostgresStore({ url, connectTimeoutMs: 1000 });
    const app = await buildServer({ store });
    try {
      const token = (await issueToken(store, { role: "admin" }, actor)).token;
      const register = (n: number) =>
        app.inject({
          method: "POST",
          url: "/api/v1/urns",
          headers: { authorization: `Bearer ${token}` },
          payload: { urn: `urn:example:moved-${n}`, status: "active" },
        });
      assert.equal((await register(0)).statusCode, 201);
      await first.cut();
      // While the lost server's connections fail, 503; then the next server, within seconds.
      const statuses: number[] = [];
      for (let n = 1; n <= 50; n++) {
        const status = (await register(n)).statusCode;
        statuses.push(status);
        if (status === 201) break;
        assert.equal(status, 503);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal(statuses.at(-1), 201, `answers after the loss: ${statuses.join(" ")}`);
    } finally {
      await app.close();
      await store.close();
      await first.restore();
    }
  });

  it("shows the location without its password", () => {
    assert.equal(
      displayLocation(
        "postgres://urnkit:secret@db1:5432,db2:5432/urnkit?target_session_attrs=read-write",
      ),
      "postgres://urnkit:***@db1:5432,db2:5432/urnkit?target_session_attrs=read-write",
    );
  });
});
