// The statistics pages' broken links, on every engine (issue 20, "Statistics": "broken links ...
// each with its numbers in an accessible table"): the link-health counts per organisation, prefix
// and registry, the section's table on /stats, and its link to the matching broken-links report.
// Every expected number is counted by hand from the locators and checks set up below.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server.js";
import type { LinkCheck, LinkOutcome } from "../../src/storage/links.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const T = "2026-11-20T10:00:00.000Z";

const check = (outcome: LinkOutcome, status: number | null): LinkCheck => ({
  checked: T,
  outcome,
  status,
  finalUrl: outcome === "redirected" ? "https://moved.example/" : null,
  latencyMs: 5,
  message: outcome === "ok" || outcome === "redirected" ? null : `failed: ${outcome}`,
});

/** The section's table row: answering, broken ranked as usual, ranked last, unchecked, total. */
const row = (...cells: number[]) =>
  `<tr><th scope="row">Active web locators</th>${cells.map((c) => `<td>${c}</td>`).join("")}</tr>`;

for (const engine of engines) {
  describe(`broken links on the statistics pages (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    const ids = new Map<string, number>();
    const page = async (url: string) => {
      const r = await app.inject({ url });
      assert.equal(r.statusCode, 200, `${url}: ${r.body}`);
      return r.body.slice(r.body.indexOf('id="broken-links"'));
    };

    before(async () => {
      h = await engine.open();
      const { store } = h;
      await store.namespaces.create({ nid: "example", local: true }, actor);
      for (const id of ["lib", "fac", "new", "empty"]) {
        await store.organisations.create({ id, name: `The ${id}` }, actor);
        await store.prefixes.create(
          { ...DEFAULT_POLICY, prefix: `urn:example:${id}-`, nid: "example", organisation: id },
          actor,
        );
      }
      const make = (name: string, organisation: string | null, urls: string[]) =>
        store.records.create(
          {
            urn: `urn:example:${name}`,
            key: `urn:example:${name}`,
            nid: "example",
            status: "active",
            organisation,
            prefix: organisation === null ? null : `urn:example:${organisation}-`,
            locators: urls.map((url, i) => ({ url, priority: 10 - i })),
          },
          actor,
        );
      // lib: one answering, one failing three times (ranked last), one failing once, one never
      // checked (only deferred), and an ftp locator no checker asks. A deactivated record's
      // checked locator counts for the whole registry's gauges, not on the statistics pages.
      await make("lib-1", "lib", [
        "https://a.example/1",
        "http://b.example/1",
        "ftp://c.example/1",
      ]);
      await make("lib-2", "lib", ["https://d.example/2", "https://e.example/2"]);
      await make("lib-3", "lib", ["https://f.example/3"]);
      // fac: one redirected (answering), one timing out once, one never checked.
      await make("fac-1", "fac", ["https://g.example/1", "https://h.example/1"]);
      await make("fac-2", "fac", ["https://i.example/2"]);
      // Outside every organisation: one answering.
      await make("loose", null, ["https://j.example/"]);
      // new: a locator never checked.
      await make("new-1", "new", ["https://k.example/1"]);
      for (const r of await store.links.report({ status: "all", limit: 100 })) ids.set(r.url, r.id);
      const id = (url: string) => ids.get(url) as number;
      await store.links.recordCheck(id("https://a.example/1"), check("ok", 200), 3);
      for (let i = 0; i < 3; i++)
        await store.links.recordCheck(id("http://b.example/1"), check("server-error", 503), 3);
      await store.links.recordCheck(id("https://d.example/2"), check("client-error", 404), 3);
      await store.links.deferCheck(id("https://e.example/2"), "2999-01-01T00:00:00.000Z");
      await store.links.recordCheck(id("https://f.example/3"), check("ok", 200), 3);
      await store.links.recordCheck(id("https://g.example/1"), check("redirected", 301), 3);
      await store.links.recordCheck(id("https://h.example/1"), check("timeout", null), 3);
      await store.links.recordCheck(id("https://j.example/"), check("ok", 200), 3);
      await store.records.deactivate("urn:example:lib-3", { reason: "withdrawn" }, actor);
      app = await buildServer({ store });
    });

    after(async () => {
      await app.close();
      await h.close();
    });

    it("counts an organisation's, a prefix's and the registry's web locators by last check", async () => {
      const lib = [
        { outcome: null, demoted: false, count: 1 },
        { outcome: "client-error", demoted: false, count: 1 },
        { outcome: "ok", demoted: false, count: 1 },
        { outcome: "server-error", demoted: true, count: 1 },
      ];
      assert.deepEqual(await h.store.links.outcomeCounts({ organisation: "lib" }), lib);
      assert.deepEqual(await h.store.links.outcomeCounts({ prefix: "urn:example:lib-" }), lib);
      assert.deepEqual(await h.store.links.outcomeCounts({ prefix: "urn:example:fac-" }), [
        { outcome: null, demoted: false, count: 1 },
        { outcome: "redirected", demoted: false, count: 1 },
        { outcome: "timeout", demoted: false, count: 1 },
      ]);
      assert.deepEqual(await h.store.links.outcomeCounts({ organisation: "empty" }), []);
      // The registry's web locators: e, i and k never checked; a, j answering; g redirected.
      assert.deepEqual(await h.store.links.outcomeCounts({}), [
        { outcome: null, demoted: false, count: 3 },
        { outcome: "client-error", demoted: false, count: 1 },
        { outcome: "ok", demoted: false, count: 2 },
        { outcome: "redirected", demoted: false, count: 1 },
        { outcome: "server-error", demoted: true, count: 1 },
        { outcome: "timeout", demoted: false, count: 1 },
      ]);
      // Without a scope: every checked locator, the deactivated record's f among them.
      assert.deepEqual(await h.store.links.outcomeCounts(), [
        { outcome: "client-error", demoted: false, count: 1 },
        { outcome: "ok", demoted: false, count: 3 },
        { outcome: "redirected", demoted: false, count: 1 },
        { outcome: "server-error", demoted: true, count: 1 },
        { outcome: "timeout", demoted: false, count: 1 },
      ]);
    });

    it("keeps the Prometheus gauges on the whole registry", async () => {
      const metrics = (await app.inject({ url: "/metrics" })).body;
      assert.match(metrics, /^urnkit_links\{outcome="ok"\} 3$/m);
      assert.match(metrics, /^urnkit_links\{outcome="client-error"\} 1$/m);
      assert.match(metrics, /^urnkit_links_demoted 1$/m);
    });

    it("shows an organisation's figures in the chart's table and links to its broken links", async () => {
      const section = await page("/stats?organisation=lib");
      assert.ok(section.includes(row(1, 1, 1, 1, 4)), section);
      assert.match(section, /2 web locators of 4 failed their last check/);
      assert.match(section, /<svg role="img" aria-labelledby="links-title links-desc"/);
      assert.match(section, /<desc id="links-desc">4 in all; the highest bar 1\./);
      assert.ok(section.includes('href="/links?status=broken&amp;organisation=lib"'), section);
      const report = (await app.inject({ url: "/links?status=broken&organisation=lib" })).body;
      assert.ok(report.includes("http://b.example/1") && report.includes("https://d.example/2"));
      assert.ok(!report.includes("https://a.example/1") && !report.includes("e.example"));
    });

    it("says the organisation of a link report is not here (404), as /stats does", async () => {
      const org = await app.inject({ url: "/links?organisation=nowhere" });
      assert.equal(org.statusCode, 404);
      assert.match(org.body, /&quot;nowhere&quot; is not an organisation here\./);
    });

    it("shows a prefix's figures and links to the prefix's broken links", async () => {
      const section = await page(`/stats?prefix=${encodeURIComponent("urn:example:fac-")}`);
      assert.ok(section.includes(row(1, 1, 0, 1, 3)), section);
      assert.match(section, /1 web locator of 3 failed its last check/);
      const href = "/links?status=broken&prefix=urn%3Aexample%3Afac-";
      assert.ok(section.includes(`href="${href.replace("&", "&amp;")}"`), section);
      const report = (await app.inject({ url: href })).body;
      assert.ok(report.includes("https://h.example/1") && !report.includes("https://g.example/1"));
    });

    it("shows the registry's figures on /stats", async () => {
      // Answering a, g, j; broken d, h; ranked last b; never checked e, i, k.
      const section = await page("/stats");
      assert.ok(section.includes(row(3, 2, 1, 3, 9)), section);
      assert.ok(section.includes('href="/links?status=broken"'), section);
    });

    it("says so plainly when nothing was checked, or there is nothing to check", async () => {
      const unchecked = await page("/stats?organisation=new");
      assert.match(unchecked, /No web locator here has been checked yet \(1 to check\)/);
      assert.match(unchecked, /urnkit links check/);
      assert.doesNotMatch(unchecked, /<table/);
      const empty = await page("/stats?organisation=empty");
      assert.match(empty, /There are no web \(http or https\) locators here to check\./);
    });
  });
}
