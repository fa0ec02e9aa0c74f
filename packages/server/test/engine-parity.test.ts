// SQLite and PostgreSQL behave identically: one fixture of import lines (good and bad), API writes
// and lookups is run against each engine, and the statuses, problem codes and stored values
// (the export, timestamps made at run time masked) must be the same. A difference is a defect.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { buildServer } from "../src/server.js";
import { issueToken } from "../src/tokens.js";
import { type Engine, postgres, sqlite } from "./engines.js";
import { TEST_PG } from "./pg-database.js";

const actor = { tokenId: null };
const T = "2026-01-02T03:04:05.000Z";

const importLines = [
  {
    urn: "urn:example:p-1",
    status: "active",
    created: T,
    locators: [
      {
        url: "https://a.example/1",
        priority: 3,
        mediaType: "application/pdf",
        active: true,
        created: T,
      },
    ],
    metadata: { title: "One", n: [1, 2, { x: null }] },
  },
  { urn: "urn:example:p-2", status: "reserved", created: T },
  {
    urn: "urn:example:p-3",
    status: "deactivated",
    created: T,
    reason: "gone",
    deactivated: T,
    successors: ["urn:example:p-1"],
  },
  {
    urn: "URN:EXAMPLE:p-1",
    status: "active",
    created: T,
    locators: [
      {
        url: "https://a.example/1",
        priority: 3,
        mediaType: "application/pdf",
        active: true,
        created: T,
      },
    ],
    metadata: { title: "One", n: [1, 2, { x: null }] },
  },
  {
    urn: "urn:example:p-1",
    status: "active",
    created: T,
    locators: [{ url: "https://a.example/1", priority: 4, mediaType: "application/pdf" }],
    metadata: { title: "One", n: [1, 2, { x: null }] },
  },
  {
    urn: "urn:example:p-4",
    status: "active",
    locators: [{ url: "https://a.example/4", mediaType: 5 }],
  },
  {
    urn: "urn:example:p-5",
    status: "active",
    locators: [{ url: "https://a.example/5", priority: 1e300 }],
  },
  {
    urn: "urn:example:p-6",
    status: "active",
    locators: [{ url: "https://a.example/6", active: "no" }],
  },
  { urn: "urn:example:p-7", status: "active", reason: "a\u0000b" },
  { urn: "urn:example:p-8", status: "active", locators: [{ url: "https://a.example/8\r\nx" }] },
  { urn: "urn:other:p-9", status: "active" },
  { urn: "urn:example:p-10", status: "unknown" },
  { urn: "urn:example:p-11?+r", status: "active" },
  { urn: "urn:example:p-12", status: "active", created: "yesterday" },
];

interface Step {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  url: string;
  body?: unknown;
}

const steps: Step[] = [
  {
    method: "POST",
    url: "/api/v1/urns",
    body: { urn: "urn:example:a-1", status: "active", locators: [{ url: "https://a.example/a1" }] },
  },
  { method: "POST", url: "/api/v1/urns", body: { urn: "urn:example:A-1", status: "active" } },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:a-2",
      status: "active",
      locators: [{ url: "https://a.example/", priority: 1e300 }],
    },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:a-3",
      status: "active",
      locators: [{ url: "https://a.example/", mediaType: "text/html\u0000" }],
    },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: { urn: "urn:example:a-4", status: "active", metadata: { k: "\ud800" } },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: { urn: "urn:example:a-5", status: "active", extra: 1 },
  },
  {
    method: "PATCH",
    url: "/api/v1/urns/urn:example:a-1",
    body: { locators: [{ url: "https://b.example/a1", priority: 9 }], metadata: { v: 2 } },
  },
  { method: "PATCH", url: "/api/v1/urns/urn:example:p-3", body: { metadata: {} } },
  { method: "POST", url: "/api/v1/urns/urn:example:a-1/deactivate", body: { reason: "moved" } },
  {
    method: "POST",
    url: "/api/v1/urns/urn:example:a-1/deactivate",
    body: { successor: "urn:example:p-1" },
  },
  {
    method: "POST",
    url: "/api/v1/urns/urn:example:a-1/deactivate",
    body: { successor: "urn:example:p-2" },
  },
  { method: "POST", url: "/api/v1/urns/urn:example:p-2/activate" },
  { method: "POST", url: "/api/v1/urns/urn:example:p-3/activate" },
  { method: "POST", url: "/api/v1/namespaces/example/mint", body: { status: "active" } },
  { method: "DELETE", url: "/api/v1/urns/urn:example:p-1" },
  { method: "GET", url: "/api/v1/urns/urn:example:p-1" },
  { method: "GET", url: "/api/v1/urns/urn:example:nobody" },
  { method: "GET", url: "/api/v1/namespaces/%00" },
  { method: "GET", url: "/api/v1/namespaces/example" },
  { method: "GET", url: "/api/v1/stats/resolutions?nid=%00" },
  { method: "GET", url: "/urn:example:p-1" },
  { method: "GET", url: "/urn:example:p-3" },
  { method: "GET", url: "/urn:example:p-2" },
  { method: "GET", url: "/urn:example:a-1" },
  // Organisations, prefixes, identifiers and locator owners (schema version 7).
  { method: "POST", url: "/api/v1/organisations", body: { id: "lib", name: "Library" } },
  { method: "POST", url: "/api/v1/organisations", body: { id: "lib", name: "Again" } },
  { method: "POST", url: "/api/v1/organisations", body: { id: "fac", name: "Faculty" } },
  {
    method: "POST",
    url: "/api/v1/namespaces/example/prefixes",
    body: {
      prefix: "urn:example:lib-",
      organisation: "lib",
      naming: "[0-9]{4}[0-9X]",
      urls: ["https://lib.example/"],
      width: 4,
      check: "mod11-2",
      mirrors: true,
    },
  },
  {
    method: "POST",
    url: "/api/v1/namespaces/example/prefixes",
    body: { prefix: "URN:EXAMPLE:lib-", organisation: "fac" },
  },
  {
    method: "POST",
    url: "/api/v1/namespaces/example/prefixes",
    body: { prefix: "urn:example:bad-", organisation: "fac", naming: "(" },
  },
  {
    method: "POST",
    url: "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-/mint",
    body: { status: "active", locators: [{ url: "https://lib.example/1" }] },
  },
  {
    method: "POST",
    url: "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-/mint",
    body: { status: "active", locators: [{ url: "https://elsewhere.example/1" }] },
  },
  {
    method: "POST",
    url: "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-/reservations",
    body: { count: 2 },
  },
  { method: "GET", url: "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-/suggestion" },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: { urn: "urn:example:lib-abc", status: "active" },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:lib-77770",
      status: "active",
      identifiers: [{ type: "oai", value: "oai:lib:7" }],
      locators: [{ url: "https://lib.example/7" }, { url: "https://fac.example/7", owner: "fac" }],
    },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:lib-77771",
      status: "active",
      identifiers: [{ type: "oai", value: "oai:lib:7" }],
    },
  },
  { method: "GET", url: "/api/v1/organisations/lib/identifiers/oai/oai%3Alib%3A7" },
  {
    method: "PATCH",
    url: "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-",
    body: { modes: ["reservation"] },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: { urn: "urn:example:lib-88880", status: "active" },
  },
  { method: "GET", url: "/api/v1/namespaces/example/prefixes" },
  { method: "DELETE", url: "/api/v1/organisations/lib" },
  // Statistics (schema version 12): resolutions by outcome, assignments, top lists, refusals.
  { method: "GET", url: "/urn:example:lib-77770" },
  { method: "GET", url: "/urn:example:lib-nothing" },
  { method: "GET", url: "/api/v1/stats/resolutions/series?granularity=month" },
  { method: "GET", url: "/api/v1/stats/resolutions/series?organisation=lib&outcome=not-found" },
  { method: "GET", url: "/api/v1/stats/assignments" },
  { method: "GET", url: "/api/v1/stats/assignments?organisation=lib&granularity=month" },
  { method: "GET", url: "/api/v1/stats/top-urns?bots=exclude" },
  { method: "GET", url: "/api/v1/stats/top-prefixes?limit=1" },
  { method: "GET", url: "/api/v1/stats/resolutions/series?prefix=%00" },
  { method: "GET", url: "/api/v1/stats/top-urns?from=2026-01-01&to=2027-01-02" },
];

/** Run-time timestamps and minted numbers' time-dependent parts masked. */
function masked(text: string): string {
  return text.replace(
    /"(created|updated|deactivated|at)":"(?!2026-01-02T03:04:05)[^"]+"/g,
    '"$1":"~"',
  );
}

async function run(engine: Engine) {
  const h = await engine.open();
  try {
    await h.store.createNamespace(
      { nid: "example", local: true, mint: { prefix: "m-", width: 4, check: "mod11-2" } },
      actor,
    );
    const admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
    const app = await buildServer({ store: h.store });
    const auth = { authorization: `Bearer ${admin}` };
    const imported = await app.inject({
      method: "POST",
      url: "/api/v1/import",
      headers: { ...auth, "content-type": "application/x-ndjson" },
      payload: importLines.map((l) => JSON.stringify(l)).join("\n"),
    });
    const answers: string[] = [`import ${imported.statusCode} ${masked(imported.body)}`];
    for (const s of steps) {
      const r = await app.inject({
        method: s.method,
        url: s.url,
        headers: auth,
        ...(s.body === undefined ? {} : { payload: s.body as object }),
      });
      const body = r.headers["content-type"]?.toString().includes("json")
        ? masked(r.body)
        : r.statusCode;
      answers.push(`${s.method} ${s.url} ${r.statusCode} ${r.headers.location ?? ""} ${body}`);
    }
    const exported = await app.inject({ url: "/api/v1/export", headers: auth });
    await app.close();
    return { answers, exported: masked(exported.body).split("\n") };
  } finally {
    await h.close();
  }
}

describe("engine parity", { skip: TEST_PG === null ? "URNKIT_TEST_PG is not set" : false }, () => {
  it("the same fixture gives the same statuses and stored values on SQLite and PostgreSQL", async () => {
    const a = await run(sqlite);
    const b = await run(postgres);
    assert.deepEqual(b.answers, a.answers);
    assert.deepEqual(b.exported, a.exported);
    // The fixture exercises refusals as well as writes.
    assert.ok(a.answers.some((x) => / 422 /.test(x)));
    assert.ok(a.answers.some((x) => / 409 /.test(x)));
    assert.ok(a.exported.length >= 6);
  });
});
