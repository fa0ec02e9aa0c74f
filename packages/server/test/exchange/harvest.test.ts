// The OAI-PMH harvester against recorded answers of a DSpace (oai_dc) and an EPrints (epicur)
// repository replayed on loopback, on both engines: pairs registered through the API's rules,
// refused records kept with their OAI identifier and reason, the provider's quirks (a 503 with
// Retry-After, other namespace prefixes, CDATA and padded identifiers, an empty resumptionToken
// element ending the list, noRecordsMatch), incremental `from`, resumption after an
// interruption, idempotent re-runs, and one run per source at a time.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import { atGranularity, harvest } from "../../src/exchange/harvest/harvest-run.js";
import { retryAfterMs } from "../../src/exchange/harvest/oai-client.js";
import { patchRecord } from "../../src/registry/record-actions.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import type { NewRecord } from "../../src/storage/records.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { fixture, type Replay, replay } from "../oai-replay.js";
import { skippedWhen } from "../skipped-when.js";
import { members } from "../store-overrides.js";

const actor = { tokenId: null };
const HBZ = "urn:nbn:de:hbz:465-";
const GBV = "urn:nbn:de:gbv:18-";
/** Fast retries for tests; Retry-After is honoured up to two seconds; providers on loopback. */
const CLIENT = { rate: 0, backoffMs: 5, maxWaitMs: 2000, retries: 2, allowPrivate: true };

/** The recorded DSpace repository answering Identify and its two-page oai_dc list. */
async function dspaceList(): Promise<Replay> {
  const provider = await replay("/server/oai/request");
  provider.answer("Identify", fixture("dspace-identify.xml"));
  provider.answer("list:oai_dc::", fixture("dspace-page1.xml"));
  provider.answer("token:oai_dc////3", fixture("dspace-page2.xml"));
  return provider;
}

async function setUp(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, actor);
  for (const id of ["hbz-lib", "ubhh", "mirror"])
    await store.organisations.create({ id, name: id }, actor);
  await store.prefixes.create(
    {
      ...DEFAULT_POLICY,
      prefix: HBZ,
      nid: "nbn",
      organisation: "hbz-lib",
      check: "nbn",
      mirrors: true,
    },
    actor,
  );
  await store.prefixes.create(
    { ...DEFAULT_POLICY, prefix: GBV, nid: "nbn", organisation: "ubhh", check: "nbn" },
    actor,
  );
}

async function locators(store: Store, urn: string) {
  const r = await store.records.get(urn.toLowerCase());
  return r?.locators.map((l) => `${l.url} ${l.owner} ${l.active ? "active" : "inactive"}`).sort();
}

for (const engine of engines) {
  describe(`harvest from recorded DSpace and EPrints answers (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let dspace: Replay;
    let eprints: Replay;
    before(async () => {
      h = await engine.open();
      await setUp(h.store);
      dspace = await replay("/server/oai/request");
      dspace.answer("Identify", fixture("dspace-identify.xml"));
      dspace.answer("list:oai_dc::", fixture("dspace-page1.xml"));
      dspace.answer(
        "token:oai_dc////3",
        { status: 503, headers: { "retry-after": "1" }, body: "busy" },
        fixture("dspace-page2.xml"),
      );
      eprints = await replay("/cgi/oai2");
      eprints.answer("Identify", fixture("eprints-identify.xml"));
      eprints.answer("list:epicur::", fixture("eprints-epicur-page1.xml"));
      eprints.answer(
        "token:metadataPrefix%3Depicur%26offset%3D4712",
        fixture("eprints-epicur-page2.xml"),
      );
    });
    after(async () => {
      await dspace.close();
      await eprints.close();
      await h.close();
    });
    const dspaceRun = (extra: object = {}) =>
      harvest(h.store, {
        url: dspace.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
        soleWriter: true,
        ...extra,
      });

    it("registers the pairs of two oai_dc pages, waits out a 503 Retry-After, reports each refused record", async () => {
      const refused: string[] = [];
      const report = await dspaceRun({
        onRefusal: (r: { oaiIdentifier: string; code: string }) =>
          refused.push(`${r.oaiIdentifier} ${r.code}`),
      });
      const { run } = report;
      assert.equal(run.outcome, "completed", run.error ?? "");
      assert.deepEqual(
        [run.pages, run.records, run.created, run.updated, run.unchanged, run.deleted, run.refused],
        [2, 6, 3, 0, 0, 1, 2],
      );
      // Identify, page 1, the 503, page 2 again; the 503 asked for one second.
      assert.equal(report.requests, 4);
      assert.deepEqual(report.waits, [1000]);
      assert.deepEqual(refused, [
        "oai:repo.example.org:123456789/104 naming-policy",
        "oai:repo.example.org:123456789/105 no-urn",
      ]);
      assert.deepEqual(await locators(h.store, `${HBZ}20261101-1010`), [
        "https://repo.example.org/handle/123456789/101 hbz-lib active",
      ]);
      // Written in capitals in dc:identifier: one record, its equivalence key in lowercase.
      assert.deepEqual(await locators(h.store, `${HBZ}20261101-1029`), [
        "https://repo.example.org/bitstream/123456789/102/1/notes.pdf hbz-lib active",
        "https://repo.example.org/handle/123456789/102 hbz-lib active",
      ]);
      // CDATA and a value padded with white space.
      assert.deepEqual(await locators(h.store, `${HBZ}20261101-1058`), [
        "https://repo.example.org/handle/123456789/106 hbz-lib active",
      ]);
      const record = await h.store.records.get(`${HBZ}20261101-1010`);
      assert.equal(record?.status, "active");
      assert.equal(record?.organisation, "hbz-lib");
      assert.equal(record?.prefix, HBZ);
      const audit = await h.store.audit.list(10, { targets: [`${HBZ}20261101-1010`] });
      assert.deepEqual(
        audit.map((a) => [a.action, a.tokenId]),
        [["urn.create", null]],
      );
      const refusals = await h.store.harvest.refusals(run.id);
      assert.deepEqual(
        refusals.map((r) => [r.oaiIdentifier, r.urn, r.code]),
        [
          ["oai:repo.example.org:123456789/104", `${HBZ}20261101-1051`, "naming-policy"],
          ["oai:repo.example.org:123456789/105", null, "no-urn"],
        ],
      );
      assert.match(refusals[0]?.reason ?? "", /check digit/i);
      const [source] = await h.store.harvest.listSources();
      assert.equal(
        source?.lastResponseDate,
        "2026-11-20T10:00:00Z",
        "the list's first responseDate",
      );
      assert.equal(source?.granularity, "YYYY-MM-DDThh:mm:ssZ");
      assert.equal(source?.pending, null);
      assert.equal(source?.lastRun?.id, run.id);
    });

    it("asks from the last responseDate next time; noRecordsMatch is an empty, completed harvest", async () => {
      dspace.answer("list:oai_dc::2026-11-20T10:00:00Z", fixture("no-records-match.xml"));
      const { run } = await dspaceRun();
      assert.equal(run.outcome, "completed");
      assert.equal(run.from, "2026-11-20T10:00:00Z");
      assert.equal(run.records, 0);
      const asked = dspace.log.at(-1);
      assert.equal(asked?.get("from"), "2026-11-20T10:00:00Z");
      assert.equal(asked?.get("metadataPrefix"), "oai_dc");
      const [source] = await h.store.harvest.listSources();
      assert.equal(source?.lastResponseDate, "2026-11-22T10:00:00Z");
    });

    it("adds a changed record's new URL; another organisation's mirror locator stays", async () => {
      const mirror = await h.store.tokens.create(
        { hash: "m", role: "registrar", namespace: null, organisation: "mirror", label: null },
        actor,
      );
      await patchRecord(
        { store: h.store, limits: DEFAULT_LIMITS },
        mirror,
        new URN(`${HBZ}20261101-1010`),
        { locators: [{ url: "https://mirror.example/101" }] },
      );
      dspace.answer("list:oai_dc::2026-11-22T10:00:00Z", fixture("dspace-changed.xml"));
      const { run } = await dspaceRun();
      assert.deepEqual([run.records, run.updated, run.refused], [1, 1, 0]);
      assert.deepEqual(await locators(h.store, `${HBZ}20261101-1010`), [
        "https://mirror.example/101 mirror active",
        "https://repo.example.org/bitstream/123456789/101/2/soil-2nd.pdf hbz-lib active",
        "https://repo.example.org/handle/123456789/101 hbz-lib active",
      ]);
    });

    it("a second harvest of the same list changes nothing (no new audit rows)", async () => {
      dspace.answer("list:oai_dc::2026-11-01", fixture("dspace-page1.xml"));
      const auditBefore = (await h.store.audit.list(1000)).length;
      const { run } = await dspaceRun({ from: "2026-11-01" });
      assert.equal(run.outcome, "completed");
      assert.deepEqual(
        [run.records, run.created, run.updated, run.unchanged, run.deleted, run.refused],
        [6, 0, 0, 3, 1, 2],
      );
      assert.equal((await h.store.audit.list(1000)).length, auditBefore);
    });

    it("epicur with other namespace prefixes: an interrupted harvest goes on from its stored token, nothing twice", async () => {
      const stop = new AbortController();
      const first = await harvest(h.store, {
        url: eprints.url,
        organisation: "ubhh",
        metadataPrefix: "epicur",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
        signal: stop.signal,
        onPage: () => stop.abort(),
      });
      assert.equal(first.run.outcome, "interrupted");
      assert.deepEqual([first.run.records, first.run.created], [2, 2]);
      let source = (await h.store.harvest.listSources()).find((s) => s.url === eprints.url);
      assert.deepEqual(source?.pending, {
        token: "metadataPrefix%3Depicur%26offset%3D4712",
        from: null,
        responseDate: "2026-11-20T11:00:02Z",
      });
      assert.deepEqual(await locators(h.store, `${GBV}plus-47110`), [
        "https://eprints.example.ac.uk/4711/ ubhh active",
        "https://eprints.example.ac.uk/4711/1/thesis.pdf ubhh active",
      ]);
      const asked = eprints.log.length;
      const second = await harvest(h.store, {
        url: eprints.url,
        organisation: "ubhh",
        metadataPrefix: "epicur",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
      });
      assert.equal(second.run.outcome, "completed");
      assert.equal(second.run.resumed, true);
      // Identify, then the stored token (the first run may have fetched it ahead too): the list
      // is not asked again from its start.
      const lists = eprints.log.slice(asked).filter((q) => q.get("verb") === "ListRecords");
      assert.ok(lists.length > 0);
      assert.ok(
        lists.every((q) => q.get("resumptionToken") === "metadataPrefix%3Depicur%26offset%3D4712"),
      );
      assert.deepEqual([second.run.records, second.run.created, second.run.refused], [2, 1, 1]);
      const refusals = await h.store.harvest.refusals(second.run.id);
      assert.deepEqual(
        refusals.map((r) => [r.oaiIdentifier, r.urn, r.code]),
        [["oai:eprints.example.ac.uk:4714", "urn:nbn:de:bsz:16-heidok-771", "other-organisation"]],
      );
      source = (await h.store.harvest.listSources()).find((s) => s.url === eprints.url);
      assert.equal(source?.pending, null);
      assert.equal(source?.lastResponseDate, "2026-11-20T11:00:02Z");
      assert.equal(source?.granularity, "YYYY-MM-DD");
      // Day granularity: the next `from` is the day of that response.
      eprints.answer("list:epicur::2026-11-20", fixture("no-records-match.xml"));
      const third = await harvest(h.store, {
        url: eprints.url,
        organisation: "ubhh",
        metadataPrefix: "epicur",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
      });
      assert.equal(third.run.from, "2026-11-20");
      assert.equal(third.run.outcome, "completed");
    });

    it("one run per source at a time; a lease left by a dead process lapses", async () => {
      const source = await h.store.harvest.source(
        { url: dspace.url, set: "", metadataPrefix: "oai_dc" },
        "hbz-lib",
      );
      const held = await h.store.harvest.beginRun(source.id, {
        from: null,
        resumed: false,
        leaseUntil: new Date(Date.now() + 60_000).toISOString(),
      });
      await assert.rejects(dspaceRun(), (e: Error & { code?: string }) => {
        assert.equal(e.code, "harvest-running");
        return true;
      });
      await h.store.harvest.finishRun(held.id, { outcome: "failed", error: "test" });
      // A run whose process died: its lease is over, so the next run starts and closes it.
      const dead = await h.store.harvest.beginRun(source.id, {
        from: null,
        resumed: false,
        leaseUntil: new Date(Date.now() - 1000).toISOString(),
      });
      // (The forced `from` above left the recorded list's date as the next `from`.)
      const { run } = await dspaceRun();
      assert.equal(run.outcome, "completed");
      const runs = (await h.rawRows("harvest_runs")).filter((r) => Number(r.id) === dead.id);
      assert.equal(runs[0]?.outcome, "interrupted");
    });

    it("a source belongs to one organisation; an unknown organisation is refused", async () => {
      await assert.rejects(
        harvest(h.store, {
          url: dspace.url,
          organisation: "ubhh",
          metadataPrefix: "oai_dc",
          limits: DEFAULT_LIMITS,
          client: CLIENT,
        }),
        /harvested for organisation "hbz-lib"/,
      );
      await assert.rejects(
        harvest(h.store, {
          url: dspace.url,
          organisation: "nobody",
          metadataPrefix: "oai_dc",
          limits: DEFAULT_LIMITS,
          client: CLIENT,
        }),
        /there is no organisation "nobody"/,
      );
    });
  });

  describe(`harvest failures are stored, and the next run goes on (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let provider: Replay;
    before(async () => {
      h = await engine.open();
      await setUp(h.store);
      provider = await replay("/server/oai/request");
      provider.answer("Identify", fixture("dspace-identify.xml"));
      provider.answer("list:oai_dc::", fixture("dspace-page1.xml"));
    });
    after(async () => {
      await provider.close();
      await h.close();
    });
    const run = (client: object = {}) =>
      harvest(h.store, {
        url: provider.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: { ...CLIENT, ...client },
      });

    it("a Retry-After longer than the cap is waited for the cap only; a 503 that stays fails the run, keeping its place", async () => {
      provider.answer("token:oai_dc////3", {
        status: 503,
        headers: { "retry-after": "3600" },
        body: "down for maintenance",
      });
      const report = await run({ maxWaitMs: 20, retries: 2 });
      assert.equal(report.run.outcome, "failed");
      assert.match(report.run.error ?? "", /HTTP 503 \(gave up after 3 attempts\)/);
      assert.deepEqual(report.waits, [20, 20]);
      assert.deepEqual([report.run.pages, report.run.created], [1, 2]);
      const [source] = await h.store.harvest.listSources();
      assert.equal(source?.pending?.token, "oai_dc////3");
      assert.equal(source?.lastResponseDate, null, "a failed list moves no `from`");
    });

    it("a response that is not well-formed XML fails the run; it is not retried", async () => {
      provider.answer("token:oai_dc////3", fixture("dspace-page2.xml").slice(0, 700));
      const report = await run();
      assert.equal(report.run.outcome, "failed");
      assert.equal(report.run.resumed, true);
      assert.match(report.run.error ?? "", /not well-formed XML/);
      assert.equal(report.requests, 2, "Identify and the page, once");
    });

    it("a response over the size bound is cut off", async () => {
      provider.answer("token:oai_dc////3", fixture("dspace-page2.xml"));
      const report = await run({ maxBytes: 1500 });
      assert.equal(report.run.outcome, "failed");
      assert.match(report.run.error ?? "", /over 1500 bytes/);
    });

    it("a provider answering a token with itself, or refusing its own tokens, fails the run instead of looping", async () => {
      const looping = await replay("/loop");
      try {
        looping.answer("Identify", fixture("dspace-identify.xml"));
        looping.answer("list:oai_dc::", fixture("dspace-page1.xml"));
        looping.answer("token:oai_dc////3", fixture("dspace-page1.xml"));
        const options = {
          url: looping.url,
          organisation: "hbz-lib",
          metadataPrefix: "oai_dc" as const,
          limits: DEFAULT_LIMITS,
          client: CLIENT,
        };
        const same = await harvest(h.store, options);
        assert.equal(same.run.outcome, "failed");
        assert.match(same.run.error ?? "", /answered resumption token oai_dc\/\/\/\/3 with itself/);
        assert.equal(same.run.pages, 2, "both pages written, then stopped");
        // Every token refused: the list is asked again once, then the run fails.
        looping.answer(
          "token:oai_dc////3",
          fixture("no-records-match.xml").replace(
            '<error code="noRecordsMatch">No matches for the query</error>',
            '<error code="badResumptionToken">unknown token</error>',
          ),
        );
        const asked = looping.log.length;
        const bad = await harvest(h.store, options);
        assert.equal(bad.run.outcome, "failed");
        assert.match(bad.run.error ?? "", /badResumptionToken: unknown token/);
        assert.deepEqual(
          looping.log.slice(asked).map((q) => q.get("resumptionToken") ?? q.get("verb")),
          ["Identify", "oai_dc////3", "ListRecords", "oai_dc////3"],
        );
      } finally {
        await looping.close();
      }
    });

    it("an expired token of the interrupted list: the list is asked again from its start", async () => {
      provider.answer(
        "token:oai_dc////3",
        fixture("no-records-match.xml").replace(
          '<error code="noRecordsMatch">No matches for the query</error>',
          '<error code="badResumptionToken">The resumption token is invalid</error>',
        ),
        fixture("dspace-page2.xml"),
      );
      const report = await run();
      assert.equal(report.run.outcome, "completed", report.run.error ?? "");
      // Page 1 again (its records unchanged), then page 2.
      assert.deepEqual(
        [report.run.pages, report.run.created, report.run.unchanged, report.run.refused],
        [2, 1, 2, 2],
      );
      const source = (await h.store.harvest.listSources()).find((s) => s.url === provider.url);
      const runs = (await h.rawRows("harvest_runs")).filter(
        (r) => Number(r.source_id) === source?.id,
      );
      assert.equal(runs.length, 4);
      assert.equal(await h.store.records.count(), 3);
    });
  });
  describe(`a provider that cannot answer Identify (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let down: Replay;
    before(async () => {
      h = await engine.open();
      await setUp(h.store);
      down = await replay("/down");
    });
    after(async () => {
      await down.close();
      await h.close();
    });

    it("the run is stored as failed, with the reason, and no list is asked", async () => {
      const { run } = await harvest(h.store, {
        url: down.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
      });
      assert.equal(run.outcome, "failed");
      assert.equal(run.error, `Identify: ${down.url}?verb=Identify: HTTP 404`);
      assert.deepEqual(
        down.log.map((q) => q.get("verb")),
        ["Identify"],
      );
      const [source] = await h.store.harvest.listSources();
      assert.equal(source?.lastRun?.outcome, "failed");
      assert.equal(source?.lastResponseDate, null);
    });
  });

  describe(`a page whose writing fails is written again, nothing twice (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let provider: Replay;
    before(async () => {
      h = await engine.open();
      await setUp(h.store);
      provider = await dspaceList();
    });
    after(async () => {
      await provider.close();
      await h.close();
    });

    it("the process fails while storing page 1's progress; the next run writes the page again", async () => {
      const failing = {
        ...members(h.store),
        harvest: {
          ...members(h.store.harvest),
          progress: async () => {
            throw new Error("disk full");
          },
        },
      };
      const options = {
        url: provider.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc" as const,
        limits: DEFAULT_LIMITS,
        client: CLIENT,
        soleWriter: true,
      };
      await assert.rejects(harvest(failing, options), /disk full/);
      // The page and its progress are one transaction on both engines (a sole writer's on
      // SQLite): page 1's two URNs were written, then rolled back with the failed progress.
      assert.equal(await h.store.records.count(), 0);
      const { run } = await harvest(h.store, options);
      assert.equal(run.outcome, "completed");
      assert.equal(run.resumed, false, "no progress was stored: the list starts again");
      assert.deepEqual([run.created, run.unchanged], [3, 0]);
      assert.equal(await h.store.records.count(), 3);
      const runs = await h.rawRows("harvest_runs");
      assert.deepEqual(
        runs.map((r) => [r.outcome, r.error]),
        [
          ["failed", "disk full"],
          ["completed", null],
        ],
      );
    });
  });
  describe(`a record the database refuses mid-page (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let provider: Replay;
    before(async () => {
      h = await engine.open();
      await setUp(h.store);
      provider = await dspaceList();
    });
    after(async () => {
      await provider.close();
      await h.close();
    });

    it("is stored as a refusal, rolled back alone; the rest of its page is written", async () => {
      // An identifier another record holds: the database takes record 102's row, then refuses
      // its identifier, so the write fails after its first statement.
      const taken = { type: "local", value: "taken" };
      await h.store.records.create(
        {
          urn: `${GBV}holder`,
          key: `${GBV}holder`,
          nid: "nbn",
          status: "active",
          organisation: "ubhh",
          prefix: GBV,
          identifiers: [taken],
        },
        actor,
      );
      // New URNs are written as a page's set (createMany), others one by one (create).
      const refused = (input: NewRecord): NewRecord =>
        input.key.endsWith("-1029")
          ? { ...input, organisation: "ubhh", identifiers: [taken] }
          : input;
      const refusing = {
        ...members(h.store),
        records: {
          ...members(h.store.records),
          create: (input: NewRecord, a: typeof actor) => h.store.records.create(refused(input), a),
          createMany: (inputs: readonly NewRecord[], a: typeof actor) =>
            h.store.records.createMany(inputs.map(refused), a),
        },
      };
      const { run } = await harvest(refusing, {
        url: provider.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
        soleWriter: true,
      });
      assert.equal(run.outcome, "completed", run.error ?? "");
      // Page 1: 101 created, 102 refused by the database, 103 deleted; page 2: 104 and 105
      // refused before any write, 106 created.
      assert.deepEqual(
        [run.pages, run.records, run.created, run.deleted, run.refused],
        [2, 6, 2, 1, 3],
      );
      assert.equal(await h.store.records.get(`${HBZ}20261101-1029`), null);
      assert.notEqual(await h.store.records.get(`${HBZ}20261101-1010`), null);
      assert.notEqual(await h.store.records.get(`${HBZ}20261101-1058`), null);
      assert.equal(await h.store.records.count(), 3);
      const refusals = await h.store.harvest.refusals(run.id);
      assert.deepEqual(
        refusals.map((r) => [r.oaiIdentifier, r.urn, r.code]),
        [
          [
            "oai:repo.example.org:123456789/102",
            "URN:NBN:DE:HBZ:465-20261101-1029",
            "identifier-taken",
          ],
          ["oai:repo.example.org:123456789/104", `${HBZ}20261101-1051`, "naming-policy"],
          ["oai:repo.example.org:123456789/105", null, "no-urn"],
        ],
      );
      // Nothing of the refused write is left: no locator, no audit row.
      const audit = await h.store.audit.list(10, { targets: ["URN:NBN:DE:HBZ:465-20261101-1029"] });
      assert.deepEqual(audit, []);
      const locatorUrls = (await h.rawRows("locators")).map((l) => l.url);
      assert.ok(
        !locatorUrls.includes("https://repo.example.org/bitstream/123456789/102/1/notes.pdf"),
      );
    });
  });
}

describe("harvest helpers", () => {
  it("Retry-After in seconds or as an HTTP-date (RFC 9110 §10.2.3)", () => {
    assert.equal(retryAfterMs("120"), 120_000);
    assert.equal(
      retryAfterMs("Wed, 25 Nov 2026 21:00:30 GMT", Date.parse("2026-11-25T21:00:00Z")),
      30_000,
    );
    assert.equal(retryAfterMs("soon"), null);
    assert.equal(retryAfterMs(null), null);
  });

  it("a `from` at the provider's granularity (OAI-PMH §3.3.2)", () => {
    assert.equal(atGranularity("2026-11-20T10:00:07Z", "YYYY-MM-DD"), "2026-11-20");
    assert.equal(
      atGranularity("2026-11-20T10:00:07.123Z", "YYYY-MM-DDThh:mm:ssZ"),
      "2026-11-20T10:00:07Z",
    );
  });
});
