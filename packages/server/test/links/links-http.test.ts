// Link health over HTTP, on every engine: resolution redirects to a healthy locator once the
// best one has failed 3 checks in a row, on the fast path and on fastify's route alike, and
// text/uri-list still lists every active locator (the failing one last); the record page shows
// each locator's health; GET /api/v1/links pages (items, next, Link) by status, organisation and
// prefix; the CSV and JSON exports; the /links page; the Prometheus gauges. The checks are
// stored directly: the checker itself is tested in links-checker.test.ts.

import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server.js";
import type { LinkCheck } from "../../src/storage/links.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const T = "2026-11-20T10:00:00.000Z";

const gone: LinkCheck = {
  checked: T,
  outcome: "client-error",
  status: 410,
  finalUrl: null,
  latencyMs: 12.4,
  message: "HTTP 410",
};
const fine: LinkCheck = { ...gone, outcome: "ok", status: 200, message: null };

for (const engine of engines) {
  describe(`link health over HTTP (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let routed: FastifyInstance;
    const origins: string[] = [];
    /** Locator ids by URL. */
    const ids = new Map<string, number>();

    before(async () => {
      h = await engine.open();
      const { store } = h;
      await store.namespaces.create({ nid: "example", local: true }, actor);
      await store.organisations.create({ id: "lib", name: "The Library" }, actor);
      await store.organisations.create({ id: "maps", name: "The Map Room" }, actor);
      // The report's prefix filter names registered prefixes.
      for (const [prefix, organisation] of [
        ["urn:example:b", "lib"],
        ["urn:example:m", "maps"],
        ["urn:example:f", "maps"],
      ] as const)
        await store.prefixes.create(
          { ...DEFAULT_POLICY, prefix, nid: "example", organisation },
          actor,
        );
      const make = (name: string, organisation: string | null, prefix: string, urls: string[]) =>
        store.records.create(
          {
            urn: `urn:example:${name}`,
            key: `urn:example:${name}`,
            nid: "example",
            status: "active",
            organisation,
            prefix,
            locators: urls.map((url, i) => ({ url, priority: 10 - i })),
          },
          actor,
        );
      await make("book", "lib", "urn:example:b", [
        "https://best.example/book",
        "https://second.example/book",
      ]);
      await make("map", null, "urn:example:m", ["https://maps.example/1"]);
      await make("fine", null, "urn:example:f", ["https://fine.example/"]);
      for (const row of await store.links.report({ status: "all", limit: 100 })) {
        ids.set(row.url, row.id);
      }
      for (let i = 0; i < 3; i++) {
        await store.links.recordCheck(ids.get("https://best.example/book") as number, gone, 3);
      }
      await store.links.recordCheck(ids.get("https://second.example/book") as number, fine, 3);
      await store.links.recordCheck(ids.get("https://maps.example/1") as number, gone, 3);
      await store.links.recordCheck(ids.get("https://fine.example/") as number, fine, 3);

      app = await buildServer({ store });
      // A server that logs requests answers resolution through fastify's route, not the fast path.
      const sink = new Writable({ write: (_c, _e, done) => done() });
      routed = await buildServer({ store, logger: { level: "info", stream: sink } });
      for (const server of [app, routed]) {
        await server.listen({ port: 0, host: "127.0.0.1" });
        origins.push(`http://127.0.0.1:${(server.server.address() as { port: number }).port}`);
      }
    });
    after(async () => {
      await app.close();
      await routed.close();
      await h.close();
    });

    it("redirects to the healthy locator, on the fast path and fastify's route alike", async () => {
      for (const origin of origins) {
        const r = await fetch(`${origin}/urn:example:book`, { redirect: "manual" });
        assert.equal(r.status, 303, origin);
        assert.equal(r.headers.get("location"), "https://second.example/book", origin);
      }
    });

    it("text/uri-list lists every active locator, the failing one last", async () => {
      for (const origin of origins) {
        const r = await fetch(`${origin}/urn:example:book`, {
          headers: { accept: "text/uri-list" },
        });
        assert.equal(r.status, 200);
        const lines = (await r.text()).split(/\r?\n/).filter((l) => l !== "" && !l.startsWith("#"));
        assert.deepEqual(lines, ["https://second.example/book", "https://best.example/book"]);
      }
    });

    it("the record page shows each locator's health", async () => {
      const r = await app.inject({ url: "/record/urn:example:book" });
      assert.equal(r.statusCode, 200);
      const best = r.body.indexOf("https://best.example/book");
      const second = r.body.indexOf("https://second.example/book");
      assert.ok(second > 0 && best > second, "in resolution order");
      assert.match(
        r.body,
        /client-error<\/span> 410, 3 checks in a row <strong>\(ranked last\)<\/strong>/,
      );
      assert.match(r.body, /<span class="badge ok">ok<\/span> 200/);
    });

    it("GET /api/v1/links?status=broken lists the failing locators, a page at a time", async () => {
      const first = await app.inject({ url: "/api/v1/links?status=broken&limit=1" });
      assert.equal(first.statusCode, 200);
      const page1 = first.json();
      assert.equal(page1.items.length, 1);
      assert.deepEqual(page1.items[0], {
        urn: "urn:example:book",
        url: "https://best.example/book",
        organisation: "lib",
        prefix: "urn:example:b",
        checked: T,
        outcome: "client-error",
        status: 410,
        finalUrl: null,
        latencyMs: 12,
        failures: 3,
        demoted: true,
        message: "HTTP 410",
      });
      assert.equal(typeof page1.next, "string");
      assert.equal(
        first.headers.link,
        `</api/v1/links?status=broken&limit=1&cursor=${page1.next}>; rel="next"`,
      );
      const second = (
        await app.inject({ url: `/api/v1/links?status=broken&limit=1&cursor=${page1.next}` })
      ).json();
      assert.deepEqual(
        second.items.map((i: { url: string }) => i.url),
        ["https://maps.example/1"],
      );
      const third = await app.inject({
        url: `/api/v1/links?status=broken&limit=1&cursor=${second.next}`,
      });
      assert.deepEqual(third.json(), { items: [], next: null });
      assert.equal(third.headers.link, undefined);
    });

    it("filters by organisation, prefix and status", async () => {
      const urls = async (query: string) =>
        (await app.inject({ url: `/api/v1/links?${query}` }))
          .json()
          .items.map((i: { url: string }) => i.url);
      assert.deepEqual(await urls("status=broken&organisation=lib"), ["https://best.example/book"]);
      assert.deepEqual(await urls("prefix=urn:example:m"), ["https://maps.example/1"]);
      // Any equivalent spelling (RFC 8141 §3.1: "urn" and the NID case-insensitive), as
      // /api/v1/urns?prefix= reads it; a prefix not registered here is refused, not matched as none.
      assert.deepEqual(await urls("prefix=URN:EXAMPLE:m"), ["https://maps.example/1"]);
      for (const url of [
        "/api/v1/links?prefix=urn:example:zz",
        "/api/v1/links/export?prefix=urn:example:zz",
      ]) {
        const unknown = await app.inject({ url });
        assert.equal(unknown.statusCode, 404, url);
        assert.equal(unknown.json().code, "unknown-prefix");
        assert.match(unknown.json().detail, /no prefix "urn:example:zz" in namespace "example"/);
      }
      const notPrefix = await app.inject({ url: "/api/v1/links?prefix=example" });
      assert.equal(notPrefix.statusCode, 400);
      assert.equal(notPrefix.json().errors[0].path, "/prefix");
      assert.deepEqual(await urls("status=demoted"), ["https://best.example/book"]);
      assert.deepEqual(await urls("status=ok"), [
        "https://second.example/book",
        "https://fine.example/",
      ]);
      assert.deepEqual(await urls("status=unchecked"), []);
      const bad = await app.inject({ url: "/api/v1/links?status=dead" });
      assert.equal(bad.statusCode, 400);
      const cursor = await app.inject({ url: "/api/v1/links?cursor=nonsense" });
      assert.equal(cursor.statusCode, 400);
      assert.equal(cursor.json().code, "bad-cursor");
    });

    it("exports the selection as CSV and as JSON", async () => {
      const csv = await app.inject({ url: "/api/v1/links/export?status=broken" });
      assert.equal(csv.statusCode, 200);
      assert.match(String(csv.headers["content-type"]), /^text\/csv/);
      assert.equal(
        csv.body,
        "urn,url,organisation,prefix,checked,outcome,status,finalUrl,latencyMs,failures,demoted,message\r\n" +
          `urn:example:book,https://best.example/book,lib,urn:example:b,${T},client-error,410,,12,3,true,HTTP 410\r\n` +
          `urn:example:map,https://maps.example/1,,urn:example:m,${T},client-error,410,,12,1,false,HTTP 410\r\n`,
      );
      const json = await app.inject({ url: "/api/v1/links/export?format=json&organisation=lib" });
      assert.equal(json.statusCode, 200);
      assert.deepEqual(
        json.json().map((r: { url: string; outcome: string }) => [r.url, r.outcome]),
        [
          ["https://best.example/book", "client-error"],
          ["https://second.example/book", "ok"],
        ],
      );
    });

    it("the /links page lists the report for an organisation and prefix", async () => {
      const r = await app.inject({ url: "/links?status=broken&organisation=lib" });
      assert.equal(r.statusCode, 200);
      assert.match(String(r.headers["content-type"]), /^text\/html/);
      assert.match(r.body, /https:\/\/best\.example\/book/);
      assert.doesNotMatch(r.body, /https:\/\/maps\.example\/1/);
      assert.match(r.body, /<option value="lib" selected>/);
      assert.match(
        r.body,
        /href="\/api\/v1\/links\/export\?status=broken&amp;organisation=lib&amp;format=csv"/,
      );
      for (const spelling of ["urn:example:m", "URN:Example:m"]) {
        const prefix = await app.inject({ url: `/links?status=all&prefix=${spelling}` });
        assert.equal(prefix.statusCode, 200, spelling);
        assert.match(prefix.body, /https:\/\/maps\.example\/1/);
        assert.doesNotMatch(prefix.body, /best\.example/);
      }
      const unknown = await app.inject({ url: "/links?status=all&prefix=urn:example:zz" });
      assert.equal(unknown.statusCode, 404);
      assert.match(
        unknown.body,
        /&quot;urn:example:zz&quot; is not a prefix here\.|"urn:example:zz" is not a prefix here\./,
      );
    });

    it("Prometheus gauges count the checked locators by outcome", async () => {
      const r = await app.inject({ url: "/metrics" });
      assert.equal(r.statusCode, 200);
      assert.match(r.body, /^# TYPE urnkit_links gauge$/m);
      assert.match(r.body, /^urnkit_links\{outcome="ok"\} 2$/m);
      assert.match(r.body, /^urnkit_links\{outcome="client-error"\} 2$/m);
      assert.match(r.body, /^urnkit_links\{outcome="timeout"\} 0$/m);
      assert.match(r.body, /^urnkit_links_demoted 1$/m);
    });
  });
}
