// The restore drill of docs/deploy.md, on SQLite: an online backup (`sqlite3 … .backup`) taken
// while a server keeps registering URNs is a consistent snapshot that passes the integrity check
// and `urnkit verify` (verifyRegistry, what the command runs), and a server started on the restored copy resolves every URN acknowledged before the backup
// began and still refuses to register one of them again (RFC 8141 §1.1: never reassigned).

import assert from "node:assert/strict";
import { execFile, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { promisify } from "node:util";
import { issueToken } from "../../src/registry/tokens.js";
import { openStore } from "../../src/storage/open-store.js";
import { verifyRegistry } from "../../src/verify/verify-registry.js";
import { skippedWhen } from "../skipped-when.js";
import { startUrnkit, type UrnkitProcess } from "../urnkit-process.js";

const run = promisify(execFile);
const SQLITE3 = spawnSync("sqlite3", ["-version"]).status === 0;
const BEFORE = 200;

describe("restore drill on SQLite (online backup while writing)", () => {
  const { it, before, after } = skippedWhen(
    SQLITE3 ? false : "the sqlite3 command is not installed: restore drill skipped",
  );
  // Made in before, so that a skipped suite makes no directory.
  let dir: string;
  let live: string;
  let backup: string;
  let restored: string;
  let token: string;
  let server: UrnkitProcess | undefined;
  let drill: UrnkitProcess | undefined;
  /** URNs the live server acknowledged (201) while the backup ran. */
  const during: string[] = [];

  const register = (base: string, urn: string) =>
    fetch(`${base}/api/v1/urns`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        urn,
        status: "active",
        locators: [{ url: `https://a.example/${urn}` }],
      }),
    });
  const resolve = (base: string, urn: string) => fetch(`${base}/${urn}`, { redirect: "manual" });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-drill-"));
    live = join(dir, "live", "urnkit.db");
    backup = join(dir, "backup.db");
    restored = join(dir, "restored", "urnkit.db");
    const store = await openStore(live);
    await store.namespaces.create({ nid: "example", local: true }, { tokenId: null });
    token = (await issueToken(store, { role: "admin" }, { tokenId: null })).token;
    await store.close();
    server = await startUrnkit(live);
  });
  after(async () => {
    await server?.stop();
    await drill?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("backs up a live, writing server and the copy passes the integrity check", async () => {
    const base = (server as UrnkitProcess).base;
    for (let i = 1; i <= BEFORE; i++)
      assert.equal((await register(base, `urn:example:before-${i}`)).status, 201);
    let writing = true;
    const writer = (async () => {
      for (let i = 1; writing; i++) {
        const urn = `urn:example:during-${i}`;
        if ((await register(base, urn)).status === 201) during.push(urn);
      }
    })();
    // Let some writes land first, so that the backup starts in the middle of them.
    while (during.length < 20) await new Promise((r) => setTimeout(r, 5));
    await run("sqlite3", [live, `.backup '${backup}'`]);
    writing = false;
    await writer;
    assert.equal((await register(base, "urn:example:after")).status, 201);
    const check = await run("sqlite3", [backup, "PRAGMA integrity_check"]);
    assert.equal(check.stdout.trim(), "ok");
  });

  it("a server on the restored copy answers for everything acknowledged before the backup", async () => {
    mkdirSync(join(dir, "restored"));
    copyFileSync(backup, restored);
    assert.ok(!existsSync(`${restored}-wal`));
    // `urnkit verify --db …`: read as it is, not migrated.
    const copy = await openStore(restored, { mustExist: true, migrate: false });
    const report = await verifyRegistry(copy).finally(() => copy.close());
    assert.deepEqual(report.findings, []);
    assert.equal(report.ok, true);
    drill = await startUrnkit(restored);
    const base = drill.base;
    assert.equal((await fetch(`${base}/readyz`)).status, 200);
    for (let i = 1; i <= BEFORE; i++) {
      const r = await resolve(base, `urn:example:before-${i}`);
      assert.equal(r.status, 303);
      assert.equal(r.headers.get("location"), `https://a.example/urn:example:before-${i}`);
    }
    // Written after the backup finished: not in it.
    assert.equal((await resolve(base, "urn:example:after")).status, 404);
    // Written while it ran: a prefix of them made it, each one whole.
    const present: string[] = [];
    for (const urn of during) if ((await resolve(base, urn)).status === 303) present.push(urn);
    assert.deepEqual(present, during.slice(0, present.length));
    const exported = await fetch(`${base}/api/v1/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal((await exported.text()).trim().split("\n").length, BEFORE + present.length);
  });

  it("the restored registry still refuses reassignment and takes new URNs", async () => {
    const base = (drill as UrnkitProcess).base;
    assert.equal((await register(base, "URN:EXAMPLE:before-1")).status, 409);
    assert.equal((await register(base, "urn:example:drill")).status, 201);
  });
});
