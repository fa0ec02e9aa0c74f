// Harvesting URNs that do not resolve at their source, on each engine: registry A has URNs in
// use, deactivated ones (with a reason and a successor, with a reason only, without a reason) and
// reserved ones (with a locator and without), and an empty registry B harvests A's own OAI-PMH
// provider in each format, oai_dc, epicur and urnkit. No URN arrives resolvable that A does not
// resolve: a deactivated one arrives deactivated, with its reason and successor where the format
// carries them (oai_dc states them, urnkit has them; epicur only withdraws the URLs, so the reason
// says so); a reserved one arrives reserved in urnkit, is refused and reported in oai_dc, and is
// not in epicur's lists. Then A deactivates two URNs B has in use, and B's next, incremental
// harvest deactivates them in B too. Expected values are worked out from what A was given.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { NO_REASON_GIVEN } from "../../src/exchange/harvest/apply-deactivation.js";
import { harvest, type MetadataPrefix } from "../../src/exchange/harvest/harvest-run.js";
import { EPICUR_WITHDRAWAL } from "../../src/exchange/harvest/record-pairs.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { listen } from "../oai-listen.js";
import { skippedWhen } from "../skipped-when.js";
import { configure, ORG, PREFIX, urn } from "./ubx-registry.js";

const actor = { tokenId: null };

const url = (name: string) => `https://ubx.example/${name}`;

/** What B holds of a URN: null when it is not registered there. */
interface Held {
  status: string;
  reason: string | null;
  successors: string[];
}

/** The deactivated URNs as A holds them: what the formats that carry reasons give B. */
const AS_AT_A: Record<"gone" | "dropped" | "silent", Held> = {
  gone: {
    status: "deactivated",
    reason: "superseded by a new edition",
    successors: [urn("item-1")],
  },
  dropped: { status: "deactivated", reason: "withdrawn", successors: [] },
  silent: { status: "deactivated", reason: NO_REASON_GIVEN, successors: [] },
};

/** B's record of each URN not in use at A after the first harvest, per format. */
const FIRST: Record<MetadataPrefix, Record<string, Held | null>> = {
  oai_dc: { ...AS_AT_A, held: null, bare: null },
  epicur: {
    gone: { status: "deactivated", reason: EPICUR_WITHDRAWAL, successors: [] },
    dropped: { status: "deactivated", reason: EPICUR_WITHDRAWAL, successors: [] },
    silent: { status: "deactivated", reason: EPICUR_WITHDRAWAL, successors: [] },
    held: null,
    bare: null,
  },
  urnkit: {
    ...AS_AT_A,
    held: { status: "reserved", reason: null, successors: [] },
    bare: { status: "reserved", reason: null, successors: [] },
  },
};

/** The first harvest's counts: [records, created, refused], and the refusals' codes by name. */
const COUNTS: Record<MetadataPrefix, [number, number, number, [string, string][]]> = {
  // Four in use, three deactivated, two reserved (refused: said reserved, no URL).
  oai_dc: [
    9,
    7,
    2,
    [
      ["held", "reserved-at-source"],
      ["bare", "reserved-at-source"],
    ],
  ],
  // The reserved two are not in epicur's lists.
  epicur: [7, 7, 0, []],
  urnkit: [9, 9, 0, []],
};

/** B's record of the two URNs A deactivates after the first harvest, per format. */
const SECOND: Record<MetadataPrefix, Record<string, Held>> = {
  oai_dc: {
    "item-2": { status: "deactivated", reason: "merged", successors: [urn("item-3")] },
    "item-4": { status: "deactivated", reason: "retracted", successors: [] },
  },
  epicur: {
    "item-2": { status: "deactivated", reason: EPICUR_WITHDRAWAL, successors: [] },
    "item-4": { status: "deactivated", reason: EPICUR_WITHDRAWAL, successors: [] },
  },
  urnkit: {
    "item-2": { status: "deactivated", reason: "merged", successors: [urn("item-3")] },
    "item-4": { status: "deactivated", reason: "retracted", successors: [] },
  },
};

async function held(store: Store, name: string): Promise<Held | null> {
  const r = await store.records.get(urn(name));
  return r === null ? null : { status: r.status, reason: r.reason, successors: r.successors };
}

for (const engine of engines) {
  describe(`harvesting URNs that do not resolve at the source (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let a: EngineHandle;
    let app: FastifyInstance;
    let source = "";
    const b = new Map<MetadataPrefix, EngineHandle>();
    const run = (format: MetadataPrefix) =>
      harvest((b.get(format) as EngineHandle).store, {
        url: source,
        organisation: ORG,
        metadataPrefix: format,
        limits: DEFAULT_LIMITS,
        client: { rate: 0, allowPrivate: true },
      });

    before(async () => {
      a = await engine.open();
      await configure(a.store);
      const create = (name: string, status: "active" | "reserved", linked: boolean) =>
        a.store.records.create(
          {
            urn: urn(name),
            key: urn(name),
            nid: "nbn",
            status,
            locators: linked ? [{ url: url(name) }] : [],
            organisation: ORG,
            prefix: PREFIX,
          },
          actor,
        );
      for (let n = 1; n <= 4; n++) await create(`item-${n}`, "active", true);
      for (const name of ["gone", "dropped", "silent"]) await create(name, "active", true);
      await a.store.records.deactivate(
        urn("gone"),
        {
          reason: "superseded by a new edition",
          successor: { urn: urn("item-1"), key: urn("item-1") },
        },
        actor,
      );
      await a.store.records.deactivate(
        urn("dropped"),
        { reason: "withdrawn", successor: null },
        actor,
      );
      await a.store.records.deactivate(urn("silent"), { reason: "", successor: null }, actor);
      await create("held", "reserved", true);
      await create("bare", "reserved", false);
      app = await buildServer({ store: a.store, oai: { pageSize: 4 } });
      source = await listen(app);
      for (const format of ["oai_dc", "epicur", "urnkit"] as const) {
        const handle = await engine.open();
        await configure(handle.store);
        b.set(format, handle);
      }
    });
    after(async () => {
      await app?.close();
      await a?.close();
      for (const handle of b.values()) await handle.close();
    });

    for (const format of ["oai_dc", "epicur", "urnkit"] as const) {
      it(`${format}: none arrives resolvable; deactivated ones arrive deactivated`, async () => {
        const store = (b.get(format) as EngineHandle).store;
        const { run: first } = await run(format);
        assert.equal(first.outcome, "completed", first.error ?? "");
        const [records, created, refused, refusals] = COUNTS[format];
        assert.deepEqual(
          [first.records, first.created, first.refused],
          [records, created, refused],
        );
        assert.deepEqual(
          (await store.harvest.refusals(first.id)).map((r) => [r.urn, r.code]),
          refusals.map(([name, code]) => [urn(name), code]),
        );
        for (const [name, expected] of Object.entries(FIRST[format])) {
          assert.deepEqual(await held(store, name), expected, name);
          assert.notEqual((await store.records.resolve(urn(name)))?.status ?? null, "active", name);
        }
        for (let n = 1; n <= 4; n++) {
          const resolved = await store.records.resolve(urn(`item-${n}`));
          assert.deepEqual([resolved?.status, resolved?.best], ["active", url(`item-${n}`)]);
        }
      });
    }

    it("a URN deactivated at the source after the first harvest: the next harvest deactivates it", async () => {
      // Datestamps are to the second: the change must come after the last harvest's second.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      await a.store.records.deactivate(
        urn("item-2"),
        { reason: "merged", successor: { urn: urn("item-3"), key: urn("item-3") } },
        actor,
      );
      await a.store.records.deactivate(
        urn("item-4"),
        { reason: "retracted", successor: null },
        actor,
      );
      for (const format of ["oai_dc", "epicur", "urnkit"] as const) {
        const store = (b.get(format) as EngineHandle).store;
        const { run: next } = await run(format);
        assert.equal(next.outcome, "completed", next.error ?? "");
        assert.notEqual(next.from, null, format);
        // The two changed records are read again; a loaded machine may put the first harvest's
        // last second into this one's `from`, so records of that second come again, unchanged
        // or refused as before (a URN still reserved at the source).
        assert.ok(next.records >= 2, format);
        assert.equal(next.updated, 2, format);
        const again = await store.harvest.refusals(next.id);
        assert.ok(
          again.every((r) => r.code === "reserved-at-source"),
          `${format}: ${JSON.stringify(again)}`,
        );
        for (const [name, expected] of Object.entries(SECOND[format])) {
          assert.deepEqual(await held(store, name), expected, `${format} ${name}`);
          assert.equal((await store.records.resolve(urn(name)))?.status, "deactivated");
        }
        const three = await store.records.resolve(urn("item-3"));
        assert.deepEqual([three?.status, three?.best], ["active", url("item-3")], format);
      }
    });
  });
}
