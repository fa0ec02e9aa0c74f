// Harvest registry A into an empty registry B through A's own OAI-PMH provider (/oai), on each
// engine: every URN A has with locators, one organisation in oai_dc and the other in epicur, each
// by its set (org:{id}), across resumption tokens (7 records a page). Then the registries agree:
// the same URNs, each active, with the same organisation and prefix, the same active URLs, and
// the same answer to resolution (the best URL: A's highest priority; B keeps A's order, best
// first). A reserved URN (oai_dc says so, and gives no URL) is refused by B and reported; a second
// harvest changes nothing.

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe } from "node:test";
import { nbnDeCheckDigit } from "@urnkit/namespaces";
import type { FastifyInstance } from "fastify";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const ORGS = [
  { id: "hbz-lib", prefix: "urn:nbn:de:hbz:465-", format: "oai_dc" as const },
  { id: "ubhh", prefix: "urn:nbn:de:gbv:18-", format: "epicur" as const },
];

async function configure(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, actor);
  for (const o of ORGS) {
    await store.organisations.create({ id: o.id, name: o.id }, actor);
    await store.prefixes.create(
      { ...DEFAULT_POLICY, prefix: o.prefix, nid: "nbn", organisation: o.id, check: "nbn" },
      actor,
    );
  }
}

/** What each registry says about a URN, as both must agree on it. */
async function view(store: Store, key: string) {
  const r = await store.records.get(key);
  if (r === null) return null;
  return {
    status: r.status,
    organisation: r.organisation,
    prefix: r.prefix,
    urls: r.locators
      .filter((l) => l.active)
      .map((l) => l.url)
      .sort(),
    best: (await store.records.resolve(key))?.best ?? null,
  };
}

for (const engine of engines) {
  describe(`harvest registry A into an empty B: the registries agree (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let a: EngineHandle;
    let b: EngineHandle;
    let app: FastifyInstance;
    let url = "";
    const keys: string[] = [];
    before(async () => {
      a = await engine.open();
      b = await engine.open();
      await configure(a.store);
      await configure(b.store);
      // 20 URNs per organisation, 1 to 3 locators of different priorities (the best not first).
      for (const o of ORGS)
        for (let n = 1; n <= 20; n++) {
          const base = `${o.prefix}agree-${n}`;
          const urn = base + nbnDeCheckDigit(base);
          keys.push(urn);
          const locators = Array.from({ length: 1 + (n % 3) }, (_, i) => ({
            url: `https://${o.id}.example/${n}/${i}`,
            priority: i,
          }));
          await a.store.records.create(
            {
              urn,
              key: urn,
              nid: "nbn",
              status: "active",
              locators,
              organisation: o.id,
              prefix: o.prefix,
              metadata: { title: `Item ${n}` },
            },
            actor,
          );
        }
      const reservedBase = `${ORGS[0]?.prefix}agree-reserved`;
      await a.store.records.create(
        {
          urn: reservedBase + nbnDeCheckDigit(reservedBase),
          key: reservedBase + nbnDeCheckDigit(reservedBase),
          nid: "nbn",
          status: "reserved",
          organisation: ORGS[0]?.id,
          prefix: ORGS[0]?.prefix,
        },
        actor,
      );
      app = await buildServer({ store: a.store, oai: { pageSize: 7 } });
      await app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/oai`;
    });
    after(async () => {
      await app?.close();
      await a?.close();
      await b?.close();
    });

    it("harvests each organisation's set, oai_dc and epicur, across resumption tokens", async () => {
      for (const o of ORGS) {
        const { run } = await harvest(b.store, {
          url,
          organisation: o.id,
          set: `org:${o.id}`,
          metadataPrefix: o.format,
          limits: DEFAULT_LIMITS,
          client: { rate: 0, allowPrivate: true },
          soleWriter: true,
        });
        assert.equal(run.outcome, "completed", run.error ?? "");
        const reserved = o.id === "hbz-lib" ? 1 : 0;
        assert.equal(run.records, 20 + reserved);
        assert.equal(run.created, 20);
        assert.equal(run.pages, Math.ceil((20 + reserved) / 7));
        assert.equal(run.refused, reserved);
        if (reserved === 1) {
          const [refusal] = await b.store.harvest.refusals(run.id);
          // Said reserved in oai_dc: not registered until the source has it in use.
          assert.equal(refusal?.code, "reserved-at-source");
        }
      }
    });

    it("the registries agree on every URN with a locator", async () => {
      assert.equal(await b.store.records.count(), 40);
      for (const key of keys) {
        const there = await view(a.store, key);
        const here = await view(b.store, key);
        assert.deepEqual(here, there, key);
        assert.equal(here?.status, "active");
      }
    });

    it("a second harvest of each source changes nothing", async () => {
      for (const o of ORGS) {
        const { run } = await harvest(b.store, {
          url,
          organisation: o.id,
          set: `org:${o.id}`,
          metadataPrefix: o.format,
          limits: DEFAULT_LIMITS,
          client: { rate: 0, allowPrivate: true },
        });
        assert.equal(run.outcome, "completed", run.error ?? "");
        assert.equal(run.created + run.updated, 0);
      }
      assert.equal(await b.store.records.count(), 40);
    });
  });
}
