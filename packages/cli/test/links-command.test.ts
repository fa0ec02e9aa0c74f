// `urnkit links check` against a loopback server: a line per locator checked with its outcome,
// the count per outcome, exit 1 when one failed; --json; --prefix selecting records; what it
// stored (the record's health); loopback refused without --allow-private; usage errors. And
// `urnkit serve --check-links-every`: the server checks the locators due on its own, with the
// --links-* options or their URNKIT_LINKS_* variables.

import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { openSqliteStore } from "@urnkit/server";
import { suiteDatabaseFile } from "./run-cli.js";
import { runBin, serve } from "./serve-process.js";

const actor = { tokenId: null };

describe("links check", () => {
  const { db, urnkit } = suiteDatabaseFile("urnkit-links-");
  let server: Server;
  let origin = "";
  const agents: string[] = [];
  before(async () => {
    server = createServer((req, res) => {
      agents.push(req.headers["user-agent"] ?? "");
      res.writeHead(req.url === "/gone" ? 410 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const store = await openSqliteStore(db);
    await store.namespaces.create({ nid: "example", local: true }, actor);
    await store.organisations.create({ id: "lib", name: "The Library" }, actor);
    for (const prefix of ["urn:example:a-", "urn:example:b-"])
      await store.prefixes.create(
        {
          prefix,
          nid: "example",
          organisation: "lib",
          naming: null,
          urls: [],
          modes: ["registrar"],
          width: 6,
          check: "none",
          delegate: null,
          mirrors: false,
          mirrorUrls: [],
        },
        actor,
      );
    for (const [name, path, prefix] of [
      ["a-1", "/fine", "urn:example:a-"],
      ["a-2", "/gone", "urn:example:a-"],
      ["b-1", "/fine?b", "urn:example:b-"],
    ] as const) {
      const urn = `urn:example:${name}`;
      await store.records.create(
        {
          urn,
          key: urn,
          nid: "example",
          status: "active",
          prefix,
          locators: [{ url: `${origin}${path}` }],
        },
        actor,
      );
    }
    await store.close();
  });
  after(() => {
    server.close();
  });

  it("refuses the loopback server without --allow-private", async () => {
    const r = await urnkit("links check --prefix urn:example:b-");
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /^blocked +--- +\d+ ms {2}http:\/\/127\.0\.0\.1:\d+\/fine\?b {2}urn:example:b-1 {2}\(127\.0\.0\.1 is a loopback address\)\n/,
    );
    assert.equal(agents.length, 0);
  });

  it("checks the locators of a prefix, one line each, and counts the outcomes", async () => {
    const r = await urnkit(
      "links check --allow-private --prefix urn:example:a- --contact mailto:urn@library.example",
    );
    assert.equal(r.code, 1, r.stderr);
    const lines = r.stdout.trimEnd().split("\n").sort();
    assert.equal(lines.length, 3);
    assert.equal(
      lines.find((l) => l.includes("checked")),
      "2 checked: 1 client-error, 1 ok",
    );
    assert.ok(
      lines.some((l) => /^client-error +410 .*\/gone {2}urn:example:a-2 {2}\(HTTP 410\)$/.test(l)),
    );
    assert.ok(lines.some((l) => /^ok +200 .*\/fine {2}urn:example:a-1$/.test(l)));
    // HEAD /fine; HEAD /gone, answered 410, asked again with GET.
    assert.equal(agents.length, 3);
    assert.ok(
      agents.every((a) => /^urnkit\/\S+ \(link checker; mailto:urn@library\.example\)$/.test(a)),
    );
    const store = await openSqliteStore(db);
    const health = await store.links.health("urn:example:a-2");
    await store.close();
    assert.equal(health.get(`${origin}/gone`)?.outcome, "client-error");
    assert.equal(health.get(`${origin}/gone`)?.failures, 1);
  });

  it("--json: an object per locator, then the summary; exit 0 when all answer", async () => {
    const r = await urnkit("links check --allow-private --prefix urn:example:b- --json");
    assert.equal(r.code, 0, r.stderr);
    const [line, summary] = r.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(line.urn, "urn:example:b-1");
    assert.equal(line.outcome, "ok");
    assert.equal(line.status, 200);
    assert.deepEqual(summary, { summary: { checked: 1, deferred: 0, byOutcome: { ok: 1 } } });
  });

  it("--prefix in any equivalent spelling selects the same records; an unknown one exits 2", async () => {
    const json = async (prefix: string) => {
      const r = await urnkit("links", "check", "--allow-private", "--prefix", prefix, "--json");
      return {
        code: r.code,
        urns: r.stdout
          .trimEnd()
          .split("\n")
          .map((l: string) => JSON.parse(l).urn),
      };
    };
    // RFC 8141 §3.1: "urn" and the NID are case-insensitive, as /api/v1/urns?prefix= reads them.
    assert.deepEqual(await json("URN:EXAMPLE:b-"), {
      code: 0,
      urns: ["urn:example:b-1", undefined],
    });
    const before = agents.length;
    const unknown = await urnkit("links", "check", "--allow-private", "--prefix", "urn:example:c-");
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stdout, "");
    assert.match(
      unknown.stderr,
      /unknown-prefix: there is no prefix "urn:example:c-" in namespace "example"/,
    );
    const malformed = await urnkit("links", "check", "--prefix", "example");
    assert.equal(malformed.code, 2);
    assert.match(malformed.stderr, /--prefix: must be a prefix of a namespace/);
    assert.equal(agents.length, before, "nothing checked");
  });

  it("refuses limits out of range", async () => {
    for (const [flag, value] of [
      ["--per-host", "0"],
      ["--concurrency", "x"],
      ["--limit", "0"],
      ["--demote-after", "0"],
      ["--timeout", "0"],
    ]) {
      const r = await urnkit("links check", flag as string, value as string);
      assert.equal(r.code, 2, `${flag} ${value}`);
      assert.match(r.stderr, new RegExp(`error: ${flag}`));
    }
  });

  it("serve --check-links-every checks the locators due, with the URNKIT_LINKS_* settings", async () => {
    const seen = agents.length;
    // The records of this file were all checked above, less than an hour ago: nothing is due
    // but a locator never checked.
    const store = await openSqliteStore(db);
    await store.records.create(
      {
        urn: "urn:example:c-1",
        key: "urn:example:c-1",
        nid: "example",
        status: "active",
        locators: [{ url: `${origin}/fine?served` }],
      },
      actor,
    );
    await store.close();
    const served = await serve(
      ["--db", db, "--port", "0", "--check-links-every", "1h", "--links-allow-private"],
      { URNKIT_LINKS_CONTACT: "https://registry.example/contact" },
    );
    try {
      let items: { url: string; outcome: string | null }[] = [];
      for (let i = 0; i < 100 && !items.some((x) => x.url.endsWith("?served")); i++) {
        await new Promise((r) => setTimeout(r, 100));
        const page = (await (await fetch(`${served.url}/api/v1/links?status=ok`)).json()) as {
          items: typeof items;
        };
        items = page.items;
      }
      assert.equal(items.find((x) => x.url.endsWith("?served"))?.outcome, "ok");
      assert.deepEqual(
        agents.slice(seen).map((a) => a.replace(/^urnkit\/\S+ /, "")),
        ["(link checker; https://registry.example/contact)"],
      );
    } finally {
      assert.equal(await served.stop(), 0);
    }
  });

  it("serve refuses a --check-links-every that is not a duration", async () => {
    const r = await runBin(["serve", "--db", db, "--port", "0", "--check-links-every", "soon"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--check-links-every must be a duration/);
  });
});
