// Bad input to the DNB API, on every engine: each gets the DNB's error body with the status and
// six-digit code worked out from the API's conventions (status × 1000 + n; routes/dnb/errors.ts
// lists the n), never a 5xx and never a write. And the tolerances real clients need: a merge-patch
// content type, an empty body with a JSON content type, no Accept header.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import { type Flow, nbn, replay, suiteDnbRegistry } from "./dnb-registry.js";

const U = nbn("urn:nbn:de:test-bad-1");
const right = nbn("urn:nbn:de:test-bad-5").slice(-1);
const WRONG_CHECK = `urn:nbn:de:test-bad-5${(Number(right) + 1) % 10}`;
const error = (status: number, code: number, developerMessage: RegExp = /./) => ({
  status,
  code,
  developerMessage,
});

const BAD_INPUT: Flow = {
  client: "bad input",
  source: "this project's own cases",
  base: "/v2/",
  steps: [
    {
      name: "a URN to work on",
      method: "POST",
      path: "urns",
      body: { urn: U, urls: [{ url: "https://example.org/bad/1", priority: 1 }] },
      expectStatus: 201,
    },
    {
      name: "malformed JSON",
      method: "POST",
      path: "urns",
      rawBody: '{"urn": "urn:nbn:de:test-x", "urls": [',
      expectStatus: 400,
      expectFields: error(400, 400001),
    },
    {
      name: "urls of the wrong type",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:test-bad-2"), urls: "https://example.org/" },
      expectStatus: 400,
      expectFields: error(400, 400007, /urls/),
    },
    {
      name: "a priority of the wrong type",
      method: "POST",
      path: "urns",
      body: {
        urn: nbn("urn:nbn:de:test-bad-2"),
        urls: [{ url: "https://example.org/", priority: true }],
      },
      expectStatus: 400,
      expectFields: error(400, 400007),
    },
    {
      name: "a priority out of range, as a string",
      method: "POST",
      path: "urns",
      body: {
        urn: nbn("urn:nbn:de:test-bad-2"),
        urls: [{ url: "https://example.org/", priority: "70000" }],
      },
      expectStatus: 400,
      expectFields: error(400, 400007, /priority/),
    },
    {
      name: "an unknown field, named",
      method: "POST",
      path: "urns",
      body: {
        urn: nbn("urn:nbn:de:test-bad-2"),
        urls: [{ url: "https://example.org/" }],
        title: "x",
      },
      expectStatus: 400,
      expectFields: error(400, 400007, /title/),
    },
    {
      name: "urls missing",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:test-bad-2") },
      expectStatus: 400,
      expectFields: error(400, 400005, /urls/),
    },
    {
      name: "no URLs at all",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:test-bad-2"), urls: [] },
      expectStatus: 400,
      expectFields: error(400, 400007),
    },
    {
      name: "a URL that is not http(s)",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:test-bad-2"), urls: [{ url: "ftp://example.org/x" }] },
      expectStatus: 400,
      expectFields: error(400, 400007, /http/),
    },
    {
      name: "not a URN",
      method: "POST",
      path: "urns",
      body: { urn: "not a urn", urls: [{ url: "https://example.org/x" }] },
      expectStatus: 400,
    },
    {
      name: "a wrong check digit breaks the namespace's policy",
      method: "POST",
      path: "urns",
      body: { urn: WRONG_CHECK, urls: [{ url: "https://example.org/x" }] },
      expectStatus: 400,
      expectFields: error(400, 400010, /check digit/),
    },
    {
      name: "a URN under another organisation's namespace: 403",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:other-1"), urls: [{ url: "https://example.org/other" }] },
      expectStatus: 403,
      expectFields: error(403, 403001, /other/),
    },
    {
      name: "a URN in no namespace served here: 400010",
      method: "POST",
      path: "urns",
      body: { urn: "urn:isbn:9780395363416", urls: [{ url: "https://example.org/isbn" }] },
      expectStatus: 400,
      expectFields: error(400, 400010, /not served/),
    },
    {
      name: "a URN of a served namespace outside every prefix of the caller: 403",
      method: "POST",
      path: "urns",
      body: {
        urn: nbn("urn:nbn:de:elsewhere-1"),
        urls: [{ url: "https://example.org/elsewhere" }],
      },
      expectStatus: 403,
      expectFields: error(403, 403001),
    },
    {
      name: "a URL outside the namespace's URL policy: 400010",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:policy-1"), urls: [{ url: "https://elsewhere.example/1" }] },
      expectStatus: 400,
      expectFields: error(400, 400010, /repo\.example/),
    },
    {
      name: "inside it: 201",
      method: "POST",
      path: "urns",
      body: { urn: nbn("urn:nbn:de:policy-1"), urls: [{ url: "https://repo.example/1" }] },
      expectStatus: 201,
    },
    {
      name: "PATCH my-urls outside the URL policy: 400010",
      method: "PATCH",
      path: `urns/urn/${nbn("urn:nbn:de:policy-1")}/my-urls`,
      body: [{ url: "https://elsewhere.example/2" }],
      expectStatus: 400,
      expectFields: error(400, 400010),
    },
    {
      name: "PATCH my-urls to nothing would leave no URL: 409",
      method: "PATCH",
      path: `urns/urn/${U}/my-urls`,
      body: [],
      expectStatus: 409,
      expectFields: error(409, 409003),
    },
    {
      name: "no credentials for a write: 401 with a Basic challenge",
      method: "POST",
      path: "urns",
      credentials: "none",
      body: { urn: nbn("urn:nbn:de:test-bad-3"), urls: [{ url: "https://example.org/3" }] },
      expectStatus: 401,
      expectFields: error(401, 401001),
      expectHeaders: { "www-authenticate": /^Basic realm=/ },
    },
    {
      name: "the user is another organisation than the token's: 403",
      method: "GET",
      path: `urns/urn/${U}/my-urls`,
      credentials: "mismatch",
      expectStatus: 403,
      expectFields: error(403, 403001),
    },
    {
      name: "a token of no organisation: 403",
      method: "GET",
      path: `urns/urn/${U}/my-urls`,
      credentials: "admin",
      expectStatus: 403,
      expectFields: error(403, 403001),
    },
    {
      name: "a bearer token of the organisation works",
      method: "GET",
      path: `urns/urn/${U}/my-urls`,
      credentials: "bearer",
      expectStatus: 200,
      expectFields: { totalItems: 1 },
    },
    {
      name: "wrong credentials on a public read are ignored",
      method: "GET",
      path: `urns/urn/${U}`,
      credentials: "wrong",
      expectStatus: 200,
    },
    {
      name: "another organisation replaces its own URLs only (a mirror): 204",
      method: "PATCH",
      path: `urns/urn/${U}/my-urls`,
      credentials: "other",
      body: [{ url: "https://mirror.example/bad/1", priority: 3 }],
      expectStatus: 204,
    },
    {
      name: "both organisations' URLs are listed, the owner's first",
      method: "GET",
      path: `urns/urn/${U}/urls`,
      credentials: "none",
      expectStatus: 200,
      expectFields: {
        totalItems: 2,
        "items.0.url": "https://example.org/bad/1",
        "items.1.url": "https://mirror.example/bad/1",
        "items.1.owner": /\/organisations\/id\/other$/,
      },
    },
    {
      name: "another organisation's URL: its priority is not the caller's to change",
      method: "PATCH",
      path: `urns/urn/${U}/urls/base64/${Buffer.from("https://mirror.example/bad/1").toString("base64")}`,
      body: { priority: 9 },
      expectStatus: 403,
    },
    {
      name: "a merge-patch content type is taken",
      method: "PATCH",
      path: `urns/urn/${U}/my-urls`,
      headers: { "content-type": "application/merge-patch+json" },
      body: [{ url: "https://example.org/bad/1b", priority: 2 }],
      expectStatus: 204,
    },
    {
      name: "a content type that is not JSON: 415",
      method: "PATCH",
      path: `urns/urn/${U}/my-urls`,
      headers: { "content-type": "text/plain" },
      rawBody: "https://example.org/bad/1c",
      expectStatus: 415,
    },
    {
      name: "suggestion count 0: 400004",
      method: "GET",
      path: "namespaces/name/urn:nbn:de:test/urn-suggestion?count=0",
      expectStatus: 400,
      expectFields: error(400, 400004),
    },
    {
      name: "suggestion count 51: 400004",
      method: "GET",
      path: "namespaces/name/urn:nbn:de:test/urn-suggestion?count=51",
      expectStatus: 400,
      expectFields: error(400, 400004),
    },
    {
      name: "suggestions of another organisation's namespace: 403",
      method: "GET",
      path: "namespaces/name/urn:nbn:de:other/urn-suggestion",
      expectStatus: 403,
    },
    {
      name: "a negative offset: 400004",
      method: "GET",
      path: "urns?offset=-1",
      expectStatus: 400,
      expectFields: error(400, 400004),
    },
    {
      name: "an unknown namespace: 404",
      method: "GET",
      path: "namespaces/name/urn:nbn:de:nowhere",
      expectStatus: 404,
      expectFields: error(404, 404001),
    },
    {
      name: "a URL id that is not base64: 400",
      method: "GET",
      path: `urns/urn/${U}/urls/base64/not*base64`,
      expectStatus: 400,
    },
    {
      name: "a URN in the path that is not one: 400",
      method: "GET",
      path: "urns/urn/urn:",
      expectStatus: 400,
    },
    {
      name: "broken percent-encoding of a URN: 400",
      method: "GET",
      path: "urns/urn/urn%3Anbn%3Ade%3Atest-%ZZ",
      expectStatus: 400,
    },
    {
      name: "a path the API does not have: 404 in its shape",
      method: "GET",
      path: "policies/url/id/1",
      expectStatus: 404,
      expectFields: error(404, 404001),
    },
    {
      name: "a successor that is neither a URN resource nor a URN: 400",
      method: "PATCH",
      path: `urns/urn/${U}`,
      body: { successor: "https://example.org/not-a-urn-resource" },
      expectStatus: 400,
    },
    {
      name: "a URN cannot be its own successor",
      method: "PATCH",
      path: `urns/urn/${U}`,
      body: { successor: U },
      expectStatus: 400,
    },
    {
      name: "DELETE with a JSON content type and no body: 204",
      method: "DELETE",
      path: `urns/urn/${U}/urls/base64/${Buffer.from("https://mirror.example/bad/1").toString("base64")}`,
      credentials: "other",
      headers: { "content-type": "application/json" },
      expectStatus: 204,
    },
    {
      name: "the list pages by offset and count with a Link header",
      method: "GET",
      path: "urns?offset=1&count=1",
      credentials: "none",
      expectStatus: 200,
      expectFields: { totalItems: 2, "items.0.urn": nbn("urn:nbn:de:policy-1") },
      expectHeaders: {
        link: (v: unknown) =>
          typeof v === "string" &&
          v.includes('rel="first"') &&
          v.includes('rel="prev previous"') &&
          v.includes('rel="last"') &&
          !v.includes('rel="next"'),
      },
    },
    {
      name: "the namespace's URNs",
      method: "GET",
      path: "namespaces/name/urn:nbn:de:test/urns",
      credentials: "none",
      expectStatus: 200,
      expectFields: { totalItems: 1, "items.0.urn": U },
    },
    {
      name: "the organisation, to itself",
      method: "GET",
      path: "organisations/id/test",
      expectStatus: 200,
      expectFields: { id: "test", login: "test", "address.city": null, contacts: null },
    },
    {
      name: "the organisation's namespaces, public",
      method: "GET",
      path: "organisations/id/test/namespaces",
      credentials: "none",
      expectStatus: 200,
      expectFields: { totalItems: 2 },
    },
  ],
};

for (const engine of engines) {
  describe(`DNB API bad input (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const registry = suiteDnbRegistry(engine);

    it("answers each as the DNB does, never 5xx", async () => {
      await replay(registry.app, BAD_INPUT);
    });

    it("audits a DNB write as the native one, but for its channel", async () => {
      const store = registry.h.store;
      const rows = await store.audit.list(1000, { targets: [U] });
      const created = rows.find((r) => r.action === "urn.create");
      assert.equal(created?.channel, "dnb");
      assert.ok(created?.tokenId !== null);
      const native = await registry.app.inject({
        method: "POST",
        url: "/api/v1/urns",
        headers: { authorization: "Bearer test-password" },
        payload: {
          urn: nbn("urn:nbn:de:test-native-1"),
          status: "active",
          locators: [{ url: "https://example.org/native/1" }],
        },
      });
      assert.equal(native.statusCode, 201, native.body);
      const [nativeRow] = await store.audit.list(1, { targets: [nbn("urn:nbn:de:test-native-1")] });
      assert.equal(nativeRow?.channel, null);
      assert.equal(nativeRow?.tokenId, created?.tokenId);
      assert.equal(nativeRow?.action, created?.action);
      assert.deepEqual(
        Object.keys(nativeRow?.after as object),
        Object.keys(created?.after as object),
      );
    });
  });
}
