// `urnkit serve`, `token create`/`revoke`, `import` and `export` against a SQLite file: a token comes out as
// the last line, an export imports back unchanged, and the server answers on the address it prints
// (on standard error: standard output is for log lines).

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { run, suiteDatabaseFile } from "./run-cli.js";
import { serve } from "./serve-process.js";

describe("registry commands", () => {
  const { dir, db, urnkit } = suiteDatabaseFile("urnkit-cli-");

  it("serve --create --example: creates the database, prints the URL and a token, resolves", async () => {
    const tokenLine = /first administrator \(id 1, shown once\):\n(\S+)\n/;
    const served = await serve(["--db", db, "--create", "--port", "0", "--example"], {}, tokenLine);
    const { url } = served;
    const token = tokenLine.exec(served.stderr())?.[1] as string;
    const r = await fetch(`${url}/urn:example:report-2024`, { redirect: "manual" });
    assert.equal(r.status, 303);
    assert.equal((await fetch(`${url}/urn:example:draft-7`)).status, 410);
    assert.equal(
      (await fetch(`${url}/urn:example:report-2019`, { redirect: "manual" })).status,
      301,
    );
    assert.equal((await fetch(`${url}/urn:example:report-2025`)).status, 404);
    // Without --delegate-public, a namespace not served here is not found.
    const nbn = await fetch(`${url}/urn:nbn:fi-fe2021050428812`, { redirect: "manual" });
    assert.equal(nbn.status, 404);
    const audit = await fetch(`${url}/api/v1/audit`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(audit.status, 200);
    assert.equal(await served.stop(), 0);
  });

  it("serve --delegate-public: a namespace not served here goes to its public resolver, a served one answers here", async () => {
    // The start-up message is on standard error (standard output carries only log lines).
    const served = await serve(["--db", db, "--port", "0", "--delegate-public"]);
    const { url } = served;
    // Only asserted, never followed.
    const nbn = await fetch(`${url}/urn:nbn:fi-fe2021050428812`, { redirect: "manual" });
    assert.equal(nbn.status, 302);
    assert.equal(nbn.headers.get("location"), "https://urn.fi/urn:nbn:fi-fe2021050428812");
    const here = await fetch(`${url}/urn:example:report-2024`, { redirect: "manual" });
    assert.equal(here.status, 303);
    assert.equal(await served.stop(), 0);
  });

  it("token create prints the token as its last line; a bad role is a usage error", async () => {
    const r = await urnkit("token create --role registrar --namespace example");
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.trim().split("\n");
    assert.match(lines.at(-1) as string, /^urnkit_[A-Za-z0-9_-]{43}$/);
    assert.match(lines[0] as string, /registrar, namespace example/);
    assert.equal((await urnkit("token create --role king")).code, 2);
    assert.equal(
      (await run(["token", "create", "--db", join(dir, "none.db"), "--role", "admin"])).code,
      2,
    );
  });

  it("token revoke ends a token: a second revoke finds no live token; a bad id is a usage error", async () => {
    const created = await urnkit("token create --role reader");
    const id = /^token (\d+):/.exec(created.stdout)?.[1] as string;
    const revoked = await urnkit("token revoke", id);
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.match(revoked.stdout, new RegExp(`token ${id} revoked`));
    const again = await urnkit("token revoke", id);
    assert.equal(again.code, 1);
    assert.match(again.stderr, new RegExp(`no live token ${id}`));
    assert.equal((await urnkit("token revoke x1")).code, 2);
  });

  it("export then import into a fresh database gives the same records; again changes nothing", async () => {
    const exported = await urnkit("export");
    assert.equal(exported.code, 0, exported.stderr);
    const lines = exported.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    // The example's 3 organisations and 3 prefixes first, then its 5 records.
    assert.equal(lines.length, 11);
    assert.deepEqual(
      lines.slice(0, 6).map((l) => Object.keys(l)[0]),
      ["organisation", "organisation", "organisation", "prefix", "prefix", "prefix"],
    );
    const file = join(dir, "dump.ndjson");
    writeFileSync(file, exported.stdout);

    const copy = join(dir, "copy.db");
    // Records need their namespace served in the target database.
    const { openSqliteStore } = await import("@urnkit/server");
    const store = await openSqliteStore(copy);
    await store.namespaces.create({ nid: "example", local: true }, { tokenId: null });
    await store.close();

    const first = await run(["import", file, "--db", copy]);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /11 lines: 11 created, 0 unchanged, 0 refused/);
    const second = await run(["import", file, "--db", copy]);
    assert.match(second.stdout, /11 lines: 0 created, 11 unchanged, 0 refused/);
    const again = await run(["export", "--db", copy, "--output", join(dir, "again.ndjson")]);
    assert.equal(again.code, 0);
    const urns = (t: string) =>
      t
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l).urn)
        .sort();
    assert.deepEqual(urns(readFileSync(join(dir, "again.ndjson"), "utf8")), urns(exported.stdout));
  });

  it("import reports refused lines with their numbers and exits 1", async () => {
    const file = join(dir, "bad.ndjson");
    writeFileSync(
      file,
      '{"urn":"urn:example:ok-1","status":"active"}\nnot json\n{"urn":"urn:nowhere:x","status":"active"}\n',
    );
    const r = await urnkit("import", file);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /line 2: .*invalid-json/);
    assert.match(r.stderr, /line 3: .*namespace "nowhere" is not served here/);
    assert.match(r.stdout, /3 lines: 1 created, 0 unchanged, 2 refused/);
  });

  it("a progress bar only on a terminal", async () => {
    const tty = await run(["export", "--db", db, "--output", join(dir, "tty.ndjson")], {
      tty: true,
    });
    assert.match(tty.stderr, /exporting/);
    const pipe = await urnkit("export --output", join(dir, "pipe.ndjson"));
    assert.equal(pipe.stderr, "");
  });
});
