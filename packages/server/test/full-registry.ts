// A registry holding one of everything a whole registry's export carries: namespaces with a
// template revised and delegations, two organisations with nested prefixes, minted, reserved,
// deactivated records with successors, a mirror locator, identifiers, tokens (one revoked), a
// harvest source with runs and refusals, link checks and health, statistics of several days (some
// rolled up, some still in the URN log) and the audit log the API writes (one row by the DNB API).

import assert from "node:assert/strict";
import { issueToken } from "../src/registry/tokens.js";
import { buildServer } from "../src/server.js";
import type { EngineHandle } from "./engines.js";

const operator = { tokenId: null };

/** Fills the (empty, migrated) registry of `handle`; it reads rows back with `rawRows` only. */
export async function fillRegistry(handle: Pick<EngineHandle, "store" | "rawRows">): Promise<void> {
  const { store } = handle;
  await store.namespaces.create(
    {
      nid: "example",
      local: true,
      template: "Namespace ID: example\nVersion: 1",
      delegate: [{ prefix: "urn:example:far-", url: "https://far.example/resolve/{urn}" }],
    },
    operator,
  );
  await store.namespaces.update(
    { nid: "example", template: "Namespace ID: example\nVersion: 2", maxAge: 60 },
    operator,
  );
  await store.namespaces.create({ nid: "nbn", redirectStatus: 302 }, operator);
  const app = await buildServer({ store });
  const admin = (await issueToken(store, { role: "admin" }, operator)).token;
  const call = async (method: "POST" | "PATCH", url: string, payload: object, token = admin) => {
    const r = await app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    assert.ok(r.statusCode < 300, `${method} ${url}: ${r.body}`);
    return r.json();
  };
  await call("POST", "/api/v1/organisations", {
    id: "lib",
    name: "Library",
    contact: "urn@lib.example",
  });
  await call("POST", "/api/v1/organisations", { id: "fac", name: "Faculty" });
  await call("POST", "/api/v1/namespaces/example/prefixes", {
    prefix: "urn:example:lib-",
    organisation: "lib",
    urls: ["lib.example", "https://archive.example/lib/"],
    check: "mod11-2",
    mirrors: true,
  });
  // Nested in the library's prefix, owned by the faculty.
  await call("POST", "/api/v1/namespaces/example/prefixes", {
    prefix: "urn:example:lib-fac-",
    organisation: "fac",
    width: 4,
  });
  await call("POST", "/api/v1/namespaces/nbn/prefixes", {
    prefix: "urn:nbn:de:bsz:14-",
    organisation: "fac",
    check: "nbn",
    naming: "[0-9]{6}[0-9]",
    modes: ["resolver", "reservation"],
  });
  const lib = (await issueToken(store, { role: "registrar", organisation: "lib" }, operator)).token;
  const fac = (await issueToken(store, { role: "registrar", organisation: "fac" }, operator)).token;
  const gone = await issueToken(store, { role: "reader", label: "old reader" }, operator);
  await store.tokens.revoke(gone.info.id, operator);
  const libPrefix = "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-";
  await call(
    "POST",
    `${libPrefix}/mint`,
    {
      status: "active",
      locators: [{ url: "https://lib.example/1", mediaType: "text/html" }],
      metadata: { title: "Erster Band", year: 2024 },
      identifiers: [{ type: "oai", value: "oai:lib:1" }],
    },
    lib,
  );
  // The second number, 000002, with its ISO 7064 MOD 11-2 check character: p = (0 + 2) · 2 = 4
  // after the digits, check (12 − 4) mod 11 = 8.
  const second = await call(
    "POST",
    `${libPrefix}/mint`,
    { status: "active", locators: [{ url: "https://lib.example/2" }] },
    lib,
  );
  assert.equal(second.urn, "urn:example:lib-0000028");
  await call("POST", `${libPrefix}/reservations`, { count: 3 }, lib);
  await call(
    "POST",
    "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-fac-/mint",
    { status: "active", locators: [{ url: "https://fac.example/a" }] },
    fac,
  );
  // A mirror: the faculty's locator on a library URN.
  await call(
    "PATCH",
    "/api/v1/urns/urn:example:lib-000001X",
    { locators: [{ url: "https://fac.example/mirror/1", priority: 5 }] },
    fac,
  );
  await call(
    "POST",
    "/api/v1/namespaces/nbn/prefixes/urn%3Anbn%3Ade%3Absz%3A14-/reservations",
    { count: 2 },
    fac,
  );
  // A URN registered through the DNB API: its audit row records the channel. A registrar's own
  // name, not one in the shape minting gives (verify takes such a URN past the sequence for a
  // number minting would give again).
  const dnb = await app.inject({
    method: "POST",
    url: "/v2/urns",
    headers: { authorization: `Basic ${Buffer.from(`lib:${lib}`).toString("base64")}` },
    payload: { urn: "urn:example:lib-dnb-report", urls: [{ url: "https://lib.example/dnb" }] },
  });
  assert.equal(dnb.statusCode, 201, dnb.body);
  await call("POST", "/api/v1/urns", {
    urn: "urn:example:plain-1",
    status: "active",
    locators: [{ url: "https://plain.example/" }],
  });
  // Deactivated with a successor.
  await call("POST", "/api/v1/urns/urn:example:lib-0000028/deactivate", {
    reason: "withdrawn",
    successor: "urn:example:plain-1",
  });
  await app.close();

  // Link checks: the first locators' histories, one failing and demoted.
  const due = await store.links.due({ now: new Date().toISOString(), limit: 100 });
  assert.ok(due.length >= 3);
  const [first, other] = due;
  for (const [i, outcome] of ["ok", "ok", "http-error"].entries())
    await store.links.recordCheck(
      (first as { id: number }).id,
      {
        checked: `2024-05-0${i + 1}T10:00:00.000Z`,
        outcome: outcome as "ok",
        status: outcome === "ok" ? 200 : 500,
        finalUrl: null,
        latencyMs: 40 + i,
        message: outcome === "ok" ? null : "server error",
      },
      3,
    );
  for (const day of [1, 2, 3])
    await store.links.recordCheck(
      (other as { id: number }).id,
      {
        checked: `2024-05-0${day}T11:00:00.000Z`,
        outcome: "network-error" as "ok",
        status: null,
        finalUrl: null,
        latencyMs: 1000,
        message: "connection refused",
      },
      2,
    );

  // Harvest: a source, a completed run with refusals, a run left failed.
  const source = await store.harvest.source(
    { url: "https://oai.lib.example/oai", set: "theses", metadataPrefix: "epicur" },
    "lib",
  );
  const until = new Date(Date.now() + 60_000).toISOString();
  const run = await store.harvest.beginRun(source.id, {
    from: null,
    resumed: false,
    leaseUntil: until,
  });
  await store.harvest.progress(
    run.id,
    {
      pages: 1,
      records: 3,
      created: 0,
      updated: 0,
      unchanged: 1,
      deleted: 0,
      refused: 2,
      refusals: [
        { oaiIdentifier: "oai:lib:7", urn: "urn:example:zzz", code: "not-a-urn", reason: "bad" },
        { oaiIdentifier: "oai:lib:8", urn: null, code: "no-urn", reason: "none given" },
      ],
      pending: { token: "page-2", from: null, responseDate: "2024-05-01T00:00:00Z" },
      granularity: "YYYY-MM-DDThh:mm:ssZ",
    },
    until,
  );
  await store.harvest.finishRun(run.id, { outcome: "failed", error: "the provider went away" });

  // Statistics of three days; the URN counts of the first two rolled up, today's in the log.
  // Resolutions count URNs by their records' ids, as the resolver reads them.
  const ids = (
    await handle.rawRows(
      "records WHERE key IN ('urn:example:lib-000001X', 'urn:example:plain-1') ORDER BY key",
    )
  ).map((r) => Number(r.id));
  assert.equal(ids.length, 2);
  const today = new Date().toISOString().slice(0, 10);
  const days = ["2024-05-01", "2024-05-02", today];
  const dims = { nid: "example", prefix: "urn:example:lib-", organisation: "lib" };
  for (const [i, day] of days.entries())
    await store.stats.add(
      [
        { ...dims, day, outcome: "redirect", bot: false, count: 10 + i },
        { ...dims, day, outcome: "not-found", bot: true, count: 2 },
      ],
      ids.map((record, j) => ({ ...dims, day, record, count: 3 + i + j, bots: j })),
    );
  await store.stats.rollUpUrnLog(today, 1000);
  await store.stats.addResolutionCounts([
    { nid: "example", day: "2024-05-01", count: 12 },
    { nid: "nbn", day: "2024-05-02", count: 1 },
  ]);
}
