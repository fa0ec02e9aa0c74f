// SQLite and PostgreSQL behave identically: one fixture of import lines (good and bad), API writes
// and lookups is run against each engine, and the statuses, problem codes and stored values
// (the export, timestamps made at run time masked) must be the same, and so must the OAI-PMH
// provider's harvests of the result. A difference is a defect.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import { importRecords } from "../../src/exchange/import/records.js";
import { issueToken } from "../../src/registry/tokens.js";
import { exportLines } from "../../src/routes/import-export.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import type { LinkCheck } from "../../src/storage/links.js";
import { type Engine, type EngineHandle, postgres, sqlite } from "../engines.js";
import { onFreshStore } from "../fresh-store.js";
import { fixture, replay } from "../oai-replay.js";
import { PG_SKIP } from "../pg-database.js";
import { postImport } from "../post-import.js";
import { organisationWithPrefix } from "../prefix-setup.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const T = "2026-01-02T03:04:05.000Z";

/** The first import line, full; sent again with the NID's case changed, the same record. */
const firstLine = (urn: string) => ({
  urn,
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
});

const importLines = [
  firstLine("urn:example:p-1"),
  { urn: "urn:example:p-2", status: "reserved", created: T },
  {
    urn: "urn:example:p-3",
    status: "deactivated",
    created: T,
    reason: "gone",
    deactivated: T,
    successors: ["urn:example:p-1"],
  },
  firstLine("URN:EXAMPLE:p-1"),
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
  {
    urn: "urn:example:p-13",
    status: "active",
    locators: [{ url: "https://a.example/13" }, { url: "https://a.example/13" }],
  },
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
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:a-6",
      status: "active",
      locators: [{ url: "https://a.example/6" }, { url: "https://a.example/6", priority: 2 }],
    },
  },
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:a-7",
      status: "active",
      identifiers: [
        { type: "local", value: "7" },
        { type: "local", value: "7" },
      ],
    },
  },
  {
    method: "PATCH",
    url: "/api/v1/urns/urn:example:a-1",
    body: { locators: [{ url: "https://c.example/a1" }, { url: "https://c.example/a1" }] },
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
  // Listing, search and reverse lookup (schema version 8).
  {
    method: "POST",
    url: "/api/v1/urns",
    body: {
      urn: "urn:example:s-1",
      status: "active",
      metadata: { title: "Été à Zürich", tags: ["ÇA", "straße"] },
      locators: [{ url: "HTTPS://A.Example:443/1" }],
    },
  },
  { method: "GET", url: "/api/v1/urns" },
  { method: "GET", url: "/api/v1/urns?nid=example&limit=3" },
  { method: "GET", url: "/api/v1/urns?nid=EXAMPLE&limit=3&status=active" },
  { method: "GET", url: "/api/v1/urns?prefix=URN:EXAMPLE:lib-" },
  { method: "GET", url: "/api/v1/urns?q=one" },
  { method: "GET", url: "/api/v1/urns?q=%C3%A9t%C3%A9+Z%C3%9CRICH" },
  { method: "GET", url: "/api/v1/urns?q=%C3%A7a" },
  { method: "GET", url: "/api/v1/urns?q=STRASSE" },
  { method: "GET", url: "/api/v1/urns?q=stra%C3%9Fe" },
  { method: "GET", url: "/api/v1/urns?status=deactivated" },
  { method: "GET", url: "/api/v1/urns?organisation=lib" },
  { method: "GET", url: "/api/v1/urns?url=https%3A%2F%2Fa.example%2F1" },
  { method: "GET", url: "/api/v1/urns?q=lib&status=active&limit=1" },
  { method: "GET", url: "/api/v1/urns?updatedSince=2000-01-01&limit=2" },
  // A status alone and updatedSince alone (schema version 15): id order and change order.
  { method: "GET", url: "/api/v1/urns?status=active&limit=2" },
  { method: "GET", url: "/api/v1/urns?updatedSince=2000-01-01" },
  { method: "GET", url: "/api/v1/urns?nid=bad_nid" },
  { method: "GET", url: "/api/v1/urns?cursor=WyJrIiwieCJd" },
  { method: "GET", url: "/uri-res/L2Ns?https://a.example/1" },
  { method: "GET", url: "/uri-res/L2Ns?https://none.example/" },
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

/**
 * Run-time timestamps and minted numbers' time-dependent parts masked, and list cursors (a
 * cursor may name a row id, and PostgreSQL spends ids on refused inserts where SQLite does not).
 */
function masked(text: string): string {
  return text
    .replace(/"(created|updated|deactivated|at)":"(?!2026-01-02T03:04:05)[^"]+"/g, '"$1":"~"')
    .replace(/"next":"[^"]+"/g, '"next":"~"');
}

/**
 * The OAI-PMH answers about the registry the fixture left: every list in each format, followed
 * across resumption tokens, a set, a range and some refusals. Every record gets one datestamp
 * first, so the lists are in registration order on both engines.
 */
async function harvests(h: EngineHandle): Promise<string[]> {
  await h.rawExec(`UPDATE records SET updated = '${T}'`);
  const app = await buildServer({ store: h.store, oai: { pageSize: 3 } });
  const oaiMasked = (xml: string) =>
    xml
      .replace(/<responseDate>[^<]+</, "<responseDate>~<")
      .replace(/(?!2026-01-02T03:04:05)\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, "~")
      .replace(/expirationDate="[^"]+"/g, 'expirationDate="~"')
      .replace(/(<resumptionToken[^>]*>)[^<]+</g, "$1~<")
      .replace(/resumptionToken="[^"]+"/g, 'resumptionToken="~"');
  const out: string[] = [];
  const queries = [
    ...["oai_dc", "epicur", "urnkit"].map((f) => `verb=ListRecords&metadataPrefix=${f}`),
    "verb=ListIdentifiers&metadataPrefix=oai_dc&set=org:lib",
    "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2026-01-02&until=2026-01-02",
    "verb=ListSets",
    "verb=GetRecord&identifier=urn:example:p-3&metadataPrefix=urnkit",
    "verb=ListRecords&metadataPrefix=oai_dc&until=2026-01-01",
    "verb=GetRecord&identifier=urn:example:none&metadataPrefix=oai_dc",
  ];
  try {
    for (const query of queries) {
      let body = (await app.inject({ url: `/oai?${query}` })).body;
      out.push(oaiMasked(body));
      for (;;) {
        const token = /<resumptionToken[^>]*>([^<]+)</.exec(body)?.[1];
        if (token === undefined) break;
        const verb = /verb="(\w+)"/.exec(body)?.[1];
        body = (await app.inject({ url: `/oai?verb=${verb}&resumptionToken=${token}` })).body;
        out.push(oaiMasked(body));
      }
    }
  } finally {
    await app.close();
  }
  return out;
}

/**
 * Link health (schema version 11): the same checks stored for every locator, in locator order,
 * must give the same reports, rankings, history and due list. Locator ids may differ between the
 * engines (a PostgreSQL identity skips the ids of rolled-back inserts): cursors are masked.
 */
async function linkHealthAnswers(h: EngineHandle, app: FastifyInstance): Promise<string[]> {
  const check = (ok: boolean): LinkCheck => ({
    checked: T,
    outcome: ok ? "ok" : "server-error",
    status: ok ? 200 : 503,
    finalUrl: null,
    latencyMs: 7,
    message: ok ? null : "HTTP 503",
  });
  const rows = await h.store.links.report({ status: "all", limit: 1000 });
  assert.ok(rows.length >= 4, "the fixture has locators to check");
  for (const [i, row] of rows.entries()) {
    // Row i fails i % 4 times in a row (2 rank it last); every third then answers again.
    for (let n = 0; n < i % 4; n++) await h.store.links.recordCheck(row.id, check(false), 2);
    if (i % 3 === 0) await h.store.links.recordCheck(row.id, check(true), 2);
  }
  await h.store.links.deferCheck((rows.at(-1) as { id: number }).id, "2999-01-01T00:00:00.000Z");
  const answers: string[] = [];
  for (const url of [
    "/api/v1/links?status=all",
    "/api/v1/links?status=broken&limit=2",
    "/api/v1/links?status=demoted",
    "/api/v1/links?status=ok&organisation=lib",
    "/api/v1/links?status=unchecked&prefix=urn:example:lib-",
    "/api/v1/links/export?status=broken",
    "/api/v1/links/export?format=json&status=demoted",
  ]) {
    const r = await app.inject({ url });
    answers.push(`GET ${url} ${r.statusCode} ${r.body.replace(/"next":"[^"]+"/, '"next":"~"')}`);
  }
  const metrics = (await app.inject({ url: "/metrics" })).body;
  answers.push(
    metrics
      .split("\n")
      .filter((l) => l.startsWith("urnkit_links"))
      .join(" "),
  );
  // The statistics pages' broken-links figures, per scope, as stored and as shown.
  for (const scope of [{}, { organisation: "lib" }, { prefix: "urn:example:lib-" }]) {
    answers.push(`counts ${JSON.stringify(await h.store.links.outcomeCounts(scope))}`);
  }
  for (const url of ["/stats", "/stats?organisation=lib", "/stats?prefix=urn:example:lib-"]) {
    const r = await app.inject({ url });
    answers.push(`GET ${url} ${r.statusCode} ${r.body.slice(r.body.indexOf('id="broken-links"'))}`);
  }
  for (const row of rows) {
    const r = await app.inject({ url: `/${row.urn}` });
    answers.push(`${row.urn} ${r.statusCode} ${r.headers.location ?? ""}`);
    answers.push(`${row.url} history ${(await h.store.links.history(row.id)).length}`);
  }
  const due = await h.store.links.due({ now: "2100-01-01T00:00:00.000Z", limit: 1000 });
  answers.push(`due ${due.map((d) => d.url).join(" ")}`);
  return answers;
}

function run(engine: Engine) {
  return onFreshStore(engine, async (h) => {
    await h.store.namespaces.create(
      { nid: "example", local: true, mint: { prefix: "m-", width: 4, check: "mod11-2" } },
      actor,
    );
    const admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
    const app = await buildServer({ store: h.store });
    const auth = { authorization: `Bearer ${admin}` };
    const { response: imported } = await postImport(
      app,
      admin,
      importLines.map((l) => JSON.stringify(l)).join("\n"),
    );
    const answers: string[] = [`import ${imported.statusCode} ${masked(imported.body)}`];
    for (const s of steps) {
      const r = await app.inject({
        method: s.method,
        url: s.url,
        headers: auth,
        ...(s.body === undefined ? {} : { payload: s.body as object }),
      });
      const type = r.headers["content-type"]?.toString() ?? "";
      const body = type.includes("json")
        ? masked(r.body)
        : type.includes("uri-list")
          ? r.body
          : r.statusCode;
      answers.push(`${s.method} ${s.url} ${r.statusCode} ${r.headers.location ?? ""} ${body}`);
    }
    answers.push(...(await linkHealthAnswers(h, app)));
    const exported = await app.inject({ url: "/api/v1/export", headers: auth });
    await app.close();
    return { answers, exported: masked(exported.body).split("\n"), oai: await harvests(h) };
  });
}

/**
 * A harvest of the recorded DSpace list (both pages, refusals, a deleted record), interrupted
 * after its first page and resumed, then asked again from its date: runs, refusals, sources and
 * the records it wrote, as each engine stores them.
 */
async function harvestOn(engine: Engine) {
  const h = await engine.open();
  const provider = await replay("/server/oai/request");
  try {
    provider.answer("Identify", fixture("dspace-identify.xml"));
    provider.answer("list:oai_dc::", fixture("dspace-page1.xml"));
    provider.answer("token:oai_dc////3", fixture("dspace-page2.xml"));
    provider.answer("list:oai_dc::2026-11-20T10:00:00Z", fixture("dspace-changed.xml"));
    await h.store.namespaces.create({ nid: "nbn" }, actor);
    await organisationWithPrefix(
      h.store,
      { id: "hbz-lib", name: "Library" },
      {
        prefix: "urn:nbn:de:hbz:465-",
        nid: "nbn",
        check: "nbn",
      },
    );
    const options = {
      url: provider.url,
      organisation: "hbz-lib",
      metadataPrefix: "oai_dc" as const,
      limits: DEFAULT_LIMITS,
      client: { rate: 0, allowPrivate: true },
    };
    const stop = new AbortController();
    await harvest(h.store, { ...options, signal: stop.signal, onPage: () => stop.abort() });
    await harvest(h.store, options);
    await harvest(h.store, options);
    const runs = await h.rawRows("harvest_runs");
    const refusals = [];
    for (const r of runs) refusals.push(...(await h.store.harvest.refusals(Number(r.id))));
    const records = [];
    for await (const chunk of exportLines(h.store))
      for (const line of chunk.split("\n")) if (line !== "") records.push(JSON.parse(line));
    // A page's URNs are written several at a time, so record ids (the export's order) may differ.
    records.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    // Times of the run and the loopback port masked; PostgreSQL's bigint counts read as numbers.
    const TIMES = new Set(["created", "updated", "at", "started", "finished"]);
    return JSON.stringify(
      { runs, refusals, sources: await h.store.harvest.listSources(), records },
      (k, v) => {
        if (TIMES.has(k) && typeof v === "string") return "~";
        if (v === provider.url) return "~";
        if (k === "resumed") return Boolean(v);
        return typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;
      },
    );
  } finally {
    await provider.close();
    await h.close();
  }
}

/**
 * Writes in one batch (PostgreSQL's writeBatch, a sole writer's batch on SQLite), several at a
 * time, one of them refused by the database after its first statement; then a batch that fails
 * after its writes. What each engine keeps, and what a write inside the batch reads.
 */
function batchOn(engine: Engine) {
  return onFreshStore(engine, async (h) => {
    const store = h.store;
    const batch = store.writeBatch?.bind(store) ?? store.soleWriterBatch?.bind(store);
    assert.ok(batch !== undefined);
    await store.namespaces.create({ nid: "example" }, actor);
    await store.organisations.create({ id: "lib", name: "Library" }, actor);
    const taken = { type: "local", value: "taken" };
    const record = (name: string, identifiers: { type: string; value: string }[] = []) => ({
      urn: `urn:example:${name}`,
      key: `urn:example:${name}`,
      nid: "example",
      status: "active" as const,
      organisation: "lib",
      locators: [{ url: `https://lib.example/${name}` }],
      identifiers,
    });
    await store.records.create(record("holder", [taken]), actor);
    const answers: string[] = [];
    await batch(async () => {
      await store.records.create(record("a"), actor);
      const results = await Promise.allSettled([
        store.records.create(record("b"), actor),
        store.records.create(record("c", [taken]), actor),
        store.records.get("urn:example:a").then((r) => r?.urn ?? "not found"),
        store.records.create(record("d"), actor),
      ]);
      for (const r of results)
        answers.push(
          r.status === "fulfilled"
            ? `ok ${typeof r.value === "string" ? r.value : r.value.urn}`
            : `refused ${(r.reason as { code?: string }).code}`,
        );
    });
    await assert.rejects(
      batch(async () => {
        await store.records.create(record("e"), actor);
        throw new Error("the process fails");
      }),
      /the process fails/,
    );
    const urns = (await h.rawRows("records")).map((r) => r.urn).sort();
    const locators = (await h.rawRows("locators")).map((r) => r.url).sort();
    const audit = (await store.audit.list(100)).map((a) => `${a.action} ${a.target}`).sort();
    return { answers, urns, locators, audit };
  });
}

/**
 * A set of new records written at once (createMany): created ones, a key taken before and one
 * taken by an earlier input of the set, an identifier taken, identifiers without an organisation.
 * Each input's outcome, and the records, identifiers and audit rows each engine keeps.
 */
function recordSetOn(engine: Engine) {
  return onFreshStore(engine, async (h) => {
    const store = h.store;
    await store.namespaces.create({ nid: "example" }, actor);
    await store.organisations.create({ id: "lib", name: "Library" }, actor);
    const taken = { type: "local", value: "taken" };
    const record = (urn: string, fields: object = {}) => ({
      urn,
      key: urn.replace(/^urn:example:/i, "urn:example:"),
      nid: "example",
      status: "active" as const,
      organisation: "lib",
      locators: [{ url: `https://lib.example/${urn}`, priority: urn.length % 3 }],
      ...fields,
    });
    await store.records.create(record("urn:example:holder", { identifiers: [taken] }), actor);
    const outcomes = await store.records.createMany(
      [
        record("urn:example:a", { metadata: { title: "A" } }),
        record("URN:EXAMPLE:holder"),
        record("URN:EXAMPLE:a"),
        record("urn:example:b", { identifiers: [taken] }),
        record("urn:example:c", { organisation: null, identifiers: [{ type: "t", value: "c" }] }),
        record("urn:example:d", { status: "reserved", identifiers: [{ type: "t", value: "d" }] }),
      ],
      actor,
    );
    const answers = outcomes.map((o) =>
      o instanceof Error
        ? `${o.name} ${(o as { code?: string }).code ?? ""} ${o.message}`
        : `created ${o.urn} ${masked(JSON.stringify(o))}`,
    );
    const urns = (await h.rawRows("records")).map((r) => r.urn).sort();
    const identifiers = (await h.rawRows("record_identifiers")).map((r) => r.value).sort();
    const audit = (await store.audit.list(100))
      .map((a) => `${a.action} ${a.target} ${masked(JSON.stringify(a.after))}`)
      .sort();
    return { answers, urns, identifiers, audit };
  });
}

/**
 * The fixture's import lines through the import in batches of 2 (the repeated p-1 and p-3's
 * successor fall in other batches than their first lines): the events, and each record as
 * exported, found by a word and counted.
 */
function batchedImportOn(engine: Engine) {
  return onFreshStore(engine, async (h) => {
    await h.store.namespaces.create({ nid: "example", local: true }, actor);
    const events: string[] = [];
    for await (const event of importRecords(
      h.store,
      importLines.map((l) => `${JSON.stringify(l)}\n`),
      { actor, scope: null, limits: { ...DEFAULT_LIMITS, importBatch: 2 } },
    ))
      events.push(JSON.stringify(event));
    const exported: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await h.store.transfer.exportPage(cursor, 100);
      exported.push(...page.lines.map((l) => masked(JSON.stringify(l))));
      cursor = page.cursor;
    } while (cursor !== null);
    const found = (
      await h.store.search.records({ words: ["example"], order: "id", limit: 100 })
    ).map((hit) => hit.record.urn);
    const today = new Date().toISOString().slice(0, 10);
    const counted = (
      await h.store.stats.assignmentSeries({
        from: today,
        to: today,
        granularity: "day",
        limit: 10,
      })
    ).map((p) => `${p.kind} ${p.count}`);
    return { events, exported, found, counted };
  });
}

describe("engine parity", () => {
  const { it } = skippedWhen(PG_SKIP);
  it("the same fixture gives the same statuses and stored values on SQLite and PostgreSQL", async () => {
    const a = await run(sqlite);
    const b = await run(postgres);
    assert.deepEqual(b.answers, a.answers);
    assert.deepEqual(b.exported, a.exported);
    assert.deepEqual(b.oai, a.oai);
    assert.ok(a.oai.length > 10 && a.oai.some((x) => x.includes('cursor="3"')));
    // The fixture exercises refusals as well as writes.
    assert.ok(a.answers.some((x) => / 422 /.test(x)));
    assert.ok(a.answers.some((x) => / 409 /.test(x)));
    assert.ok(a.exported.length >= 6);
  });

  it("a harvest stores the same runs, refusals, sources and records on SQLite and PostgreSQL", async () => {
    const a = await harvestOn(sqlite);
    const b = await harvestOn(postgres);
    assert.equal(b, a);
    assert.match(a, /"outcome":"interrupted"/);
    assert.match(a, /"code":"naming-policy"/);
  });

  it("a write batch keeps what it wrote but the refused write, and nothing when it fails", async () => {
    const a = await batchOn(sqlite);
    const b = await batchOn(postgres);
    assert.deepEqual(b, a);
    assert.deepEqual(a.answers, [
      "ok urn:example:b",
      "refused identifier-taken",
      "ok urn:example:a",
      "ok urn:example:d",
    ]);
    const kept = ["a", "b", "d", "holder"];
    assert.deepEqual(
      a.urns,
      kept.map((n) => `urn:example:${n}`),
    );
    assert.deepEqual(
      a.locators,
      kept.map((n) => `https://lib.example/${n}`),
    );
    assert.ok(a.audit.every((x) => !x.endsWith(":c") && !x.endsWith(":e")));
  });

  it("a set of new records comes out the same, refusals included, on SQLite and PostgreSQL", async () => {
    const a = await recordSetOn(sqlite);
    const b = await recordSetOn(postgres);
    assert.deepEqual(b, a);
    assert.deepEqual(
      a.answers.map((x) => x.split(" ", 2).join(" ")),
      [
        "created urn:example:a",
        "ConflictError ",
        "ConflictError ",
        "StateError identifier-taken",
        "StateError organisation-required",
        "created urn:example:d",
      ],
    );
    assert.deepEqual(a.urns, ["urn:example:a", "urn:example:d", "urn:example:holder"]);
    assert.deepEqual(a.identifiers, ["d", "taken"]);
  });

  it("an import in batches of 2 gives the same events, records, search and counts", async () => {
    const a = await batchedImportOn(sqlite);
    const b = await batchedImportOn(postgres);
    assert.deepEqual(b, a);
    assert.ok(a.events.length > 4 && a.events.some((e) => e.includes('"batch":3')));
    assert.equal(a.found.length, a.exported.length);
    assert.ok(a.counted.includes(`registered ${a.exported.length}`));
  });
});
