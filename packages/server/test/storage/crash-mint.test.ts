// kill -9 of the server while 8 clients mint in one prefix (mints of a turn share a commit,
// storage/sqlite/commit-group.ts): after a restart every URN the server answered 201 for is
// registered with its two audit rows, no number was handed out twice, and the sequence goes on
// after the highest number registered. SQLite's integrity check passes.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import { mintingDatabase } from "../minting-database.js";
import { startListening } from "../urnkit-process.js";

const child = fileURLToPath(new URL("../fixtures/serve.ts", import.meta.url));
const PREFIX = "urn:example:k-";
const CLIENTS = 8;
/** Mints answered before the kill. */
const BEFORE_KILL = 400;

describe("kill -9 while 8 clients mint", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-crash-mint-"));
  const db = join(dir, "crash.db");
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every answered mint with its audit rows, and no number twice", async () => {
    const token = await mintingDatabase(
      db,
      { id: "org", name: "Org" },
      { prefix: PREFIX, nid: "example", modes: ["resolver"], width: 6 },
    );

    const { proc, port } = await startListening(child, [db]);
    const exited = new Promise((r) => proc.once("exit", r));
    const answered: string[] = [];
    const url = `http://127.0.0.1:${port}/api/v1/namespaces/example/prefixes/${encodeURIComponent(PREFIX)}/mint`;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        // Each client mints until the server is gone; a request cut off by the kill is no answer.
        for (let i = 0; i < 10_000 && proc.exitCode === null && proc.signalCode === null; i++) {
          try {
            const r = await fetch(url, {
              method: "POST",
              headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
              body: "{}",
            });
            if (r.status !== 201) assert.fail(`mint answered ${r.status}: ${await r.text()}`);
            answered.push(((await r.json()) as { urn: string }).urn);
          } catch (error) {
            if (error instanceof assert.AssertionError) throw error;
            return;
          }
          if (answered.length === BEFORE_KILL) proc.kill("SIGKILL");
        }
      }),
    );
    await exited;
    assert.equal(proc.signalCode, "SIGKILL");
    assert.ok(answered.length >= BEFORE_KILL);
    assert.equal(new Set(answered).size, answered.length, "a URN answered twice");

    const store = new SqliteStore({ filename: db });
    try {
      assert.deepEqual(store.db.pragma("integrity_check"), [{ integrity_check: "ok" }]);
      const rows = store.db
        .prepare<[string], { urn: string }>("SELECT urn FROM records WHERE prefix = ?")
        .all(PREFIX)
        .map((r) => r.urn);
      const registered = new Set(rows);
      assert.equal(registered.size, rows.length);
      for (const urn of answered) assert.ok(registered.has(urn), `${urn} was answered 201`);
      // Every registered mint has its two audit rows; the numbers are 1…n without a gap.
      const audited = (action: string) =>
        (
          store.db.prepare("SELECT count(*) AS n FROM audit WHERE action = ?").get(action) as {
            n: number;
          }
        ).n;
      assert.equal(audited("prefix.mint"), rows.length);
      assert.equal(audited("urn.create"), rows.length);
      const numbers = rows.map((urn) => Number(urn.slice(PREFIX.length))).sort((a, b) => a - b);
      assert.deepEqual(
        numbers,
        numbers.map((_, i) => i + 1),
      );
      const next = (await store.prefixes.get(PREFIX))?.next;
      assert.equal(next, rows.length + 1);
    } finally {
      await store.close();
    }
  });
});
