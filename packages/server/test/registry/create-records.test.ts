// store.records.createMany, a set of new records written at once, on both engines: each input gets
// what records.create would have given it (the record, or its refusal: a key taken before or by an
// earlier input of the set, an identifier taken, identifiers without an organisation), the others
// are created all the same, each with its "urn.create" audit row; checked by hand on one set and,
// as a property, against records.create called input by input on a second store.

import assert from "node:assert/strict";
import { describe } from "node:test";
import fc from "fast-check";
import { ConflictError, StateError } from "../../src/storage/errors.js";
import type { CreateOutcome, NewRecord } from "../../src/storage/records.js";
import { orderFor } from "../../src/storage/search.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

async function setUp(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "example" }, actor);
  for (const id of ["lib", "other"]) await store.organisations.create({ id, name: id }, actor);
}

/** A record input of the example namespace ("URN:EXAMPLE:x" has the key of "urn:example:x"). */
function input(urn: string, fields: Partial<NewRecord> = {}): NewRecord {
  const nss = urn.slice("urn:example:".length);
  return { urn, key: `urn:example:${nss}`, nid: "example", status: "active", ...fields };
}

/** Run-time times masked: what is left must be equal. */
function masked(value: unknown): string {
  return JSON.stringify(value, (k, v) =>
    ["created", "updated", "at", "deactivated"].includes(k) && typeof v === "string" ? "~" : v,
  );
}

function describeOutcome(outcome: CreateOutcome): string {
  if (outcome instanceof ConflictError) return `conflict ${outcome.existing}: ${outcome.message}`;
  if (outcome instanceof StateError) return `refused ${outcome.code}: ${outcome.message}`;
  return `created ${masked(outcome)}`;
}

for (const engine of engines) {
  describe(`createRecords (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    before(async () => {
      h = await engine.open();
      await setUp(h.store);
    });
    after(async () => h.close());
    /** One column of a table as stored, sorted. */
    const stored = async (table: string, column: string) =>
      (await h.rawRows(table)).map((row) => row[column]).sort();

    it("creates the new records of a set and refuses, alone, what createRecord would refuse", async () => {
      const taken = { type: "local", value: "taken" };
      await h.store.records.create(
        input("urn:example:holder", { organisation: "lib", identifiers: [taken] }),
        actor,
      );
      // f is named as the successor of a URN deactivated before f is registered.
      await h.store.records.create(input("urn:example:old"), actor);
      await h.store.records.deactivate(
        "urn:example:old",
        { reason: "moved", successor: { urn: "urn:example:f", key: "urn:example:f" } },
        actor,
      );
      const outcomes = await h.store.records.createMany(
        [
          input("urn:example:a", {
            organisation: "lib",
            locators: [{ url: "https://lib.example/a" }],
          }),
          input("URN:EXAMPLE:holder"),
          input("URN:EXAMPLE:a", { locators: [{ url: "https://lib.example/a2" }] }),
          input("urn:example:c", { organisation: "lib", identifiers: [taken] }),
          input("urn:example:d", { identifiers: [{ type: "local", value: "d" }] }),
          input("urn:example:e", {
            status: "reserved",
            organisation: "lib",
            // The characters the PostgreSQL set separates JSON texts with, escaped in JSON.
            metadata: { title: "E", note: "\u001e\u001f" },
            locators: [
              { url: "https://lib.example/e-low", priority: 1 },
              { url: "https://mirror.example/e", priority: 5, owner: "other" },
              { url: "https://lib.example/e-off", active: false, mediaType: "text/html" },
            ],
            identifiers: [{ type: "local", value: "e" }],
          }),
          input("urn:example:f", { prefix: null }),
        ],
        actor,
      );
      const [a, holder, a2, c, d, e, f] = outcomes;
      assert.ok(!(a instanceof Error) && a !== undefined);
      assert.equal(a.urn, "urn:example:a");
      assert.deepEqual(
        a.locators.map((l) => [l.url, l.owner, l.active]),
        [["https://lib.example/a", "lib", true]],
      );
      // The key of a record stored before, and the key an earlier input of the set took.
      assert.ok(holder instanceof ConflictError);
      assert.equal(holder.existing, "urn:example:holder");
      assert.equal(holder.message, "an equivalent URN is already registered: urn:example:holder");
      assert.ok(a2 instanceof ConflictError);
      assert.equal(a2.existing, "urn:example:a");
      assert.ok(c instanceof StateError);
      assert.equal(c.code, "identifier-taken");
      assert.ok(d instanceof StateError);
      assert.equal(d.code, "organisation-required");
      assert.ok(!(e instanceof Error) && e !== undefined);
      assert.equal(e.status, "reserved");
      assert.deepEqual(e.metadata, { title: "E", note: "\u001e\u001f" });
      assert.deepEqual(e.identifiers, [{ type: "local", value: "e" }]);
      // Active first, the owner's before a mirror, then the highest priority; a locator's owner
      // is the record's unless named.
      assert.deepEqual(
        e.locators.map((l) => [l.url, l.priority, l.owner, l.active, l.mediaType]),
        [
          ["https://lib.example/e-low", 1, "lib", true, null],
          ["https://mirror.example/e", 5, "other", true, null],
          ["https://lib.example/e-off", 0, "lib", false, "text/html"],
        ],
      );
      assert.ok(!(f instanceof Error) && f !== undefined);
      assert.equal(f.organisation, null);
      assert.deepEqual(f.predecessors, ["urn:example:old"]);

      assert.deepEqual(await stored("records", "urn"), [
        "urn:example:a",
        "urn:example:e",
        "urn:example:f",
        "urn:example:holder",
        "urn:example:old",
      ]);
      // Nothing of the refused inputs: no locator, no identifier, no audit row.
      assert.deepEqual(await stored("locators", "url"), [
        "https://lib.example/a",
        "https://lib.example/e-low",
        "https://lib.example/e-off",
        "https://mirror.example/e",
      ]);
      assert.deepEqual(await stored("record_identifiers", "value"), ["e", "taken"]);
      // Each created record's audit row shows it as returned; as stored, it reads the same.
      for (const record of [a, e, f]) {
        const rows = await h.store.audit.list(10, { targets: [record.urn] });
        assert.deepEqual(
          rows.map((r) => [r.action, r.before, r.after]),
          [["urn.create", null, JSON.parse(JSON.stringify(record))]],
        );
        assert.deepEqual(await h.store.records.get(record.key), record);
      }
      for (const urn of ["URN:EXAMPLE:holder", "URN:EXAMPLE:a", "urn:example:c", "urn:example:d"])
        assert.deepEqual(await h.store.audit.list(10, { targets: [urn] }), []);
      const stats = await h.rawRows("stat_assignments");
      const registered = stats
        .filter((s) => s.event === "registered")
        .reduce((n, s) => n + Number(s.count), 0);
      // holder, old, a, e and f: the counts saw the set's three as they see single writes.
      assert.equal(registered, 5);
      // The full text index has e by its metadata's words.
      const words = ["E"];
      const hits = await h.store.search.records({ words, order: orderFor({ words }), limit: 10 });
      assert.deepEqual(
        hits.map((hit) => hit.record.urn),
        ["urn:example:e"],
      );
    });

    it("an empty set writes nothing", async () => {
      const before = (await h.store.audit.list(1000)).length;
      assert.deepEqual(await h.store.records.createMany([], actor), []);
      assert.equal((await h.store.audit.list(1000)).length, before);
    });
  });

  describe(`createRecords equals createRecord input by input (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let set: EngineHandle;
    let single: EngineHandle;
    before(async () => {
      set = await engine.open();
      single = await engine.open();
      for (const h of [set, single]) await setUp(h.store);
    });
    after(async () => {
      await set.close();
      await single.close();
    });

    it("the same outcomes, stored records and audit rows for any set (fast-check)", async () => {
      let run = 0;
      const name = fc.constantFrom("a", "b", "c", "d");
      const locator = fc.record(
        {
          url: fc.constantFrom("https://x.example/1", "https://x.example/2", "https://y.example/"),
          priority: fc.integer({ min: -2, max: 2 }),
          mediaType: fc.constantFrom(null, "text/html"),
          active: fc.boolean(),
          owner: fc.constantFrom(null, "lib", "other"),
        },
        { requiredKeys: ["url"] },
      );
      const arbitraryInput = fc.record({
        name,
        upper: fc.boolean(),
        status: fc.constantFrom("reserved" as const, "active" as const),
        organisation: fc.constantFrom(null, "lib"),
        metadata: fc.option(fc.record({ title: fc.string({ maxLength: 8 }) }), { nil: null }),
        locators: fc.uniqueArray(locator, { maxLength: 3, selector: (l) => l.url }),
        identifier: fc.option(fc.constantFrom("v1", "v2"), { nil: null }),
      });
      await fc.assert(
        fc.asyncProperty(
          fc.array(arbitraryInput, { maxLength: 8 }),
          fc.subarray(["a", "b", "c", "d"]),
          fc.option(fc.constantFrom("v1", "v2"), { nil: null }),
          fc.option(name, { nil: null }),
          async (drawn, stored, storedIdentifier, successor) => {
            run += 1;
            // Each run has keys and identifiers of its own.
            const nss = (n: string) => `r${run}-${n}`;
            const inputs = drawn.map((d) =>
              input(`${d.upper ? "URN:EXAMPLE" : "urn:example"}:${nss(d.name)}`, {
                status: d.status,
                organisation: d.organisation,
                metadata: d.metadata,
                locators: d.locators,
                identifiers:
                  d.identifier === null ? undefined : [{ type: "local", value: nss(d.identifier) }],
              }),
            );
            const before = stored.map((n, i) =>
              input(`urn:example:${nss(n)}`, {
                organisation: "lib",
                identifiers:
                  i === 0 && storedIdentifier !== null
                    ? [{ type: "local", value: nss(storedIdentifier) }]
                    : undefined,
              }),
            );
            for (const h of [set, single]) {
              for (const b of before) await h.store.records.create(b, actor);
              // A URN deactivated with a successor not registered yet: its predecessor then.
              const first = before[0];
              if (first !== undefined && successor !== null) {
                const next = `urn:example:${nss(successor)}`;
                await h.store.records.deactivate(
                  first.key,
                  { reason: "moved", successor: { urn: next, key: next } },
                  actor,
                );
              }
            }
            const viaSet = await set.store.records.createMany(inputs, actor);
            const viaSingle: CreateOutcome[] = [];
            for (const i of inputs)
              viaSingle.push(
                await single.store.records.create(i, actor).catch((error: unknown) => {
                  if (error instanceof ConflictError || error instanceof StateError) return error;
                  throw error;
                }),
              );
            assert.deepEqual(viaSet.map(describeOutcome), viaSingle.map(describeOutcome));
            const keys = ["a", "b", "c", "d"].map((n) => `urn:example:${nss(n)}`);
            const read = async (h: EngineHandle) =>
              masked(
                [...(await h.store.records.getMany(keys))].sort(([x], [y]) => (x < y ? -1 : 1)),
              );
            assert.equal(await read(set), await read(single));
            const targets = inputs.map((i) => i.urn);
            const audit = async (h: EngineHandle) =>
              (await h.store.audit.list(1000, { targets }))
                .map((r) => `${r.action} ${r.target} ${masked(r.after)}`)
                .sort();
            assert.deepEqual(await audit(set), await audit(single));
          },
        ),
        { numRuns: 40 },
      );
    });
  });
}
