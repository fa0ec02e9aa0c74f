// What the DNB URN-Service API's real clients send and what they check, one flow per client, as
// the clients' sources record it (the repositories and paths named in each flow's `source`; the
// facts are summarised in the project's reference on DNB and CZIDLO clients). Written from those
// facts: the URNs, URLs and organisation are this test's own.

import { type Flow, nbn } from "./dnb-registry.js";

const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const JSON_TYPE = /^application\/json/;
const endsWith = (tail: string) => (value: unknown) =>
  typeof value === "string" && value.endsWith(tail);
const dnbError = (status: number, code: number) => ({
  status,
  code,
  message: (v: unknown) => typeof v === "string" && v !== "",
  developerMessage: (v: unknown) => typeof v === "string" && v !== "",
});

const MYCORE = nbn("urn:nbn:de:test-mycore-1");
const GOOBI_TAKEN = nbn("urn:nbn:de:test-goobi-1");
const SONAR = nbn("urn:nbn:de:test-sonar-1");
const SONAR_NEXT = nbn("urn:nbn:de:test-sonar-2");
const MUENSTER = nbn("urn:nbn:de:test-ulbms-1");
const MUENSTER_NEXT = nbn("urn:nbn:de:test-ulbms-2");
const KATALON = nbn("urn:nbn:de:test-katalon-1");
const NEVER = nbn("urn:nbn:de:test-never-registered");

/** Dagstuhl names a URL by PHP's base64_encode: standard alphabet, "=" padding, "/" and "+" raw. */
export const DAGSTUHL_URL =
  "https://drops.example/entities/document/10.4230/LIPIcs.X.2024.100?page=~100";
export const DAGSTUHL_URL_ID = Buffer.from(DAGSTUHL_URL).toString("base64");
export const DAGSTUHL_FIRST = "https://drops.example/opus/volltexte/2024/1";

export const CLIENT_FLOWS: Flow[] = [
  {
    client: "MyCoRe",
    source:
      "MyCoRe-Org/mycore@f2225f6:mycore-pi/src/main/java/org/mycore/pi/urn/rest/MCRDNBURNRestClient.java",
    base: "/v2/",
    steps: [
      {
        name: "existence check before registering: 404",
        method: "GET",
        path: `urns/urn/${MYCORE}`,
        expectStatus: 404,
        expectFields: dnbError(404, 404001),
      },
      {
        name: "register with a string priority, POST to urns/ (trailing slash), no Accept",
        method: "POST",
        path: "urns/",
        body: {
          urn: MYCORE,
          urls: [{ url: "https://mycore.example/receive/doc_1", priority: "1" }],
        },
        expectStatus: 201,
        expectFields: { urn: MYCORE, created: ISO_MS, successor: null },
        expectHeaders: { "content-type": JSON_TYPE },
      },
      {
        name: "existence check: 200 now",
        method: "GET",
        path: `urns/urn/${MYCORE}`,
        expectStatus: 200,
        expectFields: { urn: MYCORE, myUrls: endsWith(`/v2/urns/urn/${MYCORE}/my-urls`) },
      },
      {
        name: "update its URLs: PATCH my-urls/ (trailing slash), string priority, exactly 204",
        method: "PATCH",
        path: `urns/urn/${MYCORE}/my-urls/`,
        body: [{ url: "https://mycore.example/receive/doc_1_v2", priority: "1" }],
        expectStatus: 204,
        expectEmptyBody: true,
      },
      {
        name: "registration check: urns//urn (doubled slash), no credentials, reads created",
        method: "GET",
        path: `urns//urn/${MYCORE}`,
        credentials: "none",
        expectStatus: 200,
        expectFields: { urn: MYCORE, created: ISO_MS, lastModified: ISO_MS },
      },
      {
        name: "the URLs are the PATCHed one only",
        method: "GET",
        path: `urns/urn/${MYCORE}/urls`,
        credentials: "none",
        expectStatus: 200,
        expectFields: {
          totalItems: 1,
          "items.0.url": "https://mycore.example/receive/doc_1_v2",
          "items.0.priority": 1,
          "items.0.owner": endsWith("/v2/organisations/id/test"),
        },
      },
    ],
  },
  {
    client: "Goobi workflow intranda_step_urn",
    source:
      "intranda/goobi-plugin-step-urn@daf59bc:module-base/src/main/java/de/intranda/goobi/plugins/UrnRestClient.java (suggestion: commit 777b9b9)",
    base: "/v2/",
    steps: [
      {
        name: "2022 version: a suggestion, read as suggestedUrn",
        method: "GET",
        path: "namespaces/name/urn:nbn:de:test/urn-suggestion",
        headers: { accept: "application/json" },
        expectStatus: 200,
        expectFields: {
          suggestedUrn: /^urn:nbn:de:test-\d+$/,
          "suggestedUrns.0": /^urn:nbn:de:test-\d+$/,
          namespace: endsWith("/v2/namespaces/name/urn:nbn:de:test"),
        },
        capture: { suggested: "suggestedUrn" },
      },
      {
        name: "register the suggested URN with no priority field",
        method: "POST",
        path: "urns",
        headers: { accept: "application/json" },
        body: { urn: "{{suggested}}", urls: [{ url: "https://goobi.example/viewer/ppn1" }] },
        expectStatus: 201,
        expectFields: { urn: /^urn:nbn:de:test-\d+$/, created: ISO_MS },
      },
      {
        name: "replace its URLs with two, no priority: exactly 204",
        method: "PATCH",
        path: "urns/urn/{{suggested}}/my-urls",
        headers: { accept: "application/json" },
        body: [
          { url: "https://goobi.example/viewer/ppn1/1" },
          { url: "https://goobi.example/viewer/ppn1/2" },
        ],
        expectStatus: 204,
        expectEmptyBody: true,
      },
      {
        name: "register another URN",
        method: "POST",
        path: "urns",
        headers: { accept: "application/json" },
        body: { urn: GOOBI_TAKEN, urls: [{ url: "https://goobi.example/viewer/ppn2" }] },
        expectStatus: 201,
      },
      {
        name: "registering it again fails with the error Goobi parses (status, code, developerMessage)",
        method: "POST",
        path: "urns",
        headers: { accept: "application/json" },
        body: { urn: GOOBI_TAKEN, urls: [{ url: "https://goobi.example/viewer/ppn2b" }] },
        expectStatus: 409,
        expectFields: dnbError(409, 409001),
      },
    ],
  },
  {
    client: "Dagstuhl dnb-urn-client",
    source: "dagstuhl-publishing/dnb-urn-client@0b29158:src/UrnClient.php",
    base: "/sandbox/v2/",
    steps: [
      {
        name: "the namespace",
        method: "GET",
        path: "namespaces/name/urn:nbn:de:test",
        headers: { accept: "application/json" },
        expectStatus: 200,
        expectFields: {
          name: "urn:nbn:de:test",
          allowsRegistration: true,
          self: endsWith("/sandbox/v2/namespaces/name/urn:nbn:de:test"),
          owner: endsWith("/sandbox/v2/organisations/id/test"),
          comment: null,
        },
      },
      {
        name: "a suggestion: namespace, self, suggestedUrn",
        method: "GET",
        path: "namespaces/name/urn:nbn:de:test/urn-suggestion",
        headers: { accept: "application/json" },
        expectStatus: 200,
        expectFields: { self: endsWith("/urn-suggestion"), namespace: /\/namespaces\/name\// },
        capture: { urn: "suggestedUrn" },
      },
      {
        name: "HEAD of the suggested URN, no credentials: 404",
        method: "HEAD",
        path: "urns/urn/{{urn}}",
        credentials: "none",
        expectStatus: 404,
        expectEmptyBody: true,
      },
      {
        name: "register it with priority null",
        method: "POST",
        path: "urns",
        headers: { accept: "application/json" },
        body: { urn: "{{urn}}", urls: [{ url: DAGSTUHL_FIRST, priority: null }] },
        expectStatus: 201,
        expectFields: { self: /\/sandbox\/v2\/urns\/urn\/urn:nbn:de:test-\d+$/ },
      },
      {
        name: "HEAD, no credentials: 200",
        method: "HEAD",
        path: "urns/urn/{{urn}}",
        credentials: "none",
        expectStatus: 200,
        expectEmptyBody: true,
      },
      {
        name: "the URN, no credentials",
        method: "GET",
        path: "urns/urn/{{urn}}",
        credentials: "none",
        headers: { accept: "application/json" },
        expectStatus: 200,
        expectFields: { successor: null, namespace: endsWith("/namespaces/name/urn:nbn:de:test") },
      },
      {
        name: "add a URL with an integer priority: 201 and the Url",
        method: "POST",
        path: "urns/urn/{{urn}}/urls",
        body: { url: DAGSTUHL_URL, priority: 5 },
        expectStatus: 201,
        expectFields: {
          url: DAGSTUHL_URL,
          priority: 5,
          created: ISO_MS,
          lastModified: ISO_MS,
          owner: endsWith("/sandbox/v2/organisations/id/test"),
          urn: /\/sandbox\/v2\/urns\/urn\/urn:nbn:de:test-\d+$/,
        },
      },
      {
        name: "the URLs, as url objects",
        method: "GET",
        path: "urns/urn/{{urn}}/urls",
        expectStatus: 200,
        expectFields: {
          totalItems: 2,
          "items.0.url": DAGSTUHL_URL,
          "items.1.url": DAGSTUHL_FIRST,
          "items.1.priority": 0,
        },
      },
      {
        name: "my URLs",
        method: "GET",
        path: "urns/urn/{{urn}}/my-urls",
        expectStatus: 200,
        expectFields: { totalItems: 2 },
      },
      {
        name: "one URL by its PHP base64 id (with '/' and '+'), no credentials",
        method: "GET",
        path: `urns/urn/{{urn}}/urls/base64/${DAGSTUHL_URL_ID}`,
        credentials: "none",
        expectStatus: 200,
        expectFields: { url: DAGSTUHL_URL, priority: 5 },
      },
      {
        name: "its priority changed: 204",
        method: "PATCH",
        path: `urns/urn/{{urn}}/urls/base64/${DAGSTUHL_URL_ID}`,
        body: { priority: 7 },
        expectStatus: 204,
        expectEmptyBody: true,
      },
      {
        name: "the new priority, by the url-safe id",
        method: "GET",
        path: `urns/urn/{{urn}}/urls/base64/${Buffer.from(DAGSTUHL_URL).toString("base64url")}`,
        expectStatus: 200,
        expectFields: { priority: 7 },
      },
      {
        name: "DELETE the URL: 204, empty",
        method: "DELETE",
        path: `urns/urn/{{urn}}/urls/base64/${DAGSTUHL_URL_ID}`,
        expectStatus: 204,
        expectEmptyBody: true,
      },
      {
        name: "DELETE the last URL is refused",
        method: "DELETE",
        path: `urns/urn/{{urn}}/urls/base64/${Buffer.from(DAGSTUHL_FIRST).toString("base64")}`,
        expectStatus: 409,
        expectFields: dnbError(409, 409003),
      },
      {
        name: "PATCH my-urls with priority null: 204",
        method: "PATCH",
        path: "urns/urn/{{urn}}/my-urls",
        body: [{ url: "https://drops.example/opus/volltexte/2024/1b", priority: null }],
        expectStatus: 204,
      },
      {
        name: "register the successor",
        method: "POST",
        path: "urns",
        body: {
          urn: nbn("urn:nbn:de:test-drops-2"),
          urls: [{ url: "https://drops.example/2", priority: 1 }],
        },
        expectStatus: 201,
        capture: { successor: "self", successorUrn: "urn" },
      },
      {
        // setUrnSuccessor as the code sends it: looking up the successor's self URL resets the
        // client's endpoint, so its PATCH goes to the successor, naming itself (seen when the
        // client ran against urnkit sandbox). Refused as a URN's own successor; nothing changes.
        name: "setUrnSuccessor's PATCH of the successor with its own URL: 400010",
        method: "PATCH",
        path: "urns/urn/{{successorUrn}}",
        body: { successor: "{{successor}}" },
        expectStatus: 400,
        expectFields: dnbError(400, 400010),
      },
      {
        name: "set the successor by its self URL: 204",
        method: "PATCH",
        path: "urns/urn/{{urn}}",
        body: { successor: "{{successor}}" },
        expectStatus: 204,
        expectEmptyBody: true,
      },
      {
        name: "the URN names its successor",
        method: "GET",
        path: "urns/urn/{{urn}}",
        expectStatus: 200,
        expectFields: {
          successor: endsWith(`/sandbox/v2/urns/urn/${nbn("urn:nbn:de:test-drops-2")}`),
        },
      },
      {
        name: "it resolves to the successor, as urnkit's successors do",
        method: "GET",
        path: "/{{urn}}",
        outsideBase: true,
        credentials: "none",
        expectStatus: 301,
        expectHeaders: { location: endsWith(nbn("urn:nbn:de:test-drops-2")) },
      },
      {
        name: "a successor is never removed (urnkit never reassigns): 409",
        method: "PATCH",
        path: "urns/urn/{{urn}}",
        body: { successor: null },
        expectStatus: 409,
      },
      {
        name: "a URL registered to another URN: 409 (the client's own comment)",
        method: "POST",
        path: "urns",
        body: {
          urn: nbn("urn:nbn:de:test-drops-3"),
          urls: [{ url: "https://drops.example/2", priority: null }],
        },
        expectStatus: 409,
        expectFields: dnbError(409, 409002),
      },
    ],
  },
  {
    client: "RERO SONAR",
    source: "rero/sonar@f055031:sonar/modules/documents/dnb.py",
    // SONAR_APP_URN_DNB_BASE_URL has no trailing slash; the code appends "/urns".
    base: "/v2",
    steps: [
      {
        name: "HEAD with credentials and Content-Type: 404",
        method: "HEAD",
        path: `/urns/urn/${SONAR}`,
        headers: { accept: "application/json", "content-type": "application/json" },
        expectStatus: 404,
      },
      {
        name: "register, priority 1: 201",
        method: "POST",
        path: "/urns",
        headers: { accept: "application/json" },
        body: { urn: SONAR, urls: [{ url: "https://sonar.example/documents/1", priority: 1 }] },
        expectStatus: 201,
      },
      {
        name: "HEAD with credentials: 200",
        method: "HEAD",
        path: `/urns/urn/${SONAR}`,
        headers: { accept: "application/json", "content-type": "application/json" },
        expectStatus: 200,
      },
      {
        name: "GET the URN: created, lastModified",
        method: "GET",
        path: `/urns/urn/${SONAR}`,
        headers: { accept: "application/json", "content-type": "application/json" },
        expectStatus: 200,
        expectFields: { created: ISO_MS, lastModified: ISO_MS },
      },
      {
        name: "GET its URLs: items[].url, items[0].created and lastModified",
        method: "GET",
        path: `/urns/urn/${SONAR}/urls`,
        headers: { accept: "application/json", "content-type": "application/json" },
        expectStatus: 200,
        expectFields: {
          "items.0.url": "https://sonar.example/documents/1",
          "items.0.created": ISO_MS,
          "items.0.lastModified": ISO_MS,
        },
      },
      {
        name: "update: PATCH my-urls, priority 1: 204",
        method: "PATCH",
        path: `/urns/urn/${SONAR}/my-urls`,
        headers: { accept: "application/json" },
        body: [{ url: "https://sonar.example/documents/1/v2", priority: 1 }],
        expectStatus: 204,
      },
      {
        name: "register the successor",
        method: "POST",
        path: "/urns",
        body: {
          urn: SONAR_NEXT,
          urls: [{ url: "https://sonar.example/documents/2", priority: 1 }],
        },
        expectStatus: 201,
      },
      {
        name: "set the successor as <base>/urns/urn/<succ>: 204",
        method: "PATCH",
        path: `/urns/urn/${SONAR}`,
        headers: { accept: "application/json" },
        body: { successor: `https://sonar-config.example/v2/urns/urn/${SONAR_NEXT}` },
        expectStatus: 204,
      },
      {
        name: "a successor for an unknown URN: the error's developerMessage",
        method: "PATCH",
        path: `/urns/urn/${NEVER}`,
        body: { successor: `https://sonar-config.example/v2/urns/urn/${SONAR_NEXT}` },
        expectStatus: 404,
        expectFields: dnbError(404, 404001),
      },
    ],
  },
  {
    client: "ULB Münster dnb-urn-service",
    source:
      "ulbmuenster/dnb-urn-service@35d9a7f:dnb_urn_service/rest_client.py, dnb_urn_service/tests/test_urn_service.py",
    base: "/sandbox/v2/",
    steps: [
      {
        name: "my-urls of an unregistered URN: 404",
        method: "GET",
        path: `urns/urn/${NEVER}/my-urls`,
        expectStatus: 404,
      },
      {
        name: "HEAD of a random URN: 404",
        method: "HEAD",
        path: `urns/urn/${nbn("urn:nbn:de:test-8215563")}`,
        expectStatus: 404,
      },
      {
        name: "register, priority 10: 201, reads urn",
        method: "POST",
        path: "urns",
        headers: { accept: "application/json" },
        body: { urn: MUENSTER, urls: [{ url: "https://ulb.example/record/1", priority: 10 }] },
        expectStatus: 201,
        expectFields: { urn: MUENSTER },
      },
      {
        name: "register it again: 409",
        method: "POST",
        path: "urns",
        headers: { accept: "application/json" },
        body: { urn: MUENSTER, urls: [{ url: "https://ulb.example/record/1", priority: 10 }] },
        expectStatus: 409,
      },
      {
        name: "my-urls with wrong credentials: 403 (as the DNB's live sandbox answered)",
        method: "GET",
        path: `urns/urn/${MUENSTER}/my-urls`,
        credentials: "wrong",
        expectStatus: 403,
        expectFields: dnbError(403, 403001),
      },
      {
        name: "my-urls: items[0].url",
        method: "GET",
        path: `urns/urn/${MUENSTER}/my-urls`,
        expectStatus: 200,
        expectFields: { "items.0.url": "https://ulb.example/record/1", "items.0.priority": 10 },
      },
      {
        name: "HEAD: 200",
        method: "HEAD",
        path: `urns/urn/${MUENSTER}`,
        expectStatus: 200,
      },
      {
        name: "successor null on an unregistered URN: 404",
        method: "PATCH",
        path: `urns/urn/${NEVER}`,
        body: { successor: null },
        expectStatus: 404,
      },
      {
        name: "successor null on a URN without one: 204",
        method: "PATCH",
        path: `urns/urn/${MUENSTER}`,
        body: { successor: null },
        expectStatus: 204,
      },
      {
        name: "register the successor",
        method: "POST",
        path: "urns",
        body: { urn: MUENSTER_NEXT, urls: [{ url: "https://ulb.example/record/2", priority: 10 }] },
        expectStatus: 201,
      },
      {
        name: "successor as urljoin(base, 'urns/urn/' + succ): 204",
        method: "PATCH",
        path: `urns/urn/${MUENSTER}`,
        body: { successor: `http://localhost:80/sandbox/v2/urns/urn/${MUENSTER_NEXT}` },
        expectStatus: 204,
      },
    ],
  },
  {
    client: "katalon DnbUrnAdapter",
    source: "katalon-collections/katalon:backend/src/katalon/integrations/dnb_urn_adapter.py",
    base: "/v2",
    steps: [
      {
        name: "a suggestion, the namespace percent-encoded (quote(ns, safe=''))",
        method: "GET",
        path: "/namespaces/name/urn%3Anbn%3Ade%3Atest/urn-suggestion",
        expectStatus: 200,
        expectFields: { suggestedUrn: /^urn:nbn:de:test-\d+$/ },
        capture: { urn: "suggestedUrn" },
      },
      {
        name: "register it, priority 10: 201, reads urn",
        method: "POST",
        path: "/urns",
        body: {
          urn: "{{urn}}",
          urls: [{ url: "https://katalon.example/objects/1", priority: 10 }],
        },
        expectStatus: 201,
        expectFields: { urn: /^urn:nbn:de:test-\d+$/ },
      },
      {
        name: "register a URN of its own numbering",
        method: "POST",
        path: "/urns",
        body: { urn: KATALON, urls: [{ url: "https://katalon.example/objects/2", priority: 10 }] },
        expectStatus: 201,
      },
      {
        name: "the URN percent-encoded in the path",
        method: "GET",
        path: `/urns/urn/${encodeURIComponent(KATALON)}`,
        expectStatus: 200,
        expectFields: { urn: KATALON },
      },
      {
        name: "the URN as the DNB's documents link it (urn:nbn%3Ade:…)",
        method: "GET",
        path: `/urns/urn/${KATALON.replace("nbn:de", "nbn%3Ade")}/urls`,
        expectStatus: 200,
        expectFields: { "items.0.url": "https://katalon.example/objects/2" },
      },
    ],
  },
];
