// Setting a registry up and running it as an operator would (issue 17, items 2–4): no command
// makes a database where a typo was meant (--create or `urnkit init` do, explicitly), a failed
// start leaves nothing behind, an admin token is printed only for a new registry or when asked,
// tokens can be listed, every serve option comes from the environment, and standard output
// carries only JSON log lines.

import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, it } from "node:test";
import { jsonLines, run } from "./run-cli.js";
import { runBin, serve } from "./serve-process.js";

const TOKEN = /^urnkit_[A-Za-z0-9_-]{43}$/;
const FIRST_TOKEN = /first administrator \(id \d+, shown once\):\n(urnkit_\S+)\n/;

describe("a missing database is refused unless asked for", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-setup-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const typo = join(dir, "nodir", "x.db");

  const commands: [string, string[]][] = [
    ["serve", ["serve", "--db", typo, "--port", "0"]],
    ["import", ["import", "package.json", "--db", typo]],
    ["export", ["export", "--db", typo]],
    ["token create", ["token", "create", "--db", typo, "--role", "admin"]],
    ["token list", ["token", "list", "--db", typo]],
    ["token revoke", ["token", "revoke", "--db", typo, "1"]],
    ["namespace create", ["namespace", "create", "nbn", "--db", typo]],
    ["organisation list", ["organisation", "list", "--db", typo]],
    ["prefix list", ["prefix", "list", "--db", typo]],
  ];
  for (const [name, args] of commands) {
    it(`${name} --db ${"<dir>/nodir/x.db"}: exit 2, says so, creates nothing`, async () => {
      const r = await run(args);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "");
      assert.match(
        r.stderr,
        /^error: no database at .*x\.db: the directory .*nodir does not exist either\. Check the path; to make a new registry there, /,
      );
      assert.match(r.stderr, /run `urnkit init --db .*x\.db`/);
      assert.equal(existsSync(join(dir, "nodir")), false);
    });
  }

  it("a missing file in a directory that exists is refused the same way", async () => {
    const r = await run(["export", "--db", join(dir, "typo.db")]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error: no database at .*typo\.db\. Check the path/);
    assert.deepEqual(readdirSync(dir), []);
  });

  it("only commands that can create offer --create", async () => {
    assert.match((await run(["serve", "--db", typo])).stderr, /pass --create, or run `urnkit init/);
    assert.match((await run(["import", "x", "--db", typo])).stderr, /ENOENT/, "the file first");
    // The others point to `urnkit init` and `urnkit serve --create`, not to a --create of theirs.
    assert.doesNotMatch((await run(["export", "--db", typo])).stderr, /pass --create/);
  });

  it("import --create makes the database and its directory", async () => {
    const db = join(dir, "made", "by-import.db");
    const r = await run(["import", "/dev/null", "--db", db, "--create"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^0 lines: 0 created/);
    assert.ok(existsSync(db));
  });

  it("serve --create on a busy port: exit 2 and neither the file nor its new directory stays", async () => {
    const blocker = createServer();
    await new Promise<void>((ready) => blocker.listen(0, "127.0.0.1", ready));
    const port = (blocker.address() as { port: number }).port;
    try {
      const inNewDir = join(dir, "busy", "deeper", "r.db");
      const a = await runBin(["serve", "--db", inNewDir, "--create", "--port", String(port)]);
      assert.equal(a.code, 2);
      assert.equal(
        a.stderr,
        `urnkit: cannot listen on 127.0.0.1 port ${port} (EADDRINUSE): nothing started\n`,
      );
      assert.equal(existsSync(join(dir, "busy")), false);
      mkdirSync(join(dir, "kept"));
      const b = await runBin([
        "serve",
        "--db",
        join(dir, "kept", "r.db"),
        "--create",
        "--port",
        String(port),
      ]);
      assert.equal(b.code, 2);
      assert.deepEqual(readdirSync(join(dir, "kept")), [], "no r.db, -wal or -shm");
    } finally {
      blocker.close();
    }
  });
});

describe("admin tokens: for a new registry or when asked, and listed", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-tokens-"));
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("serve prints a token on the first start only; --admin-token asks for another", async () => {
    const db = join(dir, "serve.db");
    const first = await serve(["--db", db, "--create", "--port", "0"], {}, FIRST_TOKEN);
    const token = FIRST_TOKEN.exec(first.stderr())?.[1] as string;
    assert.match(token, TOKEN);
    const audit = await fetch(`${first.url}/api/v1/tokens`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(audit.status, 200);
    assert.equal(await first.stop(), 0);
    assert.equal(first.stdout(), "", "nothing but log lines on standard output");

    const second = await serve(["--db", db, "--port", "0"]);
    assert.equal(await second.stop(), 0);
    assert.doesNotMatch(second.stderr(), /shown once/);

    const asked = await serve(["--db", db, "--port", "0", "--admin-token"], {}, /urnkit_\S+\n/);
    assert.equal(await asked.stop(), 0);
    assert.match(asked.stderr(), /^admin token \(id 2, shown once\):\nurnkit_\S+\n/m);

    const list = await run(["token", "list", "--db", db]);
    assert.equal(list.code, 0, list.stderr);
    const rows = list.stdout.trimEnd().split("\n");
    assert.match(rows[0] as string, /^id +role +namespace +label +created +revoked$/);
    assert.match(rows[1] as string, /^1 +admin +- +first start +\S+Z +live$/);
    assert.match(rows[2] as string, /^2 +admin +- +serve --admin-token +\S+Z +live$/);
    assert.equal(rows.length, 3);
  });

  it("init makes a registry and its first admin token; a second init is refused", async () => {
    const db = join(dir, "new", "init.db");
    const r = await run(["init", "--db", db, "--example"]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trimEnd().split("\n");
    assert.equal(lines[0], `created registry ${db}`);
    assert.equal(lines[1], "added the example namespace and records");
    assert.equal(lines[2], "admin token 1 (shown once):");
    assert.match(lines[3] as string, TOKEN);
    const again = await run(["init", "--db", db]);
    assert.equal(again.code, 2);
    assert.match(
      again.stderr,
      /is already a registry with tokens; make another with `urnkit token create`/,
    );
    assert.equal(jsonLines((await run(["token", "list", "--db", db, "--json"])).stdout).length, 1);

    // The registry is no longer new: serve prints no token.
    const served = await serve(["--db", db, "--port", "0"]);
    assert.equal((await fetch(`${served.url}/urn:example:draft-7`)).status, 410);
    assert.equal(await served.stop(), 0);
    assert.doesNotMatch(served.stderr(), /shown once/);
  });

  it("token list --json: one object per token, revoked ones with their date", async () => {
    const db = join(dir, "list.db");
    await run(["init", "--db", db]);
    await run(["token", "create", "--db", db, "--role", "reader", "--label", "a\tb"]);
    await run(["token", "revoke", "--db", db, "2"]);
    const r = await run(["token", "list", "--db", db, "--json"]);
    const tokens = jsonLines(r.stdout) as { id: number; label: string; revoked: string | null }[];
    assert.deepEqual(
      tokens.map((t) => [t.id, t.label, t.revoked === null]),
      [
        [1, "urnkit init", true],
        [2, "a\tb", false],
      ],
    );
    const table = await run(["token", "list", "--db", db]);
    assert.match(table.stdout, /^2 +reader +- +a\\tb +\S+Z +\S+Z$/m, "a tab shown, not typed");
  });
});

describe("serve takes every option from the environment; flags win", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-env-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const db = join(dir, "env.db");

  it("URNKIT_DB, URNKIT_CREATE, URNKIT_EXAMPLE, URNKIT_HOST, URNKIT_PORT, URNKIT_LOG", async () => {
    const free = createServer();
    await new Promise<void>((ready) => free.listen(0, "127.0.0.1", ready));
    const port = (free.address() as { port: number }).port;
    await new Promise((closed) => free.close(closed));
    const s = await serve([], {
      URNKIT_DB: db,
      URNKIT_CREATE: "yes",
      URNKIT_EXAMPLE: "1",
      URNKIT_HOST: "127.0.0.1",
      URNKIT_PORT: String(port),
      URNKIT_LOG: "info",
      PORT: "1",
    });
    assert.equal(s.url, `http://127.0.0.1:${port}`, "URNKIT_PORT before PORT");
    const r = await fetch(`${s.url}/urn:example:report-2024`, { redirect: "manual" });
    assert.equal(r.status, 303, "the example data is there");
    assert.equal(await s.stop(), 0);
    // Logging is on: standard output is JSON lines only, one of them this request's.
    const logs = jsonLines(s.stdout()) as { msg?: string; req?: { url?: string } }[];
    assert.ok(logs.some((l) => l.req?.url === "/urn:example:report-2024"));
    assert.match(s.stderr(), /^urnkit serving /m);
  });

  it("PORT when URNKIT_PORT is unset; --port over both", async () => {
    const free = createServer();
    await new Promise<void>((ready) => free.listen(0, "127.0.0.1", ready));
    const port = (free.address() as { port: number }).port;
    await new Promise((closed) => free.close(closed));
    const byPlatform = await serve(["--db", db], { PORT: String(port), URNKIT_PORT: undefined });
    assert.equal(byPlatform.url, `http://127.0.0.1:${port}`);
    assert.equal(await byPlatform.stop(), 0);
    const byFlag = await serve(["--db", db, "--port", "0"], {
      PORT: String(port),
      URNKIT_PORT: String(port),
    });
    assert.notEqual(byFlag.url, `http://127.0.0.1:${port}`);
    assert.equal(await byFlag.stop(), 0);
  });

  it("a false-looking switch is off, a value that is neither is a usage error", async () => {
    const off = await serve(["--db", db, "--port", "0"], { URNKIT_CREATE: "0" });
    assert.equal(await off.stop(), 0);
    const missing = join(dir, "never.db");
    const refused = await runBin(["serve", "--db", missing, "--port", "0"], {
      URNKIT_CREATE: "false",
    });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /no database at/);
    const bad = await runBin(["serve", "--db", db, "--port", "0"], { URNKIT_EXAMPLE: "maybe" });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /URNKIT_EXAMPLE must be one of 1, true, yes, on, 0, false, no, off/);
    const level = await runBin(["serve", "--db", db, "--port", "0"], { URNKIT_LOG: "loud" });
    assert.equal(level.code, 2);
    assert.match(
      level.stderr,
      /Allowed choices are fatal, error, warn, info, debug, trace, silent/,
    );
    assert.equal(existsSync(missing), false);
  });
});
