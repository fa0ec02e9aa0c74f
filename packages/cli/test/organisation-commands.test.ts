// `urnkit namespace`, `organisation`, `prefix` and `token create --organisation`: a registry for a
// new NID set up entirely from the command line, through the same validation and rules as the
// API; then a registrar token of the organisation mints in its prefix over HTTP, and an import of
// urn:nbn: records into the new database goes through.

import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { before, describe, it } from "node:test";
import { buildServer, openSqliteStore } from "@urnkit/server";
import { suiteDatabaseFile } from "./run-cli.js";

describe("namespace, organisation and prefix commands", () => {
  const { dir, db, urnkit } = suiteDatabaseFile("urnkit-org-");
  before(async () => {
    await (await openSqliteStore(db)).close();
  });

  it("namespace create|update|list: a registered NID, a local one with a minting policy", async () => {
    const nbn = await urnkit("namespace create nbn");
    assert.equal(nbn.code, 0, nbn.stderr);
    assert.equal(nbn.stdout, "namespace nbn created\n");
    const again = await urnkit("namespace create NBN");
    assert.equal(again.code, 1);
    assert.match(again.stderr, /namespace-exists/);
    const unregistered = await urnkit("namespace create no-such-nid");
    assert.equal(unregistered.code, 1);
    assert.match(unregistered.stderr, /unregistered-nid/);
    const local = await urnkit(
      "namespace create example --local --mint-prefix doc- --mint-width 4",
    );
    assert.equal(local.code, 0, local.stderr);
    const wide = await urnkit("namespace update example --mint-prefix doc- --mint-width 99");
    assert.equal(wide.code, 1);
    assert.match(wide.stderr, /\/mint\/width/);
    assert.equal((await urnkit("namespace update example --max-age 60")).code, 0);
    const list = await urnkit("namespace list");
    assert.equal(list.stdout, "example\tlocal\turn:example:doc-\nnbn\tregistered\t-\n");
  });

  it("organisation create|list: ids are slugs, never taken twice", async () => {
    const bsz = await urnkit("organisation create bsz --name", "Library Service Centre");
    assert.equal(bsz.code, 0, bsz.stderr);
    assert.equal(bsz.stdout, "organisation bsz created\n");
    const bad = await urnkit("organisation create", "Not A Slug", "--name", "x");
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /invalid-organisation[\s\S]*\/id/);
    assert.equal((await urnkit("organisation create bsz --name x")).code, 1);
    const list = await urnkit("organisation list");
    // local-registry owns the minting prefix of urn:example: (its namespace policy).
    assert.equal(
      list.stdout,
      "bsz\tactive\tLibrary Service Centre\nlocal-registry\tactive\tThis registry\n",
    );
  });

  it("prefix create|list, then a token of the organisation mints in it over HTTP", async () => {
    const created = await urnkit(
      "prefix create urn:nbn:de:bsz:14- --organisation bsz --check nbn --url https://repo.bsz.example/",
    );
    assert.equal(created.code, 0, created.stderr);
    const regex = await urnkit("prefix create urn:nbn:de:bsz:15- --organisation bsz --naming (");
    assert.equal(regex.code, 1);
    assert.match(regex.stderr, /invalid-prefix[\s\S]*\/naming/);
    assert.equal((await urnkit("prefix create nbn:x --organisation bsz")).code, 2);
    const list = await urnkit("prefix list --namespace nbn");
    assert.equal(list.stdout, "urn:nbn:de:bsz:14-\tbsz\tresolver,reservation,registrar\t1\n");

    const nobody = await urnkit("token create --role registrar --organisation nobody");
    assert.equal(nobody.code, 2);
    const made = await urnkit("token create --role registrar --organisation bsz");
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /role registrar, organisation bsz/);
    const token = made.stdout.trim().split("\n").at(-1) as string;

    const store = await openSqliteStore(db);
    const app = await buildServer({ store });
    try {
      const r = await app.inject({
        method: "POST",
        url: `/api/v1/namespaces/nbn/prefixes/${encodeURIComponent("urn:nbn:de:bsz:14-")}/mint`,
        headers: { authorization: `Bearer ${token}` },
        payload: { status: "active", locators: [{ url: "https://repo.bsz.example/1" }] },
      });
      assert.equal(r.statusCode, 201, r.body);
      // The DNB check digit of urn:nbn:de:bsz:14-000001 is 1.
      assert.equal(JSON.parse(r.body).urn, "urn:nbn:de:bsz:14-0000011");
    } finally {
      await app.close();
      await store.close();
    }
  });

  it("prefix update changes policies; organisation update deactivates and its token stops", async () => {
    const changed = await urnkit(
      "prefix update URN:NBN:DE:BSZ:14- --modes resolver,reservation --naming [0-9]{7}",
    );
    assert.equal(changed.code, 0, changed.stderr);
    assert.equal(changed.stdout, "prefix urn:nbn:de:bsz:14- updated\n");
    const bad = await urnkit("prefix update urn:nbn:de:bsz:14- --check luhn");
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /\/check/);
    const list = await urnkit("prefix list");
    assert.match(list.stdout, /^urn:nbn:de:bsz:14-\tbsz\tresolver,reservation\t2$/m);
    const made = await urnkit("token create --role reader --organisation bsz");
    const token = made.stdout.trim().split("\n").at(-1) as string;
    const off = await urnkit("organisation update bsz --inactive");
    assert.equal(off.code, 0, off.stderr);
    assert.equal(off.stdout, "organisation bsz updated (inactive)\n");
    const { openSqliteStore: open, hashToken } = await import("@urnkit/server");
    const store = await open(db);
    assert.equal(await store.tokens.find(hashToken(token)), null);
    await store.close();
    assert.equal((await urnkit("organisation update bsz --active")).code, 0);
    assert.equal((await urnkit("organisation update nobody --active")).code, 1);
  });

  it("an import of urn:nbn: records into the new database goes through", async () => {
    const file = join(dir, "nbn.ndjson");
    writeFileSync(file, '{"urn":"urn:nbn:de:bsz:14-0000029","status":"active"}\n');
    const r = await urnkit("import", file);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /1 lines: 1 created/);
  });
});
