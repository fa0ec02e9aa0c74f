// How DNB clients spell the API's paths, and the one spelling the router gets: a table of the
// spellings the reference records (doubled and trailing slashes, encoded URNs and namespaces,
// base64 ids in every alphabet), and a property: every URL's id, however a client encodes it,
// names that URL again.

import assert from "node:assert/strict";
import { it } from "node:test";
import fc from "fast-check";
import { canonicalDnbTarget, normaliseBase, urlFromId } from "../../src/routes/dnb/paths.js";

const BASES = ["/v2/", "/sandbox/v2/"];
const U = "urn:nbn:de:test-1234";
const E = encodeURIComponent(U);
const B64 = Buffer.from("https://example.org/a?b=~100").toString("base64");
/** The canonical id: the url-safe alphabet, padded. */
const B64URL = B64.replaceAll("+", "-").replaceAll("/", "_");

const CASES: [string, string | null][] = [
  ["/v2", "/v2/"],
  ["/v2/", "/v2/"],
  ["/v2/urns", "/v2/urns"],
  ["/v2/urns/", "/v2/urns"],
  [`/v2/urns//urn/${U}`, `/v2/urns/urn/${E}`],
  [`/v2/urns/urn/${U}/my-urls/`, `/v2/urns/urn/${E}/my-urls`],
  [`/v2/urns/urn/${E}/urls`, `/v2/urns/urn/${E}/urls`],
  [`/v2/urns/urn/urn:nbn%3Ade:test-1234`, `/v2/urns/urn/${E}`],
  [`/sandbox/v2/urns/urn/${U}?x=1`, `/sandbox/v2/urns/urn/${E}?x=1`],
  [`/v2/urns/urn/${U}/urls/base64/${B64}`, `/v2/urns/urn/${E}/urls/base64/${B64URL}`],
  [
    `/v2/urns/urn/${U}/urls/base64/${encodeURIComponent(B64)}`,
    `/v2/urns/urn/${E}/urls/base64/${B64URL}`,
  ],
  [
    "/v2/namespaces/name/urn%3Anbn%3Ade%3Atest/urn-suggestion",
    `/v2/namespaces/name/${encodeURIComponent("urn:nbn:de:test")}/urn-suggestion`,
  ],
  [
    "/v2/namespaces//name/urn:nbn:de:test/",
    `/v2/namespaces/name/${encodeURIComponent("urn:nbn:de:test")}`,
  ],
  ["/v2/organisations/id/test/namespaces", "/v2/organisations/id/test/namespaces"],
  ["/v2/policies/url/id/1", null],
  ["/v2x/urns", null],
  ["/api/v1/urns", null],
  ["/urn:nbn:de:test-1234", null],
];

it("each spelling clients send has its one canonical target", () => {
  for (const [sent, expected] of CASES)
    assert.equal(canonicalDnbTarget(sent, BASES), expected, sent);
});

it("a base path is one or more safe segments, never the root", () => {
  assert.equal(normaliseBase("v2"), "/v2/");
  assert.equal(normaliseBase("/sandbox//v2"), "/sandbox/v2/");
  assert.throws(() => normaliseBase("/"));
  assert.throws(() => normaliseBase("/a b/"));
});

it("a URL's id names it in every base64 spelling; what is not base64 names nothing", () => {
  fc.assert(
    fc.property(fc.webUrl({ withQueryParameters: true, withFragments: true }), (url) => {
      const standard = Buffer.from(url).toString("base64");
      for (const id of [
        standard,
        standard.replace(/=+$/, ""),
        Buffer.from(url).toString("base64url"),
        encodeURIComponent(standard),
      ])
        assert.equal(urlFromId(id), url, id);
    }),
  );
  for (const bad of ["not*base64", "a", "ab=c", "%ZZ"]) assert.equal(urlFromId(bad), null, bad);
});
