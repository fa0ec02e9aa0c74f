// One harvested page written as a set, on both engines: new URNs created together, URNs registered
// here already given the URLs they lack, a reserved URN registered in reservation mode, refusals
// kept with the record's OAI identifier, and two spellings of one URN in the page written in
// order. The outcomes are the ones worked out below by hand from the page; the same page written
// again changes nothing, and a page whose records another writer registered between the page's
// reads and its writes comes out the same.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import type { Store } from "../../src/storage/store.js";
import { type Engine, type EngineHandle, engines } from "../engines.js";
import { fixture, type Replay, replay } from "../oai-replay.js";
import { type SkippableSuite, skippedWhen } from "../skipped-when.js";
import { members } from "../store-overrides.js";

const actor = { tokenId: null };
const HBZ = "urn:nbn:de:hbz:465-";
const GBV = "urn:nbn:de:gbv:18-";
const CLIENT = { rate: 0, backoffMs: 5, maxWaitMs: 2000, retries: 2, allowPrivate: true };
const REPO = "https://repo.example.org/";
// URN:NBN:DE URNs with their check digits (the last digit).
const A = `${HBZ}20261201-2013`;
const B = `${HBZ}20261201-2028`;
const C = `${HBZ}20261201-2030`;
const D = `${HBZ}20261201-2042`;
const E = `${HBZ}20261201-2053`;
/** D's check digit is 2, not 9. */
const BAD_CHECK = `${HBZ}20261201-2049`;
const OTHER = `${GBV}20261201-2063`;

function record(n: number, identifiers: string[]): string {
  return `<record><header><identifier>oai:repo.example.org:${n}</identifier><datestamp>2026-12-01T08:00:00Z</datestamp></header><metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Item ${n}</dc:title>${identifiers.map((i) => `<dc:identifier>${i}</dc:identifier>`).join("")}</oai_dc:dc></metadata></record>`;
}

/** One page, no resumption token. */
const PAGE = `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><responseDate>2026-12-01T10:00:00Z</responseDate><request verb="ListRecords" metadataPrefix="oai_dc">https://repo.example.org/oai/request</request><ListRecords>${[
  record(1, [A, `${REPO}a`]),
  record(2, [B, `${REPO}b1`, `${REPO}b2`]),
  record(3, [C, `${REPO}c`]),
  record(4, [OTHER, `${REPO}other`]),
  record(5, [BAD_CHECK, `${REPO}bad`]),
  record(6, [D, `${REPO}d1`]),
  record(7, [D.toUpperCase(), `${REPO}d2`]),
  record(8, [E, `${REPO}e`]),
  record(9, [`${HBZ}20261201-9999`, "10.5072/no-url"]),
  record(10, [`${REPO}only-a-url`]),
].join("")}</ListRecords></OAI-PMH>`;

async function setUp(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, actor);
  for (const id of ["hbz-lib", "ubhh"]) await store.organisations.create({ id, name: id }, actor);
  await store.prefixes.create(
    { ...DEFAULT_POLICY, prefix: HBZ, nid: "nbn", organisation: "hbz-lib", check: "nbn" },
    actor,
  );
  await store.prefixes.create(
    { ...DEFAULT_POLICY, prefix: GBV, nid: "nbn", organisation: "ubhh", check: "nbn" },
    actor,
  );
  const registered = (urn: string, status: "active" | "reserved", urls: string[]) =>
    store.records.create(
      {
        urn,
        key: urn,
        nid: "nbn",
        status,
        organisation: "hbz-lib",
        prefix: HBZ,
        locators: urls.map((url) => ({ url })),
      },
      actor,
    );
  await registered(B, "active", [`${REPO}b1`]);
  await registered(C, "active", [`${REPO}c`]);
  await registered(E, "reserved", []);
}

async function urls(store: Store, urn: string): Promise<string[] | undefined> {
  return (await store.records.get(urn))?.locators.map((l) => `${l.url} ${l.owner}`).sort();
}

/** The page as worked out by hand: what each record comes to. */
async function assertFirstRun(h: EngineHandle, store: Store, provider: Replay) {
  const { run } = await harvest(store, {
    url: provider.url,
    organisation: "hbz-lib",
    metadataPrefix: "oai_dc",
    limits: DEFAULT_LIMITS,
    client: CLIENT,
  });
  assert.equal(run.outcome, "completed", run.error ?? "");
  // Created: A, D (record 6). Updated: B (b2 added), D (record 7: d2 added), E (reserved, now
  // registered with its URL). Unchanged: C. Refused: 4 (another organisation's prefix), 5 (check
  // digit), 9 (no URL), 10 (no URN).
  assert.deepEqual(
    [run.pages, run.records, run.created, run.updated, run.unchanged, run.deleted, run.refused],
    [1, 10, 2, 3, 1, 0, 4],
  );
  const refusals = await h.store.harvest.refusals(run.id);
  assert.deepEqual(
    refusals.map((r) => [r.oaiIdentifier, r.urn, r.code]),
    [
      ["oai:repo.example.org:4", OTHER, "other-organisation"],
      ["oai:repo.example.org:5", BAD_CHECK, "naming-policy"],
      ["oai:repo.example.org:9", `${HBZ}20261201-9999`, "no-locator"],
      ["oai:repo.example.org:10", null, "no-urn"],
    ],
  );
  // A harvest acts for its organisation with no token: the refusal names none.
  const other = refusals[0]?.reason ?? "";
  assert.match(
    other,
    /belongs to organisation "[^"]+"; this write acts for organisation "hbz-lib"/,
  );
  assert.doesNotMatch(other, /token/);
  assert.deepEqual(await urls(h.store, A), [`${REPO}a hbz-lib`]);
  assert.deepEqual(await urls(h.store, B), [`${REPO}b1 hbz-lib`, `${REPO}b2 hbz-lib`]);
  assert.deepEqual(await urls(h.store, C), [`${REPO}c hbz-lib`]);
  // The first spelling of the page is the one registered; the second only adds its URL.
  const d = await h.store.records.get(D);
  assert.equal(d?.urn, D);
  assert.deepEqual(await urls(h.store, D), [`${REPO}d1 hbz-lib`, `${REPO}d2 hbz-lib`]);
  const e = await h.store.records.get(E);
  assert.equal(e?.status, "active");
  assert.deepEqual(await urls(h.store, E), [`${REPO}e hbz-lib`]);
  assert.equal(await h.store.records.get(OTHER), null);
  assert.equal(await h.store.records.get(BAD_CHECK), null);
  assert.equal(await h.store.records.count(), 5);
  // One "urn.create" for each new URN, one "urn.update" for each URN that changed.
  const audit = (await h.store.audit.list(100, { targets: [A, B, C, D, E] }))
    .filter((r) => r.tokenId === null && r.after !== null)
    .map((r) => `${r.action} ${r.target}`)
    .sort();
  assert.deepEqual(audit, [
    `urn.create ${A}`,
    `urn.create ${B}`,
    `urn.create ${C}`,
    `urn.create ${D}`,
    `urn.create ${E}`,
    `urn.update ${B}`,
    `urn.update ${D}`,
    `urn.update ${E}`,
  ]);
}

async function page(): Promise<Replay> {
  const provider = await replay("/server/oai/request");
  provider.answer("Identify", fixture("dspace-identify.xml"));
  provider.answer("list:oai_dc::", PAGE);
  provider.answer("list:oai_dc::2026-12-01T10:00:00Z", PAGE);
  return provider;
}

/** The suite's engine and replayed provider, set up by the suite's own hooks. */
function open(engine: Engine, { before, after }: Pick<SkippableSuite, "before" | "after">) {
  let h: EngineHandle;
  let provider: Replay;
  before(async () => {
    h = await engine.open();
    await setUp(h.store);
    provider = await page();
  });
  after(async () => {
    await provider.close();
    await h.close();
  });
  return () => ({ h, provider });
}

for (const engine of engines) {
  describe(`a harvested page of new, registered, reserved, refused and twice-spelled URNs (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    const get = open(engine, { before, after });

    it("creates the new URNs, updates the registered ones and keeps every refusal", async () => {
      const { h, provider } = get();
      await assertFirstRun(h, h.store, provider);
    });

    it("the same page again changes nothing", async () => {
      const { h, provider } = get();
      const auditBefore = (await h.store.audit.list(1000)).length;
      const { run } = await harvest(h.store, {
        url: provider.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
      });
      assert.equal(run.outcome, "completed", run.error ?? "");
      assert.deepEqual(
        [run.records, run.created, run.updated, run.unchanged, run.refused],
        [10, 0, 0, 6, 4],
      );
      assert.equal((await h.store.audit.list(1000)).length, auditBefore);
    });
  });

  describe(`a page whose URNs another writer registered after the page's reads (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    const get = open(engine, { before, after });

    it("writes them one by one: the same outcomes", async () => {
      const { h, provider } = get();
      // The page's records read as none: B, C and E are planned as new, and the set finds
      // their keys taken.
      const late = {
        ...members(h.store),
        records: { ...members(h.store.records), getMany: async () => new Map() },
      };
      await assertFirstRun(h, late, provider);
    });
  });
}
