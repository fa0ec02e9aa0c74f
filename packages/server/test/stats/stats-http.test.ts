// Statistics over HTTP, on every engine (issue 20, "Statistics"): resolutions counted per day by
// namespace, prefix, organisation and URN and by outcome, crawlers apart; assignments counted from
// every write path (API, minting, reservations, activation, deactivation, import); day and month
// rollups, top URNs and prefixes, paging and the bounds. Every expected count is worked out from
// the requests the test itself sends.

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const LIB = encodeURIComponent("urn:example:lib-");
const FAC = encodeURIComponent("urn:example:fac-");

for (const engine of engines) {
  describe(`statistics over HTTP (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let auth: Record<string, string>;
    const today = new Date().toISOString().slice(0, 10);
    const month = today.slice(0, 7);
    const json = (r: { body: string }) => JSON.parse(r.body);
    const get = async (url: string, status = 200) => {
      const r = await app.inject({ url });
      assert.equal(r.statusCode, status, `${url}: ${r.body}`);
      return r;
    };
    const items = async (url: string) => json(await get(url)).items;
    const write = async (url: string, payload: unknown, status = 201) => {
      const r = await app.inject({
        method: "POST",
        url,
        headers: auth,
        payload: payload as object,
      });
      assert.equal(r.statusCode, status, `${url}: ${r.body}`);
      return r;
    };
    const resolve = async (urn: string, userAgent: string, accept?: string) =>
      app.inject({
        url: `/${urn}`,
        headers: { "user-agent": userAgent, ...(accept === undefined ? {} : { accept }) },
      });

    before(async () => {
      h = await engine.open();
      app = await buildServer({ store: h.store });
      auth = {
        authorization: `Bearer ${(await issueToken(h.store, { role: "admin" }, actor)).token}`,
      };
      await write("/api/v1/namespaces", { nid: "example", local: true });
      await write("/api/v1/namespaces", {
        nid: "away",
        local: true,
        delegate: [{ prefix: "", url: "https://other.example/{urn}" }],
      });
      await write("/api/v1/organisations", { id: "lib", name: "Library" });
      await write("/api/v1/organisations", { id: "fac", name: "Faculty" });
      await write("/api/v1/namespaces/example/prefixes", {
        prefix: "urn:example:lib-",
        organisation: "lib",
      });
      await write("/api/v1/namespaces/example/prefixes", {
        prefix: "urn:example:fac-",
        organisation: "fac",
      });
      // Assignments: lib- 4 registered (2 by the API, 2 minted), 1 deactivated; fac- 4 registered
      // (1 by the API, 3 reserved), 1 activated; outside every prefix 2 registered (1 by the API,
      // 1 imported deactivated), 1 deactivated.
      const locators = [{ url: "https://lib.example/1" }];
      await write("/api/v1/urns", { urn: "urn:example:lib-1", status: "active", locators });
      await write("/api/v1/urns", { urn: "urn:example:lib-2", status: "active", locators });
      await write(`/api/v1/namespaces/example/prefixes/${LIB}/mint`, { status: "active" });
      await write(`/api/v1/namespaces/example/prefixes/${LIB}/mint`, { status: "active" });
      await write("/api/v1/urns", { urn: "urn:example:fac-1", status: "reserved" });
      await write(`/api/v1/namespaces/example/prefixes/${FAC}/reservations`, { count: 3 });
      await write("/api/v1/urns", { urn: "urn:example:plain", status: "active", locators });
      await write("/api/v1/urns/urn:example:fac-1/activate", undefined, 200);
      await write("/api/v1/urns/urn:example:lib-2/deactivate", { reason: "withdrawn" }, 200);
      const imported = await app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: { ...auth, "content-type": "application/x-ndjson" },
        payload: `${JSON.stringify({ urn: "urn:example:old", status: "deactivated", reason: "gone" })}\n`,
      });
      assert.equal(imported.statusCode, 200, imported.body);
      // Resolutions: lib-1 redirected 3 times to a browser and 2 to a crawler, once as a list and
      // once as JSON; lib-2 gone; lib-404 and a made-up namespace not found; plain redirected;
      // away delegated.
      for (let i = 0; i < 3; i++) await resolve("urn:example:lib-1", BROWSER);
      for (let i = 0; i < 2; i++) await resolve("urn:example:lib-1", GOOGLEBOT);
      await resolve("urn:example:lib-1", BROWSER, "text/uri-list");
      await resolve("urn:example:lib-1", BROWSER, "application/json");
      await resolve("urn:example:lib-2", BROWSER);
      await resolve("urn:example:lib-404", BROWSER);
      await resolve("urn:made-up:x", GOOGLEBOT);
      await resolve("urn:example:plain", BROWSER);
      await resolve("urn:away:x", BROWSER);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    const series = (url: string) =>
      items(url).then((xs: { period: string; outcome: string; count: number }[]) =>
        xs.map((x) => `${x.period} ${x.outcome} ${x.count}`),
      );

    it("counts resolutions by outcome, crawlers apart, per day and per month", async () => {
      const base = "/api/v1/stats/resolutions/series";
      const all = [
        `${today} delegated 1`,
        `${today} gone 1`,
        `${today} metadata 1`,
        `${today} not-found 2`,
        `${today} redirect 6`,
        `${today} uri-list 1`,
      ];
      assert.deepEqual(await series(base), all);
      assert.deepEqual(
        await series(`${base}?granularity=month`),
        all.map((x) => x.replace(today, month)),
      );
      assert.deepEqual(await series(`${base}?bots=only`), [
        `${today} not-found 1`,
        `${today} redirect 2`,
      ]);
      assert.deepEqual(await series(`${base}?bots=exclude&outcome=redirect`), [
        `${today} redirect 4`,
      ]);
    });

    it("counts resolutions by namespace, prefix and organisation", async () => {
      const base = "/api/v1/stats/resolutions/series";
      assert.deepEqual(await series(`${base}?organisation=lib`), [
        `${today} gone 1`,
        `${today} metadata 1`,
        `${today} not-found 1`,
        `${today} redirect 5`,
        `${today} uri-list 1`,
      ]);
      assert.deepEqual(await series(`${base}?prefix=${FAC}`), []);
      assert.deepEqual(await series(`${base}?nid=away`), [`${today} delegated 1`]);
      assert.deepEqual(await series(`${base}?nid=(elsewhere)`), [`${today} not-found 1`]);
      // The per-namespace counts of earlier versions go on: 3 + 2 + 1 + 1 + 1 + 1 + 1 in example.
      assert.deepEqual(await items(`/api/v1/stats/resolutions?nid=example`), [
        { nid: "example", day: today, count: 10 },
      ]);
    });

    it("counts assignments from every write path, by prefix and organisation", async () => {
      const events = async (query: string) =>
        (await items(`/api/v1/stats/assignments${query}`)).map(
          (x: { period: string; event: string; count: number }) =>
            `${x.period} ${x.event} ${x.count}`,
        );
      assert.deepEqual(await events(""), [
        `${today} activated 1`,
        `${today} deactivated 2`,
        `${today} registered 10`,
      ]);
      assert.deepEqual(await events(`?prefix=${LIB}`), [
        `${today} deactivated 1`,
        `${today} registered 4`,
      ]);
      assert.deepEqual(await events("?organisation=fac&granularity=month"), [
        `${month} activated 1`,
        `${month} registered 4`,
      ]);
    });

    it("lists the top URNs and prefixes, a page at a time", async () => {
      const top = (query: string) => items(`/api/v1/stats/top-urns${query}`);
      assert.deepEqual(await top(""), [
        { urn: "urn:example:lib-1", organisation: "lib", count: 7 },
        { urn: "urn:example:lib-2", organisation: "lib", count: 1 },
        { urn: "urn:example:plain", organisation: "", count: 1 },
      ]);
      assert.deepEqual(await top("?bots=only"), [
        { urn: "urn:example:lib-1", organisation: "lib", count: 2 },
      ]);
      // Paged by count, then URN: each page's next (and Link header) leads to the following one.
      const first = await get("/api/v1/stats/top-urns?limit=2");
      assert.deepEqual(
        json(first).items.map((x: { urn: string }) => x.urn),
        ["urn:example:lib-1", "urn:example:lib-2"],
      );
      const next = json(first).next as string;
      assert.match(
        String(first.headers.link),
        /^<\/api\/v1\/stats\/top-urns\?limit=2&cursor=[^>]+>; rel="next"$/,
      );
      const second = json(await get(`/api/v1/stats/top-urns?limit=2&cursor=${next}`));
      assert.deepEqual(second, {
        items: [{ urn: "urn:example:plain", organisation: "", count: 1 }],
        next: null,
      });
      assert.deepEqual(await items("/api/v1/stats/top-prefixes"), [
        { prefix: "urn:example:lib-", organisation: "lib", count: 9 },
      ]);
      assert.deepEqual(await items("/api/v1/stats/top-prefixes?outcome=not-found"), [
        { prefix: "urn:example:lib-", organisation: "lib", count: 1 },
      ]);
    });

    it("answers one URN's resolutions per day or month, in any of its spellings", async () => {
      const s = "/api/v1/stats/urn-resolutions";
      // lib-1: 3 redirects, a list and JSON for people, 2 redirects for a crawler.
      const cases: [string, { period: string; count: number }[]][] = [
        ["urn=urn:example:lib-1", [{ period: today, count: 7 }]],
        ["urn=URN:EXAMPLE:lib-1&bots=only", [{ period: today, count: 2 }]],
        ["urn=urn:example:lib-1&bots=exclude&granularity=month", [{ period: month, count: 5 }]],
        ["urn=urn:example:lib-1&from=2026-01-01&to=2026-01-31", []],
        // Registered and never resolved.
        ["urn=urn:example:fac-1", []],
      ];
      for (const [query, expected] of cases)
        assert.deepEqual(await items(`${s}?${query}`), expected, query);
      const code = async (query: string, status: number, expected: string) =>
        assert.equal(json(await get(`${s}?${query}`, status)).code, expected, query);
      await code("urn=urn:example:lib-404", 404, "unknown-urn");
      await code("urn=urn:example:lib-1&from=2026-03-02&to=2026-03-01", 400, "bad-range");
      await code("urn=urn:example:lib-1&from=2025-01-01&to=2026-01-02", 400, "range-too-long");
      await code("urn=urn:example:lib-1&cursor=nonsense", 400, "bad-cursor");
      await get(`${s}?urn=not-a-urn`, 400);
      await get(s, 400);
      await get(`${s}?urn=urn:example:lib-1&nid=example`, 400);
    });

    it("pages a series", async () => {
      const first = await get("/api/v1/stats/resolutions/series?limit=4");
      assert.equal(json(first).items.length, 4);
      const rest = json(
        await get(`/api/v1/stats/resolutions/series?limit=4&cursor=${json(first).next}`),
      );
      assert.deepEqual(
        rest.items.map((x: { outcome: string }) => x.outcome),
        ["redirect", "uri-list"],
      );
      assert.equal(rest.next, null);
    });

    it("refuses unbounded or malformed reads", async () => {
      const code = async (url: string, expected: string) =>
        assert.equal(json(await get(url, 400)).code, expected, url);
      const s = "/api/v1/stats/resolutions/series";
      await code(`${s}?from=2026-03-02&to=2026-03-01`, "bad-range");
      await code(`${s}?from=2025-01-01&to=2026-01-02`, "range-too-long");
      await code(`${s}?from=2026-02-30&to=2026-03-01`, "bad-date");
      await code(`${s}?limit=1001`, "bad-limit");
      await code(`${s}?cursor=nonsense`, "bad-cursor");
      await code(`${s}?prefix=%00`, "invalid-text");
      await code("/api/v1/stats/top-urns?from=2026-01-01&to=2026-02-01", "range-too-long");
      await get("/api/v1/stats/top-urns?from=2026-01-01&to=2026-01-31");
      await get("/api/v1/stats/top-urns?granularity=month", 400);
      await code("/api/v1/stats/top-urns?cursor=WyJ4IiwieSJd", "bad-cursor");
      // Schema refusals: an unknown outcome, granularity or member.
      await get(`${s}?outcome=teleported`, 400);
      await get(`${s}?granularity=week`, 400);
      await get(`${s}?colour=red`, 400);
      // Ten years by month are within bounds.
      await get(`${s}?granularity=month&from=2017-01-01&to=2026-12-31`);
    });

    it("shows the /stats pages: charts as SVG, each with its numbers in a table", async () => {
      const page = (await get("/stats")).body;
      assert.match(page, /<svg role="img" aria-labelledby="resolutions-title resolutions-desc"/);
      assert.match(page, /<svg role="img" aria-labelledby="assignments-title assignments-desc"/);
      // People by outcome (redirect, uri-list, metadata, not-found, gone, delegated), crawlers, total.
      const row = (cells: number[]) =>
        `<th scope="row">${today}</th>${cells.map((n) => `<td>${n}</td>`).join("")}</tr>`;
      const table = (id: string) => page.slice(page.indexOf(`<table id="${id}-table"`));
      assert.ok(table("resolutions").includes(row([4, 1, 1, 1, 1, 1, 3, 12])));
      assert.ok(table("assignments").includes(row([10, 1, 2, 13])));
      assert.match(
        page,
        /<a href="\/record\/urn:example:lib-1"><code>urn:example:lib-1<\/code><\/a><\/th><td class="text">lib<\/td><td>7<\/td>/,
      );
      assert.match(page, /id="broken-links"/);
      const lib = (await get("/stats?organisation=lib")).body;
      assert.match(lib, /<h1>Statistics: Library<\/h1>/);
      assert.ok(lib.includes(row([3, 1, 1, 1, 1, 0, 2, 9])));
      const prefix = (await get(`/stats?prefix=${FAC}&granularity=month`)).body;
      assert.ok(
        prefix.includes(`<th scope="row">${month}</th><td>4</td><td>1</td><td>0</td><td>5</td>`),
      );
      await get("/stats?organisation=nobody", 404);
      await get("/stats?prefix=urn%3Aexample%3Anone-", 404);
      await get("/stats?from=2020-01-01&to=2026-01-01", 400);
    });

    it("counts a resolution the fast path answers the same way", async () => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = app.server.address() as AddressInfo;
      const r = await fetch(`http://127.0.0.1:${port}/urn:example:plain`, {
        redirect: "manual",
        headers: { "user-agent": GOOGLEBOT },
      });
      assert.equal(r.status, 303);
      assert.deepEqual(await items("/api/v1/stats/top-urns?bots=only"), [
        { urn: "urn:example:lib-1", organisation: "lib", count: 2 },
        { urn: "urn:example:plain", organisation: "", count: 1 },
      ]);
    });
  });
}
