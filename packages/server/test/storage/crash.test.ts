// kill -9 of the server in the middle of a large streamed import: after a restart, every batch
// the server acknowledged is in the database, and SQLite's integrity check passes.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { issueToken } from "../../src/registry/tokens.js";
import { openSqliteStore, SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import { startListening } from "../urnkit-process.js";

const child = fileURLToPath(new URL("../fixtures/serve.ts", import.meta.url));

const startServer = (db: string) => startListening(child, [db]);

describe("kill -9 during a large import", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-crash-"));
  const db = join(dir, "crash.db");
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps every acknowledged batch and an intact database", async () => {
    const setup = await openSqliteStore(db);
    await setup.namespaces.create({ nid: "example", local: true }, { tokenId: null });
    const { token } = await issueToken(setup, { role: "admin" }, { tokenId: null });
    await setup.close();

    const { proc, port } = await startServer(db);
    const acked: [number, number][] = [];
    await new Promise<void>((resolve) => {
      const req = request({
        port,
        host: "127.0.0.1",
        method: "POST",
        path: "/api/v1/import",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
      });
      req.on("error", () => resolve());
      let line = 0;
      let stop = false;
      const pump = () => {
        while (!stop && line < 2_000_000) {
          let chunk = "";
          for (let i = 0; i < 500; i++) {
            line += 1;
            chunk += `{"urn":"urn:example:crash-${line}","status":"active","locators":[{"url":"https://c.example/${line}"}],"metadata":{"n":${line}}}\n`;
          }
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      req.on("response", (res) => {
        let buffer = "";
        res.on("data", (d) => {
          buffer += d;
          let nl = buffer.indexOf("\n");
          while (nl >= 0) {
            const event = JSON.parse(buffer.slice(0, nl));
            buffer = buffer.slice(nl + 1);
            nl = buffer.indexOf("\n");
            if (event.committed) acked.push(event.lines);
            if (acked.length === 20 && !stop) {
              stop = true;
              proc.kill("SIGKILL");
            }
          }
        });
        res.on("error", () => resolve());
        res.on("close", () => resolve());
      });
      pump();
    });
    await new Promise((r) =>
      proc.exitCode !== null || proc.signalCode !== null ? r(null) : proc.once("exit", r),
    );
    assert.equal(proc.signalCode, "SIGKILL");
    assert.ok(acked.length >= 20);

    const store = new SqliteStore({ filename: db });
    try {
      assert.deepEqual(store.db.pragma("integrity_check"), [{ integrity_check: "ok" }]);
      const count = await store.records.count();
      for (const [first, last] of acked)
        for (let n = first; n <= last; n++)
          assert.notEqual(
            await store.records.get(`urn:example:crash-${n}`),
            null,
            `line ${n} was acknowledged`,
          );
      assert.ok(count >= acked.length * 1000);
    } finally {
      await store.close();
    }

    const again = await startServer(db);
    try {
      const r = await fetch(`http://127.0.0.1:${again.port}/urn:example:crash-1`, {
        redirect: "manual",
      });
      assert.equal(r.status, 303);
      assert.equal(r.headers.get("location"), "https://c.example/1");
    } finally {
      again.proc.kill("SIGKILL");
    }
  });
});
