// The search page and the home box's web addresses, without a browser: results link to record
// pages, the filters narrow them and stay chosen, pages link onward and back, a refused search
// says why on the page (400), text from metadata is escaped, and a URL typed into the home box
// lists the URNs that point to it. On every engine.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import { Browser } from "../ui-browser.js";

const actor = { tokenId: null };

for (const engine of engines)
  describe(`search page (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;

    before(async () => {
      h = await engine.open();
      app = await buildServer({ store: h.store });
      const admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      await h.store.organisations.create({ id: "lib", name: "City Library" }, actor);
      const lines = [
        {
          urn: "urn:example:river-1",
          status: "active",
          organisation: "lib",
          locators: [{ url: "https://maps.example/Rhine" }],
          metadata: { title: "Rivers <b>bold</b> & maps" },
        },
        { urn: "urn:example:river-2", status: "reserved", metadata: { title: "Rivers of ice" } },
        // 55 more, for paging (50 a page).
        ...Array.from({ length: 55 }, (_, i) => ({
          urn: `urn:example:bulk-${String(i).padStart(2, "0")}`,
          status: "active",
          metadata: { title: `Bulk item ${i}` },
        })),
      ];
      const r = await app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/x-ndjson" },
        payload: `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`,
      });
      assert.match(r.body, /"errors":0/);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("is in the navigation; before a search, only the form", async () => {
      const home = await new Browser(app).get("/");
      assert.match(home.body, /<a href="\/search">Search<\/a>/);
      const r = await new Browser(app).get("/search");
      assert.equal(r.statusCode, 200);
      assert.match(r.body, /<a href="\/search" aria-current="page">Search<\/a>/);
      assert.match(
        r.body,
        /<form class="urn-form search-form" method="get" action="\/search" role="search">/,
      );
      assert.match(r.body, /<option value="example">urn:example:<\/option>/);
      assert.match(r.body, /<option value="lib">City Library<\/option>/);
      assert.doesNotMatch(r.body, /<table/);
    });

    it("finds records by their words, links each to its record page, escapes their text", async () => {
      // What an empty form sends: every field, the empty ones no filter.
      const r = await new Browser(app).get("/search?q=rivers&nid=&organisation=&status=&url=");
      assert.equal(r.statusCode, 200);
      assert.match(
        r.body,
        /<a href="\/record\/urn:example:river-1"><code>urn:example:river-1<\/code><\/a>/,
      );
      assert.match(r.body, /<a href="\/record\/urn:example:river-2">/);
      assert.match(r.body, /Rivers &lt;b&gt;bold&lt;\/b&gt; &amp; maps/);
      assert.match(r.body, /2 records on this page\./);
      assert.match(r.body, /<input id="q" name="q" type="search" value="rivers"/);
      assert.doesNotMatch(r.body, /Next page/);
    });

    it("filters narrow the results and stay chosen", async () => {
      const r = await new Browser(app).get("/search?q=rivers&organisation=lib");
      assert.match(r.body, /urn:example:river-1/);
      assert.doesNotMatch(r.body, /urn:example:river-2/);
      assert.match(r.body, /<option value="lib" selected>City Library<\/option>/);
      const reserved = await new Browser(app).get("/search?q=rivers&status=reserved");
      assert.match(reserved.body, /urn:example:river-2/);
      assert.doesNotMatch(reserved.body, /urn:example:river-1/);
      assert.match(reserved.body, /<option value="reserved" selected>reserved<\/option>/);
      const none = await new Browser(app).get("/search?q=glaciers");
      assert.equal(none.statusCode, 200);
      assert.match(none.body, /No record matches\./);
    });

    it("pages: 50 a page, a link to the next, and back to the first", async () => {
      const b = new Browser(app);
      const first = await b.get("/search?q=bulk");
      assert.equal((first.body.match(/<tr><td data-label="URN">/g) ?? []).length, 50);
      const next = /<a href="([^"]+)" rel="next">Next page<\/a>/.exec(first.body);
      assert.ok(next, "a next link");
      const href = (next[1] as string).replaceAll("&amp;", "&");
      const second = await b.get(href);
      assert.equal((second.body.match(/<tr><td data-label="URN">/g) ?? []).length, 5);
      assert.match(second.body, /<a href="\/search\?q=bulk">First page<\/a>/);
      assert.doesNotMatch(second.body, /Next page/);
      // Together, the two pages are the 55 records, each once.
      const urns = [first.body, second.body].flatMap((body) =>
        [...body.matchAll(/<code>(urn:example:bulk-\d+)<\/code>/g)].map((m) => m[1]),
      );
      assert.equal(new Set(urns).size, 55);
    });

    it("a refused search says why on the page, with status 400", async () => {
      const r = await new Browser(app).get("/search?q=%21%21%21");
      assert.equal(r.statusCode, 400);
      assert.match(
        r.body,
        /<p class="error-box" role="alert">q: holds no word \(letters or digits\)<\/p>/,
      );
      assert.match(r.body, /<input id="q" name="q" type="search" value="!!!"/);
    });

    it("a namespace or organisation not here is said to be unknown, with status 400", async () => {
      const org = await new Browser(app).get("/search?q=rivers&organisation=nowhere");
      assert.equal(org.statusCode, 400);
      assert.match(
        org.body,
        /<p class="error-box" role="alert">organisation: &quot;nowhere&quot; is not an organisation here<\/p>/,
      );
      const nid = await new Browser(app).get("/search?q=rivers&nid=isbn");
      assert.equal(nid.statusCode, 400);
      assert.match(nid.body, /nid: &quot;isbn&quot; is not a namespace here/);
      // The NID in another case is the same namespace (RFC 8141 §3).
      assert.equal((await new Browser(app).get("/search?q=rivers&nid=EXAMPLE")).statusCode, 200);
    });

    it("the home box takes a web address and lists the URNs that point to it", async () => {
      const b = new Browser(app);
      const go = await b.get(
        `/go?urn=${encodeURIComponent("HTTPS://Maps.Example:443/Rhine")}&do=resolve`,
      );
      assert.equal(go.statusCode, 303);
      assert.equal(
        go.headers.location,
        `/search?url=${encodeURIComponent("HTTPS://Maps.Example:443/Rhine")}`,
      );
      const r = await b.get(String(go.headers.location));
      assert.equal(r.statusCode, 200);
      assert.match(r.body, /urn:example:river-1/);
      assert.match(r.body, /1 record on this page\./);
      assert.match(r.body, /value="HTTPS:\/\/Maps.Example:443\/Rhine"/);
      // The path's case counts.
      const other = await b.get(`/search?url=${encodeURIComponent("https://maps.example/rhine")}`);
      assert.match(other.body, /No record matches\./);
    });
  });
