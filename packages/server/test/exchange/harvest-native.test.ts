// Harvest registry A into an empty registry B in urnkit's native format (metadataPrefix urnkit),
// on each engine, through A's own OAI-PMH provider: what oai_dc and epicur cannot carry arrives
// too. Afterwards the registries agree on every URN: status, deactivation reason, successors,
// active locators with their priorities and media types, the resolved best URL, metadata,
// organisation and prefix. A second harvest changes nothing; a URN deactivated in A afterwards
// arrives deactivated, with its successor, in the next (incremental) harvest.

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
const ORG = "ubx";
const PREFIX = "urn:nbn:de:0001-";

/** urn:nbn:de:0001-{name} with its check digit. */
const urn = (name: string) => `${PREFIX}${name}${nbnDeCheckDigit(PREFIX + name)}`;

async function configure(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, actor);
  await store.organisations.create({ id: ORG, name: "UB X" }, actor);
  await store.prefixes.create(
    { ...DEFAULT_POLICY, prefix: PREFIX, nid: "nbn", organisation: ORG, check: "nbn" },
    actor,
  );
}

/** What a registry says about a URN, as both must agree on it. */
async function view(store: Store, key: string) {
  const r = await store.records.get(key);
  if (r === null) return null;
  return {
    status: r.status,
    reason: r.reason,
    successors: r.successors,
    organisation: r.organisation,
    prefix: r.prefix,
    metadata: r.metadata,
    locators: r.locators
      .filter((l) => l.active)
      .map((l) => ({ url: l.url, priority: l.priority, mediaType: l.mediaType })),
    best: (await store.records.resolve(key))?.best ?? null,
  };
}

for (const engine of engines) {
  describe(`harvest registry A into an empty B in the native format (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let a: EngineHandle;
    let b: EngineHandle;
    let app: FastifyInstance;
    let url = "";
    const keys: string[] = [];
    const run = () =>
      harvest(b.store, {
        url,
        organisation: ORG,
        metadataPrefix: "urnkit",
        limits: DEFAULT_LIMITS,
        client: { rate: 0, allowPrivate: true },
      });

    before(async () => {
      a = await engine.open();
      b = await engine.open();
      await configure(a.store);
      await configure(b.store);
      const create = async (name: string, status: "reserved" | "active", n: number) => {
        const key = urn(name);
        keys.push(key);
        await a.store.records.create(
          {
            urn: key,
            key,
            nid: "nbn",
            status,
            // 0 to 2 locators, the best not first, one with a media type.
            locators: Array.from({ length: status === "reserved" ? 0 : 1 + (n % 2) }, (_, i) => ({
              url: `https://ubx.example/${name}/${i}`,
              priority: i * 10,
              ...(i === 1 ? { mediaType: "application/pdf" } : {}),
            })),
            organisation: ORG,
            prefix: PREFIX,
            ...(status === "reserved" ? {} : { metadata: { title: `Item ${name}`, n } }),
          },
          actor,
        );
      };
      for (let n = 1; n <= 9; n++) await create(`item-${n}`, "active", n);
      await create("reserved-1", "reserved", 0);
      // Deactivated in A before the first harvest: one with a successor, one without.
      await a.store.records.deactivate(
        urn("item-2"),
        {
          reason: "superseded by a new edition",
          successor: { urn: urn("item-3"), key: urn("item-3") },
        },
        actor,
      );
      await a.store.records.deactivate(urn("item-4"), { reason: "withdrawn" }, actor);
      app = await buildServer({ store: a.store, oai: { pageSize: 4 } });
      await app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/oai`;
    });
    after(async () => {
      await app?.close();
      await a?.close();
      await b?.close();
    });

    it("harvests every record, reserved and deactivated ones included, across resumption tokens", async () => {
      const { run: first } = await run();
      assert.equal(first.outcome, "completed", first.error ?? "");
      assert.equal(first.records, 10);
      assert.equal(first.created, 10);
      assert.equal(first.refused, 0, JSON.stringify(await b.store.harvest.refusals(first.id)));
      assert.equal(first.pages, 3);
    });

    it("the registries agree on every URN, status and successors included", async () => {
      assert.equal(await b.store.records.count(), 10);
      for (const key of keys)
        assert.deepEqual(await view(b.store, key), await view(a.store, key), key);
      // Worked out by hand from what A was given.
      const two = await view(b.store, urn("item-2"));
      assert.equal(two?.status, "deactivated");
      assert.equal(two?.reason, "superseded by a new edition");
      assert.deepEqual(two?.successors, [urn("item-3")]);
      assert.equal((await view(b.store, urn("item-4")))?.status, "deactivated");
      assert.equal((await view(b.store, urn("reserved-1")))?.status, "reserved");
      const five = await view(b.store, urn("item-5"));
      assert.equal(five?.best, "https://ubx.example/item-5/1");
      assert.deepEqual(five?.metadata, { title: "Item item-5", n: 5 });
      assert.equal(five?.locators.find((l) => l.priority === 10)?.mediaType, "application/pdf");
    });

    it("a second harvest changes nothing; a URN deactivated in A meanwhile arrives deactivated", async () => {
      const { run: again } = await run();
      assert.equal(again.outcome, "completed", again.error ?? "");
      assert.equal(
        again.created + again.updated + again.refused,
        0,
        JSON.stringify([again, await b.store.harvest.refusals(again.id)]),
      );
      // Datestamps are to the second: the change must come after the last harvest's second.
      await new Promise((r) => setTimeout(r, 1100));
      await a.store.records.deactivate(
        urn("item-6"),
        { reason: "merged", successor: { urn: urn("item-7"), key: urn("item-7") } },
        actor,
      );
      const { run: third } = await run();
      assert.equal(third.outcome, "completed", third.error ?? "");
      assert.equal(third.updated, 1);
      assert.equal(third.refused, 0);
      const six = await view(b.store, urn("item-6"));
      assert.equal(six?.status, "deactivated");
      assert.equal(six?.reason, "merged");
      assert.deepEqual(six?.successors, [urn("item-7")]);
      for (const key of keys)
        assert.deepEqual(await view(b.store, key), await view(a.store, key), key);
    });
  });
}
