// Listing, search and reverse lookup on every engine (GET /api/v1/urns, GET /uri-res/L2Ns): each
// filter alone and combined, paging to the end without duplicates or gaps (also while records
// are added), the full-text and URL indexes kept in step with import, PATCH and deactivation, and
// every bad parameter a 400 naming it. The expected lists are worked out by hand from the fixture
// below: key order is byte order ("A" 0x41 sorts before "a" 0x61), id order is import order.

import assert from "node:assert/strict";
import { describe } from "node:test";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

/** The fixture, in import order (so in id order). */
const FIXTURE = [
  {
    urn: "urn:example:alpha-1",
    status: "active",
    organisation: "lib",
    locators: [{ url: "HTTP://Example.ORG:80/a" }],
    metadata: { title: "Rivers of Europe", creator: "Müller" },
  },
  {
    urn: "urn:example:alpha-2",
    status: "active",
    organisation: "lib",
    locators: [{ url: "https://example.org/A" }],
    metadata: { title: "Mountains" },
  },
  {
    urn: "urn:example:beta-1",
    status: "reserved",
    organisation: "fac",
    metadata: { title: "Rivers and lakes", tags: ["hydrology", { deep: "Fjord" }], pages: 12 },
  },
  {
    urn: "urn:nbn:de:101-2024",
    status: "active",
    organisation: "fac",
    locators: [{ url: "http://example.org/a" }],
    metadata: { title: "Report 2024" },
  },
  {
    urn: "URN:NBN:DE:101-2025",
    status: "deactivated",
    reason: "withdrawn",
    locators: [{ url: "https://repo.example/x" }],
    metadata: { title: "old rivers" },
  },
  {
    urn: "urn:example:Alpha-3",
    status: "active",
    locators: [{ url: "https://example.org:8443/a" }],
  },
];

for (const engine of engines) {
  describe(`list, search and reverse lookup (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let admin: string;
    const auth = () => ({ authorization: `Bearer ${admin}` });
    const get = (url: string) => app.inject({ method: "GET", url });
    const json = (r: { body: string }) => JSON.parse(r.body);
    /** The URNs a list answers, asserting a 200. */
    const urns = async (query: string): Promise<string[]> => {
      const r = await get(`/api/v1/urns${query}`);
      assert.equal(r.statusCode, 200, r.body);
      return json(r).items.map((i: { urn: string }) => i.urn);
    };
    const importLines = async (lines: object[]) => {
      const r = await app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: { ...auth(), "content-type": "application/x-ndjson" },
        payload: `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
      });
      assert.equal(r.statusCode, 200, r.body);
      assert.match(r.body, /"errors":0/);
    };
    const send = async (method: "POST" | "PATCH", url: string, payload: object) => {
      const r = await app.inject({ method, url, headers: auth(), payload });
      assert.ok(r.statusCode < 300, r.body);
      return r;
    };

    before(async () => {
      h = await engine.open();
      app = await buildServer({ store: h.store });
      admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
      await send("POST", "/api/v1/namespaces", { nid: "example", local: true });
      await send("POST", "/api/v1/namespaces", { nid: "nbn" });
      await send("POST", "/api/v1/organisations", { id: "lib", name: "Library" });
      await send("POST", "/api/v1/organisations", { id: "fac", name: "Faculty" });
      await importLines(FIXTURE);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("lists every record, in registration order, without a token", async () => {
      assert.deepEqual(
        await urns(""),
        FIXTURE.map((r) => r.urn),
      );
      const r = await get("/api/v1/urns");
      const first = json(r).items[0];
      assert.deepEqual(Object.keys(first).sort(), [
        "created",
        "key",
        "metadata",
        "nid",
        "organisation",
        "prefix",
        "status",
        "updated",
        "urn",
      ]);
      assert.equal(first.key, "urn:example:alpha-1");
      assert.deepEqual(first.metadata, { title: "Rivers of Europe", creator: "Müller" });
      assert.equal(json(r).next, null);
      assert.equal(r.headers.link, undefined);
    });

    it("nid: the namespace's records in key order (the NID in any case)", async () => {
      const example = [
        "urn:example:Alpha-3",
        "urn:example:alpha-1",
        "urn:example:alpha-2",
        "urn:example:beta-1",
      ];
      assert.deepEqual(await urns("?nid=example"), example);
      assert.deepEqual(await urns("?nid=EXAMPLE"), example);
      assert.deepEqual(await urns("?nid=nbn"), ["urn:nbn:de:101-2024", "URN:NBN:DE:101-2025"]);
      assert.deepEqual(await urns("?nid=isbn"), []);
    });

    it("prefix: compared as equivalence keys (urn: and the NID fold, the NSS as its namespace says)", async () => {
      assert.deepEqual(await urns("?prefix=URN:Example:alpha-"), [
        "urn:example:alpha-1",
        "urn:example:alpha-2",
      ]);
      // example's NSS is case-sensitive; urn:nbn:de: folds its prefix's case (RFC 8458 §4.3).
      assert.deepEqual(await urns("?prefix=urn:example:Alpha"), ["urn:example:Alpha-3"]);
      assert.deepEqual(await urns(`?prefix=${encodeURIComponent("urn:nbn:DE:101-")}`), [
        "urn:nbn:de:101-2024",
        "URN:NBN:DE:101-2025",
      ]);
      assert.deepEqual(await urns("?prefix=urn:nbn:de:101-2025"), ["URN:NBN:DE:101-2025"]);
      assert.deepEqual(
        await urns("?prefix=urn:"),
        await urns("?limit=1000&nid=example").then(async (ex) => [
          ...ex,
          ...(await urns("?nid=nbn")),
        ]),
      );
      assert.deepEqual(await urns("?prefix=urn:example:gamma"), []);
    });

    it("organisation and status", async () => {
      assert.deepEqual(await urns("?organisation=lib"), [
        "urn:example:alpha-1",
        "urn:example:alpha-2",
      ]);
      assert.deepEqual(await urns("?organisation=fac"), [
        "urn:example:beta-1",
        "urn:nbn:de:101-2024",
      ]);
      assert.deepEqual(await urns("?organisation=nobody"), []);
      assert.deepEqual(await urns("?status=reserved"), ["urn:example:beta-1"]);
      assert.deepEqual(await urns("?status=deactivated"), ["URN:NBN:DE:101-2025"]);
      assert.deepEqual(await urns("?status=active"), [
        "urn:example:alpha-1",
        "urn:example:alpha-2",
        "urn:nbn:de:101-2024",
        "urn:example:Alpha-3",
      ]);
    });

    it("url: the scheme, host and default port normalised, the path's case kept", async () => {
      const same = ["urn:example:alpha-1", "urn:nbn:de:101-2024"];
      assert.deepEqual(await urns(`?url=${encodeURIComponent("HTTP://Example.ORG:80/a")}`), same);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("http://example.org/a")}`), same);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("http://EXAMPLE.org:/a")}`), same);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("http://example.org/A")}`), []);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("https://EXAMPLE.ORG:443/A")}`), [
        "urn:example:alpha-2",
      ]);
      // 8443 is not https's default port: it stays.
      assert.deepEqual(await urns(`?url=${encodeURIComponent("https://example.org/a")}`), []);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("HTTPS://example.org:8443/a")}`), [
        "urn:example:Alpha-3",
      ]);
    });

    it("q: words of the URN and of its metadata's string values, all required, any case", async () => {
      assert.deepEqual(await urns("?q=rivers"), [
        "urn:example:alpha-1",
        "urn:example:beta-1",
        "URN:NBN:DE:101-2025",
      ]);
      assert.deepEqual(await urns("?q=RIVERS+lakes"), ["urn:example:beta-1"]);
      assert.deepEqual(await urns(`?q=${encodeURIComponent("MÜLLER")}`), ["urn:example:alpha-1"]);
      // Nested values (an array, an object in it) are indexed; keys and numbers are not.
      assert.deepEqual(await urns("?q=hydrology"), ["urn:example:beta-1"]);
      assert.deepEqual(await urns("?q=fjord"), ["urn:example:beta-1"]);
      assert.deepEqual(await urns("?q=title"), []);
      assert.deepEqual(await urns("?q=12"), []);
      // The URN's own words: "2024" is in the URN and in a title, "2025" only in a URN.
      assert.deepEqual(await urns("?q=2024"), ["urn:nbn:de:101-2024"]);
      assert.deepEqual(await urns("?q=2025"), ["URN:NBN:DE:101-2025"]);
      assert.deepEqual(await urns("?q=alpha"), [
        "urn:example:alpha-1",
        "urn:example:alpha-2",
        "urn:example:Alpha-3",
      ]);
      // Punctuation separates words: "rivers-of-europe" is the three words.
      assert.deepEqual(await urns("?q=rivers-of-europe"), ["urn:example:alpha-1"]);
    });

    it("filters combine", async () => {
      assert.deepEqual(await urns("?q=rivers&organisation=lib"), ["urn:example:alpha-1"]);
      assert.deepEqual(await urns("?q=rivers&status=deactivated"), ["URN:NBN:DE:101-2025"]);
      assert.deepEqual(await urns("?q=rivers&nid=example"), [
        "urn:example:alpha-1",
        "urn:example:beta-1",
      ]);
      assert.deepEqual(await urns("?nid=nbn&status=active"), ["urn:nbn:de:101-2024"]);
      assert.deepEqual(await urns("?prefix=urn:example:&organisation=lib&status=active"), [
        "urn:example:alpha-1",
        "urn:example:alpha-2",
      ]);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("http://example.org/a")}&nid=nbn`), [
        "urn:nbn:de:101-2024",
      ]);
      assert.deepEqual(await urns("?nid=nbn&prefix=urn:example:"), []);
    });

    it("pages: limit, next and a Link to it, to the end without duplicates or gaps", async () => {
      const pageAll = async (query: string, limit: number) => {
        const seen: string[] = [];
        let url = `/api/v1/urns?${query}${query ? "&" : ""}limit=${limit}`;
        for (let i = 0; i < 20; i++) {
          const r = await get(url);
          assert.equal(r.statusCode, 200, r.body);
          const body = json(r);
          assert.ok(body.items.length <= limit);
          seen.push(...body.items.map((x: { urn: string }) => x.urn));
          if (body.next === null) {
            assert.equal(r.headers.link, undefined);
            return seen;
          }
          const link = String(r.headers.link);
          const m = /^<([^>]+)>; rel="next"$/.exec(link);
          assert.ok(m, link);
          assert.ok((m[1] as string).includes(`cursor=${body.next}`));
          url = m[1] as string;
        }
        assert.fail("did not reach the end");
      };
      for (const limit of [1, 2, 3, 5, 6, 7]) {
        assert.deepEqual(
          await pageAll("", limit),
          FIXTURE.map((r) => r.urn),
        );
        assert.deepEqual(await pageAll("nid=example", limit), await urns("?nid=example"));
        assert.deepEqual(await pageAll("q=rivers", limit), await urns("?q=rivers"));
      }
      // Exactly a page's worth: the page says there is no next one.
      const r = await get("/api/v1/urns?nid=nbn&limit=2");
      assert.equal(json(r).items.length, 2);
      assert.equal(json(r).next, null);
    });

    it("bad parameters: 400 naming the parameter", async () => {
      const cases: [string, string][] = [
        ["nid=bad_nid", "/nid"],
        ["status=gone", "/status"],
        ["organisation=Not%20A%20Slug", "/organisation"],
        ["updatedSince=yesterday", "/updatedSince"],
        ["updatedSince=2024-13-01", "/updatedSince"],
        ["q=%21%21%21", "/q"],
        ["q=", "/q"],
        ["prefix=isbn:123", "/prefix"],
        ["prefix=urn:example:%25zz", "/prefix"],
        ["url=", "/url"],
        ["colour=red", "/colour"],
        ["nid=a&nid=b", "/nid"],
      ];
      for (const [query, path] of cases) {
        const r = await get(`/api/v1/urns?${query}`);
        assert.equal(r.statusCode, 400, `${query}: ${r.body}`);
        assert.equal(r.headers["content-type"], "application/problem+json; charset=utf-8");
        assert.equal(json(r).errors[0].path, path, `${query}: ${r.body}`);
      }
      for (const limit of ["0", "1001", "ten", "-1"]) {
        const r = await get(`/api/v1/urns?limit=${limit}`);
        assert.equal(r.statusCode, 400, r.body);
        assert.equal(json(r).code, "bad-limit");
        assert.match(json(r).detail, /limit/);
      }
      assert.equal(json(await get("/api/v1/urns?cursor=garbage")).code, "bad-cursor");
      // A cursor of one order used with the other.
      const byId = json(await get("/api/v1/urns?limit=1")).next;
      const r = await get(`/api/v1/urns?nid=example&cursor=${byId}`);
      assert.equal(r.statusCode, 400);
      assert.equal(json(r).errors[0].path, "/cursor");
    });

    it("GET /uri-res/L2Ns?{url}: text/uri-list, the URL in the first line's comment; 404 when none", async () => {
      const r = await get("/uri-res/L2Ns?HTTP://Example.ORG:80/a");
      assert.equal(r.statusCode, 200, r.body);
      assert.equal(r.headers["content-type"], "text/uri-list; charset=utf-8");
      assert.equal(
        r.body,
        "# HTTP://Example.ORG:80/a\r\nurn:example:alpha-1\r\nurn:nbn:de:101-2024\r\n",
      );
      // The query is taken whole and unmodified, its own "?" and "&" included.
      await importLines([
        {
          urn: "urn:example:query-1",
          status: "active",
          locators: [{ url: "https://example.org/find?a=1&b=2" }],
        },
      ]);
      const q = await get("/uri-res/L2Ns?https://EXAMPLE.org/find?a=1&b=2");
      assert.equal(q.body, "# https://EXAMPLE.org/find?a=1&b=2\r\nurn:example:query-1\r\n");
      const none = await get("/uri-res/L2Ns?https://nowhere.example/");
      assert.equal(none.statusCode, 404);
      assert.equal(
        (
          await app.inject({
            method: "GET",
            url: "/uri-res/L2Ns?https://nowhere.example/",
            headers: { accept: "application/json" },
          })
        ).headers["content-type"],
        "application/problem+json; charset=utf-8",
      );
      // A browser gets a page about the URL, not one taking it for a malformed URN.
      const page = await app.inject({
        method: "GET",
        url: "/uri-res/L2Ns?https://nowhere.example/",
        headers: { accept: "text/html" },
      });
      assert.equal(page.statusCode, 404);
      assert.match(page.body, /no URN registered here has the locator https:\/\/nowhere.example\//);
      assert.doesNotMatch(page.body, /Not a URN/);
      assert.equal((await get("/uri-res/L2Ns")).statusCode, 400);
      assert.equal((await get("/uri-res/L2Ns?")).statusCode, 400);
    });

    it("stable while records are added: each record present throughout is seen exactly once", async () => {
      for (const [query, order] of [
        ["nid=example", "key"],
        ["status=active&organisation=lib", "id"],
        ["updatedSince=2000-01-01", "updated"],
      ] as const) {
        const before = await urns(`?${query}&limit=1000`);
        const seen: string[] = [];
        let url = `/api/v1/urns?${query}&limit=2`;
        let n = 0;
        for (;;) {
          const body = json(await get(url));
          seen.push(...body.items.map((x: { urn: string }) => x.urn));
          if (body.next === null) break;
          // Between the first pages, records whose keys sort before, between and after the ones
          // seen (in id order and in change order they all come after: the list grows as it is
          // read).
          n += 1;
          if (n <= 3)
            await importLines(
              ["0", "alpha-15", "zz"].map((s) => ({
                urn: `urn:example:${s}-${order}-${n}`,
                status: "active",
                organisation: "lib",
              })),
            );
          url = `/api/v1/urns?${query}&limit=2&cursor=${body.next}`;
        }
        for (const urn of before)
          assert.equal(seen.filter((s) => s === urn).length, 1, `${urn} in ${seen.join(" ")}`);
        assert.equal(new Set(seen).size, seen.length);
      }
    });

    it("kept in step: PATCH, deactivation and updatedSince", async () => {
      const since = new Date(Date.now() + 5).toISOString();
      await new Promise((r) => setTimeout(r, 20));
      await send("PATCH", "/api/v1/urns/urn:example:alpha-2", {
        metadata: { title: "Glaciers" },
        locators: [{ url: "https://glaciers.example/" }],
      });
      assert.deepEqual(await urns("?q=mountains"), []);
      assert.deepEqual(await urns("?q=glaciers"), ["urn:example:alpha-2"]);
      // The replaced locator is inactive: the URN no longer answers for it.
      assert.deepEqual(await urns(`?url=${encodeURIComponent("https://example.org/A")}`), []);
      assert.deepEqual(await urns(`?url=${encodeURIComponent("https://Glaciers.example")}`), [
        "urn:example:alpha-2",
      ]);
      await send("POST", "/api/v1/urns/urn:example:alpha-1/deactivate", { reason: "withdrawn" });
      assert.deepEqual(await urns("?status=deactivated&nid=example"), ["urn:example:alpha-1"]);
      // A tombstone keeps its metadata, so it is still found by it.
      assert.deepEqual(await urns("?q=europe"), ["urn:example:alpha-1"]);
      // updatedSince alone lists in order of change: alpha-2 was changed (PATCH) before alpha-1
      // (deactivation), though registered after it.
      assert.deepEqual(await urns(`?updatedSince=${encodeURIComponent(since)}`), [
        "urn:example:alpha-2",
        "urn:example:alpha-1",
      ]);
      assert.deepEqual(await urns("?updatedSince=2000-01-01&nid=nbn"), [
        "urn:nbn:de:101-2024",
        "URN:NBN:DE:101-2025",
      ]);
      assert.deepEqual(await urns("?updatedSince=2999-01-01T00:00:00%2B02:00"), []);
    });

    it("updatedSince alone pages in order of change; a record changed meanwhile comes again at its new place", async () => {
      const all = await urns("?updatedSince=2000-01-01&limit=1000");
      const first = json(await get("/api/v1/urns?updatedSince=2000-01-01&limit=2"));
      const [a, b] = first.items.map((x: { urn: string }) => x.urn);
      // The first record of the list changes: it leaves its place and goes to the end.
      await send("PATCH", `/api/v1/urns/${a}`, { metadata: { title: "Moved" } });
      const seen: string[] = [a, b];
      let cursor: string | null = first.next;
      while (cursor !== null) {
        const body = json(
          await get(`/api/v1/urns?updatedSince=2000-01-01&limit=2&cursor=${cursor}`),
        );
        seen.push(...body.items.map((x: { urn: string }) => x.urn));
        cursor = body.next;
      }
      assert.deepEqual(seen, [...all, a]);
      // A cursor of this order is refused by a list in another, and one of another by this.
      const byId = json(await get("/api/v1/urns?limit=1")).next;
      for (const url of [
        `/api/v1/urns?updatedSince=2000-01-01&cursor=${byId}`,
        `/api/v1/urns?status=active&cursor=${first.next}`,
      ]) {
        const r = await get(url);
        assert.equal(r.statusCode, 400, url);
      }
    });

    it("any page size pages the whole list in one order (property)", async () => {
      const all = await urns("?limit=1000");
      const byKey = await urns("?nid=example&limit=1000");
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 8 }), fc.boolean(), async (limit, key) => {
          const seen: string[] = [];
          let cursor: string | null = null;
          do {
            const query: string = `${key ? "nid=example&" : ""}limit=${limit}${cursor === null ? "" : `&cursor=${cursor}`}`;
            const body = json(await get(`/api/v1/urns?${query}`));
            seen.push(...body.items.map((x: { urn: string }) => x.urn));
            cursor = body.next;
          } while (cursor !== null);
          assert.deepEqual(seen, key ? byKey : all);
        }),
        { numRuns: 12 },
      );
    });
  });
}
