// One body names each locator URL and each identifier once: a repeated one is a 422 naming the
// repeat and the item it repeats, on every engine and every write path (registration, mint,
// change, import line), never a 500 from the store's own refusal.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { engines } from "../engines.js";
import { suiteRegistry } from "../served-registry.js";
import { skippedWhen } from "../skipped-when.js";

const twice = [
  { url: "https://www.example.org/d" },
  { url: "https://www.example.org/d", priority: 2 },
];
const lib = encodeURIComponent("urn:example:lib-");

const CASES: {
  name: string;
  method: "POST" | "PATCH";
  url: string;
  body: unknown;
  path: string;
  code: string;
}[] = [
  {
    name: "registration, locators",
    method: "POST",
    url: "/api/v1/urns",
    body: { urn: "urn:example:dup-1", status: "active", locators: twice },
    path: "/locators/1/url",
    code: "duplicate-locator",
  },
  {
    name: "registration, identifiers",
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:dup-2",
      status: "active",
      identifiers: [
        { type: "isbn", value: "1" },
        { type: "doi", value: "1" },
        { type: "isbn", value: "1" },
      ],
    },
    path: "/identifiers/2/value",
    code: "duplicate-identifier",
  },
  {
    name: "mint under a prefix",
    method: "POST",
    url: `/api/v1/namespaces/example/prefixes/${lib}/mint`,
    body: { locators: twice },
    path: "/locators/1/url",
    code: "duplicate-locator",
  },
  {
    name: "change of a record",
    method: "PATCH",
    url: "/api/v1/urns/urn:example:report-2024",
    body: {
      locators: [
        { url: "https://a.example/x" },
        { url: "https://b.example/" },
        { url: "https://a.example/x" },
      ],
    },
    path: "/locators/2/url",
    code: "duplicate-locator",
  },
];

for (const engine of engines)
  describe(`repeated locators and identifiers in one body (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const served = suiteRegistry(engine);

    for (const c of CASES)
      it(`${c.name}: 422 ${c.code} at ${c.path}`, async () => {
        const r = await served.app.inject({
          method: c.method,
          url: c.url,
          headers: { authorization: `Bearer ${served.admin}` },
          payload: c.body as object,
        });
        assert.equal(r.statusCode, 422, r.body);
        const problem = JSON.parse(r.body);
        assert.equal(problem.code, c.code);
        assert.equal(problem.errors[0].path, c.path);
      });

    it("an import line with a repeated locator is refused by line, the others imported", async () => {
      const lines = [
        { urn: "urn:example:imp-1", status: "active", locators: twice },
        {
          urn: "urn:example:imp-2",
          status: "active",
          locators: [{ url: "https://www.example.org/2" }],
        },
      ];
      const r = await served.app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: {
          authorization: `Bearer ${served.admin}`,
          "content-type": "application/x-ndjson",
        },
        payload: lines.map((l) => JSON.stringify(l)).join("\n"),
      });
      assert.equal(r.statusCode, 200, r.body);
      const events = r.body
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      const refused = events.find((e) => e.line === 1);
      assert.equal(refused?.code, "duplicate-locator", r.body);
      assert.equal(
        (await served.app.inject({ url: "/api/v1/urns/urn:example:imp-2" })).statusCode,
        200,
      );
      assert.equal(
        (await served.app.inject({ url: "/api/v1/urns/urn:example:imp-1" })).statusCode,
        404,
      );
    });
  });
