// One parser per parameter (validation/parameters/): a day, a cursor, a status and a prefix are
// judged alike by every route and page that takes them. Each row is a request and the answer the
// parameter's one parser gives, worked out from its rule: a day that does not exist (February has
// no 30th, 2026 is no leap year) is 400 bad-date naming the parameter; a cursor of another list or
// order is 400 bad-cursor; a status outside reserved/active/deactivated is 400 naming them; a
// prefix is folded as RFC 8141 §3.1 folds "urn" and the NID, and one not registered here is 404
// unknown-prefix. The data is the seed's (registry/seed.ts): namespace "example", prefix
// "urn:example:lib-" of organisation "example-library".

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { existingDateTime, existingDay } from "../../src/validation/parameters/date.js";
import { engines } from "../engines.js";
import { type ServedRegistry, servedRegistry } from "../served-registry.js";
import { skippedWhen } from "../skipped-when.js";

describe("the day parser", () => {
  it("knows which days exist", () => {
    const days: [string, boolean][] = [
      ["2026-02-28", true],
      ["2026-02-29", false],
      ["2028-02-29", true],
      ["2026-02-30", false],
      ["2026-04-31", false],
      ["2026-12-31", true],
      ["2026-13-01", false],
      ["2026-00-10", false],
      ["2026-1-1", false],
    ];
    for (const [day, exists] of days) assert.equal(existingDay(day) !== null, exists, day);
  });

  it("knows which RFC 3339 date-times exist", () => {
    const times: [string, number | null][] = [
      ["2026-03-01T10:00:00Z", Date.UTC(2026, 2, 1, 10)],
      ["2026-03-01T10:00:00+01:00", Date.UTC(2026, 2, 1, 9)],
      ["2026-03-01t10:00:00.5z", Date.UTC(2026, 2, 1, 10, 0, 0, 500)],
      ["2026-02-30T10:00:00Z", null],
      ["2026-03-01T24:00:00Z", null],
      ["2026-03-01T10:60:00Z", null],
      ["2026-03-01T10:00:00+24:00", null],
      ["2026-03-01", null],
    ];
    for (const [text, time] of times) assert.equal(existingDateTime(text), time, text);
  });
});

for (const engine of engines) {
  describe(`one parser per parameter (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let served: ServedRegistry;
    const get = (url: string) => served.app.inject({ url });
    const problem = async (url: string) => {
      const r = await get(url);
      return { ...(r.json() as Record<string, unknown>), status: r.statusCode } as Record<
        string,
        unknown
      > & { status: number };
    };

    before(async () => {
      served = await servedRegistry(engine);
    });
    after(async () => {
      await served?.close();
    });

    it("a day that does not exist is 400 bad-date naming the parameter, on every route", async () => {
      const rows: [string, string][] = [
        ["/api/v1/urns?updatedSince=2026-02-30", "updatedSince"],
        ["/api/v1/urns?updatedSince=2026-02-30T10:00:00Z", "updatedSince"],
        ["/api/v1/urns?updatedSince=yesterday", "updatedSince"],
        ["/api/v1/stats/resolutions?from=2026-02-30", "from"],
        ["/api/v1/stats/assignments?to=2026-02-30", "to"],
        ["/api/v1/stats/top-urns?from=2026-02-29", "from"],
      ];
      for (const [url, name] of rows) {
        const p = await problem(url);
        assert.equal(p.status, 400, url);
        assert.equal(p.code, "bad-date", url);
        assert.match(String(p.detail), new RegExp(`^${name} is a day of the calendar, YYYY-MM-DD`));
      }
      // The day itself, and a time on it, are taken.
      for (const since of ["2026-02-28", "2026-02-28T23:59:59%2B01:00"])
        assert.equal((await get(`/api/v1/urns?updatedSince=${since}`)).statusCode, 200, since);
      // OAI-PMH says it in its own terms (§3.6 badArgument), judged by the same parser.
      const oai = await get("/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-02-30");
      assert.match(
        oai.body,
        /<error code="badArgument">from &quot;2026-02-30&quot; is not a date that exists/,
      );
    });

    it("a cursor of another list or order is 400 bad-cursor saying so", async () => {
      const byId = (await get("/api/v1/urns?limit=1")).json().next as string;
      const byKey = (await get("/api/v1/urns?nid=example&limit=1")).json().next as string;
      assert.ok(byId !== null && byKey !== null);
      const rows = [
        // The same list in another order (the filters choose it), both ways.
        `/api/v1/urns?nid=example&cursor=${byId}`,
        `/api/v1/urns?cursor=${byKey}`,
        `/api/v1/urns?updatedSince=2000-01-01&cursor=${byId}`,
        // Other lists.
        `/api/v1/links?cursor=${byId}`,
        `/api/v1/stats/top-urns?cursor=${byKey}`,
        `/api/v1/stats/resolutions?cursor=${byKey}`,
        `/search?q=example&cursor=${byKey}`,
      ];
      for (const url of rows) {
        const r = await get(url);
        assert.equal(r.statusCode, 400, url);
        if (url.startsWith("/search")) {
          assert.match(r.body, /the cursor belongs to a different list or order/);
          continue;
        }
        assert.equal(r.json().code, "bad-cursor", url);
        assert.match(r.json().detail, /^the cursor belongs to a different list or order/, url);
      }
      // Text that is no cursor at all says that instead.
      const garbage = await problem("/api/v1/urns?cursor=garbage");
      assert.deepEqual(
        [garbage.code, garbage.detail],
        ["bad-cursor", "the cursor is not one this server gave out"],
      );
      // Its own list takes it.
      assert.equal((await get(`/api/v1/urns?cursor=${byId}`)).statusCode, 200);
    });

    it("a status outside the record statuses is 400 on the API and on the search page alike", async () => {
      const api = await problem("/api/v1/urns?status=bogus");
      assert.equal(api.status, 400);
      assert.equal(api.code, "invalid-request");
      assert.equal(api.detail, "querystring/status: must be one of reserved, active, deactivated");
      const page = await get("/search?status=bogus");
      assert.equal(page.statusCode, 400);
      assert.match(page.body, /status: must be one of reserved, active, deactivated/);
      assert.doesNotMatch(page.body, /No record matches/);
      for (const status of ["reserved", "active", "deactivated"])
        assert.equal((await get(`/search?status=${status}`)).statusCode, 200, status);
    });

    it("a prefix is folded alike everywhere; one not registered here is refused", async () => {
      const spellings = ["urn:example:lib-", "URN:EXAMPLE:lib-", "Urn:Example:lib-"];
      const listed = async (url: string) =>
        ((await get(url)).json().items as { urn: string }[]).map((i) => i.urn);
      const urns = await listed(`/api/v1/urns?prefix=${spellings[0]}`);
      assert.ok(urns.length > 0);
      for (const spelling of spellings) {
        assert.deepEqual(await listed(`/api/v1/urns?prefix=${spelling}`), urns, spelling);
        assert.equal((await get(`/api/v1/links?prefix=${spelling}`)).statusCode, 200, spelling);
        assert.equal(
          (await get(`/api/v1/stats/top-urns?prefix=${spelling}`)).statusCode,
          200,
          spelling,
        );
        assert.equal((await get(`/links?prefix=${spelling}`)).statusCode, 200, spelling);
        assert.equal((await get(`/stats?prefix=${spelling}`)).statusCode, 200, spelling);
      }
      for (const url of [
        "/api/v1/links?prefix=urn:example:none-",
        "/api/v1/stats/top-urns?prefix=urn:example:none-",
        "/api/v1/stats/assignments?prefix=URN:EXAMPLE:none-",
      ]) {
        const p = await problem(url);
        assert.equal(p.status, 404, url);
        assert.equal(p.code, "unknown-prefix", url);
      }
      for (const url of ["/links?prefix=urn:example:none-", "/stats?prefix=urn:example:none-"]) {
        const r = await get(url);
        assert.equal(r.statusCode, 404, url);
        assert.match(r.body, /is not a prefix here/);
      }
    });
  });
}
