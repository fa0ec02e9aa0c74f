// Credentials before the body, on every engine: a DNB resource that needs a caller answers missing
// credentials 401 (401001, with a Basic challenge) and bad ones 403 (403001) whatever its body
// holds, malformed JSON, a wrong type, an unknown field, a content type that is not JSON, so a
// caller without good credentials learns nothing of what the body should have been (as urnkit's
// own API, whose bearer check runs before the body is read). The same bodies with good credentials
// are refused for the body, which shows each is bad; none of the requests writes anything.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import {
  type Credentials,
  type Flow,
  nbn,
  replay,
  type Step,
  suiteDnbRegistry,
} from "./dnb-registry.js";

const U = nbn("urn:nbn:de:test-cred-1");
const URL_ID = Buffer.from("https://example.org/cred/1").toString("base64");

/** A body a resource refuses, and what it is refused with when the credentials are good. */
interface BadBody {
  name: string;
  rawBody: string;
  contentType: string;
  /** Status and code with good credentials. */
  status: number;
  code?: number;
}

const MALFORMED: BadBody = {
  name: "malformed JSON",
  rawBody: '{"urn": "urn:nbn:de:test-cred-2", "urls": [',
  contentType: "application/json",
  status: 400,
  code: 400001,
};
const WRONG_TYPE: BadBody = {
  name: "a body of the wrong type",
  rawBody: "42",
  contentType: "application/json",
  status: 400,
  code: 400007,
};
const UNKNOWN_FIELD: BadBody = {
  name: "an unknown field",
  rawBody: '{"nonsense": 1}',
  contentType: "application/json",
  status: 400,
};
const NOT_JSON: BadBody = {
  name: "a content type that is not JSON",
  rawBody: "https://example.org/cred/2",
  contentType: "text/plain",
  status: 415,
  code: 415001,
};

/** Each resource that needs a caller and takes a body, with the bad bodies it is sent. */
const RESOURCES: { method: Step["method"]; path: string; bodies: BadBody[] }[] = [
  { method: "POST", path: "urns", bodies: [MALFORMED, WRONG_TYPE, UNKNOWN_FIELD, NOT_JSON] },
  { method: "PATCH", path: `urns/urn/${U}`, bodies: [MALFORMED, WRONG_TYPE, NOT_JSON] },
  {
    method: "PATCH",
    path: `urns/urn/${U}/my-urls`,
    bodies: [MALFORMED, WRONG_TYPE, UNKNOWN_FIELD, NOT_JSON],
  },
  // MyCoRe's spelling: a doubled slash and a trailing one.
  {
    method: "PATCH",
    path: `urns//urn/${U}/my-urls/`,
    bodies: [MALFORMED, WRONG_TYPE],
  },
  {
    method: "POST",
    path: `urns/urn/${U}/urls`,
    bodies: [MALFORMED, WRONG_TYPE, UNKNOWN_FIELD, NOT_JSON],
  },
  {
    method: "PATCH",
    path: `urns/urn/${U}/urls/base64/${URL_ID}`,
    bodies: [MALFORMED, WRONG_TYPE, UNKNOWN_FIELD, NOT_JSON],
  },
  { method: "DELETE", path: `urns/urn/${U}/urls/base64/${URL_ID}`, bodies: [MALFORMED, NOT_JSON] },
];

/** The credentials refused, and how. */
const REFUSED: { credentials: Credentials; status: number; code: number; why: string }[] = [
  { credentials: "none", status: 401, code: 401001, why: "no credentials" },
  { credentials: "wrong", status: 403, code: 403001, why: "an unknown login and password" },
  { credentials: "mismatch", status: 403, code: 403001, why: "a token of another organisation" },
  { credentials: "admin", status: 403, code: 403001, why: "a token of no organisation" },
];

function refusedFor(credentials: (typeof REFUSED)[number]): Step["expectFields"] {
  return {
    status: credentials.status,
    code: credentials.code,
    developerMessage: credentials.status === 401 ? /needs credentials/ : /credentials|token/,
  };
}

const steps: Step[] = [
  {
    name: "a URN with a URL to work on",
    method: "POST",
    path: "urns",
    body: { urn: U, urls: [{ url: "https://example.org/cred/1", priority: 1 }] },
    expectStatus: 201,
  },
];
for (const resource of RESOURCES)
  for (const body of resource.bodies) {
    for (const credentials of REFUSED)
      steps.push({
        name: `${body.name} with ${credentials.why}: ${credentials.status}`,
        method: resource.method,
        path: resource.path,
        credentials: credentials.credentials,
        headers: { "content-type": body.contentType },
        rawBody: body.rawBody,
        expectStatus: credentials.status,
        expectFields: refusedFor(credentials),
        ...(credentials.status === 401
          ? { expectHeaders: { "www-authenticate": /^Basic realm=/ } }
          : {}),
      });
    steps.push({
      name: `${body.name} with good credentials: refused for the body`,
      method: resource.method,
      path: resource.path,
      headers: { "content-type": body.contentType },
      rawBody: body.rawBody,
      expectStatus: body.status,
      expectFields: body.code === undefined ? { status: body.status } : { code: body.code },
    });
  }
// Not a body, but the same order: a path whose URN is not one, with bad credentials, then good.
const NOT_A_URN = {
  method: "PATCH",
  path: "urns/urn/urn:/my-urls",
  body: [{ url: "https://example.org/cred/3" }],
} as const;
for (const [credentials, said, status, code] of [
  ["none", "no", 401, 401001],
  ["wrong", "wrong", 403, 403001],
] as const)
  steps.push({
    ...NOT_A_URN,
    name: `a path URN that is not one, with ${said} credentials: ${status}`,
    credentials,
    expectStatus: status,
    expectFields: { code },
  });
steps.push(
  { ...NOT_A_URN, name: "the same with good credentials: 400", expectStatus: 400 },
  {
    name: "the suggestion's bad count with wrong credentials: 403",
    method: "GET",
    path: "namespaces/name/urn:nbn:de:test/urn-suggestion?count=0",
    credentials: "wrong",
    expectStatus: 403,
    expectFields: { code: 403001 },
  },
  {
    name: "the URN is as it was: its one URL, the caller's",
    method: "GET",
    path: `urns/urn/${U}/my-urls`,
    expectStatus: 200,
    expectFields: {
      totalItems: 1,
      "items.0.url": "https://example.org/cred/1",
      "items.0.priority": 1,
    },
  },
);

const CREDENTIALS_FIRST: Flow = {
  client: "credentials before the body",
  source: "this project's own cases",
  base: "/v2/",
  steps,
};

for (const engine of engines)
  describe(`DNB API: credentials before the body (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const registry = suiteDnbRegistry(engine);

    it(`answers ${steps.length} requests in that order, writing nothing refused`, async () => {
      await replay(registry.app, CREDENTIALS_FIRST);
      // The registration's row is the only one about the URN.
      const rows = await registry.h.store.audit.list(1000, { targets: [U] });
      assert.deepEqual(
        rows.map((r) => r.action),
        ["urn.create"],
      );
    });
  });
