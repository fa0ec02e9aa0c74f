// A URL belongs to one URN in the DNB's model: every DNB write that adds a URL is refused 409
// (409002) when another URN holds it as an active URL, in any spelling of it that is the same URL
// (scheme and host in any case, the default port: RFC 3986 §6.2.2.1, §6.2.3), and is not when
// only the URN itself holds it, or the other URN no longer does. On every engine.

import { describe } from "node:test";
import { engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import { type Flow, nbn, replay, suiteDnbRegistry } from "./dnb-registry.js";

const A = nbn("urn:nbn:de:test-url-1");
const B = nbn("urn:nbn:de:test-url-2");
const C = nbn("urn:nbn:de:test-url-3");
const URL = "https://repo.example/u/1";
const taken = (holder: string) => ({ code: 409002, developerMessage: new RegExp(holder) });
const id = (url: string) => Buffer.from(url).toString("base64");

const URL_UNIQUE: Flow = {
  client: "one URN a URL",
  source: "this project's own cases (the DNB documents 409 for a URL registered already)",
  base: "/v2/",
  steps: [
    {
      name: "A registered with the URL",
      method: "POST",
      path: "urns",
      body: { urn: A, urls: [{ url: URL }] },
      expectStatus: 201,
    },
    {
      name: "B with A's URL: 409, naming A",
      method: "POST",
      path: "urns",
      body: { urn: B, urls: [{ url: URL }] },
      expectStatus: 409,
      expectFields: taken(A),
    },
    {
      name: "B with A's URL spelled with a capital scheme and host and the default port: 409",
      method: "POST",
      path: "urns",
      body: { urn: B, urls: [{ url: "HTTPS://REPO.Example:443/u/1" }] },
      expectStatus: 409,
      expectFields: taken(A),
    },
    {
      name: "B with another path (a path's case matters): 201",
      method: "POST",
      path: "urns",
      body: { urn: B, urls: [{ url: "https://repo.example/U/1" }] },
      expectStatus: 201,
    },
    {
      name: "A again with its own URL: the URN is registered (409001), the URL is not another's",
      method: "POST",
      path: "urns",
      body: { urn: A, urls: [{ url: URL }] },
      expectStatus: 409,
      expectFields: { code: 409001 },
    },
    {
      name: "B's my-urls with A's URL: 409",
      method: "PATCH",
      path: `urns/urn/${B}/my-urls`,
      body: [{ url: "https://repo.example/U/1" }, { url: URL }],
      expectStatus: 409,
      expectFields: taken(A),
    },
    {
      name: "one more URL of B's that is A's: 409",
      method: "POST",
      path: `urns/urn/${B}/urls`,
      body: { url: URL },
      expectStatus: 409,
      expectFields: taken(A),
    },
    {
      name: "A's my-urls keeping its URL and adding one: 204",
      method: "PATCH",
      path: `urns/urn/${A}/my-urls`,
      body: [{ url: URL }, { url: "https://repo.example/u/1b" }],
      expectStatus: 204,
    },
    {
      name: "another organisation's URL on A that A's organisation holds there: 409",
      method: "POST",
      path: `urns/urn/${A}/urls`,
      credentials: "other",
      body: { url: URL },
      expectStatus: 409,
      expectFields: { code: 409002 },
    },
    {
      name: "B unchanged by the refusals: its one URL",
      method: "GET",
      path: `urns/urn/${B}/urls`,
      credentials: "none",
      expectStatus: 200,
      expectFields: { totalItems: 1, "items.0.url": "https://repo.example/U/1" },
    },
    {
      name: "the URL off A",
      method: "DELETE",
      path: `urns/urn/${A}/urls/base64/${id(URL)}`,
      expectStatus: 204,
    },
    {
      name: "C with the URL A no longer holds: 201",
      method: "POST",
      path: "urns",
      body: { urn: C, urls: [{ url: URL }] },
      expectStatus: 201,
    },
    {
      name: "and now A may not take it back: C holds it",
      method: "PATCH",
      path: `urns/urn/${A}/my-urls`,
      body: [{ url: "https://repo.example/u/1b" }, { url: URL }],
      expectStatus: 409,
      expectFields: taken(C),
    },
  ],
};

for (const engine of engines)
  describe(`DNB API: one URN a URL (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const registry = suiteDnbRegistry(engine);

    it("refuses a URL another URN holds, in any spelling of it, and only then", async () => {
      await replay(registry.app, URL_UNIQUE);
    });
  });
