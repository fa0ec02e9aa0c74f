// The PostgreSQL restore drill of docs/deploy.md: pg_dump of a registry in use, pg_restore into a
// new database, and the restored registry passes `urnkit verify` (verifyRegistry, what the command
// runs), holds the same records, still refuses DELETE and reassignment (RFC 8141 §1.1) and still
// announces namespace changes.

import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { promisify } from "node:util";
import { ConflictError } from "../../src/storage/errors.js";
import type { PostgresStore } from "../../src/storage/postgres/postgres-store.js";
import { verifyRegistry } from "../../src/verify/verify-registry.js";
import { exportText } from "../export-text.js";
import {
  createTestDatabase,
  openTestPostgresStore,
  PG_SKIP,
  type TestDatabase,
} from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const run = promisify(execFile);
const actor = { tokenId: null };
const TOOLS = spawnSync("pg_dump", ["--version"]).status === 0;
const skip =
  PG_SKIP || (TOOLS ? false : "pg_dump is not installed: PostgreSQL restore drill skipped");

describe("restore drill on PostgreSQL (pg_dump, pg_restore)", () => {
  const { it, before, after } = skippedWhen(skip);
  // Made in before, so that a skipped suite makes no directory.
  let dir: string;
  let dump: string;
  let live: TestDatabase;
  let restored: TestDatabase;
  let liveStore: PostgresStore;
  let restoredStore: PostgresStore;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-pgdump-"));
    dump = join(dir, "urnkit.dump");
    live = await createTestDatabase();
    liveStore = await openTestPostgresStore({ url: live.url });
    await liveStore.namespaces.create({ nid: "example", local: true }, actor);
    for (let i = 1; i <= 50; i++)
      await liveStore.records.create(
        {
          urn: `urn:example:kept-${i}`,
          key: `urn:example:kept-${i}`,
          nid: "example",
          status: "active",
          locators: [{ url: `https://a.example/${i}` }],
          metadata: { n: i },
        },
        actor,
      );
    await liveStore.records.deactivate(
      "urn:example:kept-1",
      { reason: "merged", successor: { urn: "urn:example:kept-2", key: "urn:example:kept-2" } },
      actor,
    );
  });
  after(async () => {
    await liveStore?.close();
    await restoredStore?.close();
    await live?.drop();
    await restored?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("dumps the live database and restores it into a new one", async () => {
    await run("pg_dump", ["--format=custom", `--file=${dump}`, live.url]);
    const listing = await run("pg_restore", ["--list", dump]);
    assert.match(listing.stdout, /TABLE public records /);
    restored = await createTestDatabase();
    await run("pg_restore", ["--no-owner", `--dbname=${restored.url}`, dump]);
    restoredStore = await openTestPostgresStore({ url: restored.url }, { migrate: false });
    const report = await verifyRegistry(restoredStore);
    assert.deepEqual(report.findings, []);
    assert.equal(report.ok, true);
    assert.equal(report.records, 50);
    assert.equal(await exportText(restoredStore), await exportText(liveStore));
    assert.equal(
      (await restoredStore.records.resolve("urn:example:kept-1"))?.successor,
      "urn:example:kept-2",
    );
    assert.equal(
      (await restoredStore.audit.list(1000)).length,
      (await liveStore.audit.list(1000)).length,
    );
  });

  it("the restored registry keeps its rules and takes new URNs", async () => {
    await assert.rejects(
      restoredStore.records.create(
        { urn: "urn:example:kept-3", key: "urn:example:kept-3", nid: "example", status: "active" },
        actor,
      ),
      ConflictError,
    );
    await assert.rejects(
      restoredStore.pool.query("DELETE FROM records WHERE key = 'urn:example:kept-3'"),
      /never deleted/,
    );
    const created = await restoredStore.records.create(
      { urn: "urn:example:new", key: "urn:example:new", nid: "example", status: "reserved" },
      actor,
    );
    assert.equal(created.status, "reserved");
    // The identity sequences came along: new rows do not collide with restored ones.
    assert.equal(await restoredStore.records.count(), 51);
    const { rows } = await restoredStore.pool.query(
      "SELECT tgname FROM pg_trigger WHERE tgname = 'namespaces_changed' AND tgenabled = 'O'",
    );
    assert.equal(rows.length, 1, "namespace changes are still announced");
  });
});
