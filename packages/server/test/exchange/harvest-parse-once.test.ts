// A harvested URN is parsed once, where the page is read: the registry actions that write it take
// the parsed URN, so neither the registration (its plan and its target), the lifecycle writes
// (patch, activate, deactivate) nor the harvest's own lookups parse its text again. Counted with
// a spy on URN.parse, the one parse of outside URN text (validation/urn.ts), over a first
// harvest (every record new: registered, deactivated) and a second one after the source changed
// (every record here already: metadata patched, reserved ones activated).

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe, mock } from "node:test";
import { URN } from "@urnkit/core";
import { nbnDeCheckDigit } from "@urnkit/namespaces";
import type { FastifyInstance } from "fastify";
import type { applyNative } from "../../src/exchange/harvest/apply-native.js";
import type { applyPair } from "../../src/exchange/harvest/apply-pair.js";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import type {
  activateUrn,
  deactivateUrn,
  patchRecord,
  planRegistration,
} from "../../src/registry/record-actions.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import type { Store } from "../../src/storage/store.js";
import type { DeactivateInput } from "../../src/validation/record.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

// The structural half of the proof: what the harvest hands the actions is a URN, not text.
type ParsedUrns = [
  Parameters<typeof applyNative>[2],
  Parameters<typeof applyPair>[2],
  Parameters<typeof planRegistration>[2]["urn"],
  Parameters<typeof patchRecord>[2],
  Parameters<typeof activateUrn>[2],
  Parameters<typeof deactivateUrn>[2],
  NonNullable<DeactivateInput["successor"]>,
];
const takesParsedUrns: ParsedUrns extends [URN, URN, URN, URN, URN, URN, URN] ? true : false = true;

const actor = { tokenId: null };
const ORG = "ubx";
const PREFIX = "urn:nbn:de:0001-";
const urn = (name: string) => `${PREFIX}${name}${nbnDeCheckDigit(PREFIX + name)}`;

async function configure(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, actor);
  await store.organisations.create({ id: ORG, name: "UB X" }, actor);
  await store.prefixes.create(
    { ...DEFAULT_POLICY, prefix: PREFIX, nid: "nbn", organisation: ORG, check: "nbn" },
    actor,
  );
}

for (const engine of engines) {
  describe(`a harvested URN is parsed once (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let a: EngineHandle;
    let b: EngineHandle;
    let app: FastifyInstance;
    let url = "";
    const names = ["active-1", "active-2", "reserved-1", "gone-1", "gone-2"].map(urn);
    const [active1, active2, reserved1, gone1, gone2] = names as [
      string,
      string,
      string,
      string,
      string,
    ];

    /** One harvest into B with URN.parse counted: how often each text was parsed. */
    async function countedRun(): Promise<Map<string, number>> {
      const parse = mock.method(URN, "parse");
      try {
        const { run } = await harvest(b.store, {
          url,
          organisation: ORG,
          metadataPrefix: "urnkit",
          limits: DEFAULT_LIMITS,
          client: { rate: 0, allowPrivate: true },
        });
        assert.equal(run.outcome, "completed", run.error ?? "");
        assert.equal(run.refused, 0, JSON.stringify(run));
        const counts = new Map<string, number>();
        for (const call of parse.mock.calls) {
          const text = String(call.arguments[0]);
          counts.set(text, (counts.get(text) ?? 0) + 1);
        }
        return counts;
      } finally {
        parse.mock.restore();
      }
    }

    before(async () => {
      a = await engine.open();
      b = await engine.open();
      await configure(a.store);
      await configure(b.store);
      const create = (key: string, status: "reserved" | "active") =>
        a.store.records.create(
          {
            urn: key,
            key,
            nid: "nbn",
            status,
            locators: status === "active" ? [{ url: `https://ubx.example/${key}` }] : [],
            organisation: ORG,
            prefix: PREFIX,
            metadata: { title: key },
          },
          actor,
        );
      for (const key of [active1, active2, gone1, gone2]) await create(key, "active");
      await create(reserved1, "reserved");
      await a.store.records.deactivate(
        gone1,
        { reason: "superseded", successor: { urn: active1, key: active1 } },
        actor,
      );
      await a.store.records.deactivate(gone2, { reason: "withdrawn" }, actor);
      app = await buildServer({ store: a.store, oai: { pageSize: 2 } });
      await app.listen({ port: 0, host: "127.0.0.1" });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/oai`;
    });
    after(async () => {
      await app?.close();
      await a?.close();
      await b?.close();
    });

    it("the actions take parsed URNs", () => {
      assert.equal(takesParsedUrns, true);
    });

    it("registers and deactivates each URN of a first harvest with one parse of its text", async () => {
      const counts = await countedRun();
      // active-1 is also the successor of gone-1, a URN of its own in that record: parsed there.
      assert.deepEqual(
        names.map((name) => counts.get(name)),
        [2, 1, 1, 1, 1],
      );
      assert.equal((await b.store.records.get(gone1))?.successors[0], active1);
      assert.equal((await b.store.records.get(gone2))?.status, "deactivated");
    });

    it("brings each URN up to its source in a second harvest with one parse of its text", async () => {
      await a.store.records.update(active2, { metadata: { title: "changed" } }, actor);
      await a.store.records.activate(reserved1, actor);
      const counts = await countedRun();
      // Only the changed records are listed again (the harvest is incremental).
      assert.equal(counts.get(active2), 1);
      assert.equal(counts.get(reserved1), 1);
      assert.deepEqual((await b.store.records.get(active2))?.metadata, { title: "changed" });
      assert.equal((await b.store.records.get(reserved1))?.status, "active");
    });
  });
}
