// --db-read: resolution lookups go to the read connection, writes and the registry API to the
// primary. The "replica" is a second connection string to the same server, logging in as a role
// that may only read (as a hot standby would refuse writes); taking its SELECT right away breaks
// resolution and nothing else, which shows where each query goes.

import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe } from "node:test";
import pg from "pg";
import { issueToken } from "../../src/registry/tokens.js";
import {
  admin,
  createTestDatabase,
  openTestStore,
  PG_SKIP,
  type TestDatabase,
} from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";
import { callUrnkit, startUrnkit, type UrnkitProcess } from "../urnkit-process.js";

describe("--db-read sends resolution to the replica", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  let db: TestDatabase;
  let server: UrnkitProcess;
  let token: string;
  let primary: pg.Client;
  const role = `urnkit_replica_${randomBytes(4).toString("hex")}`;

  const api = (method: string, path: string, body?: unknown) =>
    callUrnkit(server.base, token, method, path, body);
  const resolveStatus = async (urn: string) =>
    (await fetch(`${server.base}/${urn}`, { redirect: "manual" })).status;

  before(async () => {
    db = await createTestDatabase();
    const store = await openTestStore(db.url);
    await store.namespaces.create({ nid: "example", local: true }, { tokenId: null });
    token = (await issueToken(store, { role: "admin" }, { tokenId: null })).token;
    await store.close();
    primary = new pg.Client({ connectionString: db.url });
    await primary.connect();
    await primary.query(`CREATE ROLE ${role} LOGIN`);
    await primary.query(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    await primary.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${role}`);
    const replica = new URL(db.url);
    replica.username = role;
    replica.password = "";
    server = await startUrnkit(db.url, replica.toString());
  });
  after(async () => {
    await server?.stop();
    await primary?.end();
    await db?.drop();
    await admin((c) => c.query(`DROP ROLE IF EXISTS ${role}`));
  });

  it("writes reach the primary (the replica role could not make them)", async () => {
    const r = await api("POST", "/api/v1/urns", {
      urn: "urn:example:replicated",
      status: "active",
      locators: [{ url: "https://a.example/replicated" }],
    });
    assert.equal(r.status, 201);
  });

  it("GET /{urn} is answered from the replica connection", async () => {
    assert.equal(await resolveStatus("urn:example:replicated"), 303);
    const { rows } = await primary.query(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND datname = $2",
      [role, db.name],
    );
    assert.ok(rows[0].n >= 1, "the server holds a connection as the replica role");
  });

  it("without the replica, resolution fails and the registry API still answers", async () => {
    await primary.query(`REVOKE SELECT ON records FROM ${role}`);
    try {
      assert.equal(await resolveStatus("urn:example:replicated"), 500);
      const record = await api("GET", "/api/v1/urns/urn:example:replicated");
      assert.equal(record.status, 200);
    } finally {
      await primary.query(`GRANT SELECT ON records TO ${role}`);
    }
    assert.equal(await resolveStatus("urn:example:replicated"), 303);
  });
});
