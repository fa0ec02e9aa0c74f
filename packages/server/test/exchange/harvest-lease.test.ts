// A harvest run holds its source by a lease it renews while it runs (a heartbeat), so a page that
// takes longer than the lease does not free the source, while the lease of a process that died
// lapses within one lease's length; the source listing tells a lapsed lease from a live one.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { fixture, type Replay, replay } from "../oai-replay.js";
import { skippedWhen } from "../skipped-when.js";

const CLIENT = { rate: 0, backoffMs: 5, maxWaitMs: 2000, retries: 0, allowPrivate: true };
const LEASE_MS = 400;

for (const engine of engines)
  describe(`harvest lease and heartbeat (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let slow: Replay;
    before(async () => {
      h = await engine.open();
      await h.store.organisations.create({ id: "lib", name: "Library" }, { tokenId: null });
      slow = await replay("/oai");
      slow.answer("Identify", fixture("dspace-identify.xml"));
      // The list answers after five lease lengths.
      slow.answer("list:oai_dc::", {
        body: fixture("no-records-match.xml"),
        delayMs: 5 * LEASE_MS,
      });
    });
    after(async () => {
      await slow.close();
      await h.close();
    });
    const run = () =>
      harvest(h.store, {
        url: slow.url,
        organisation: "lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: CLIENT,
        leaseMs: LEASE_MS,
      });

    it("a live run keeps its source through a page slower than the lease", async () => {
      const first = run();
      await new Promise((r) => setTimeout(r, 3 * LEASE_MS));
      const listed = (await h.store.harvest.listSources()).find((s) => s.url === slow.url);
      assert.equal(listed?.lastRun?.outcome, "running");
      assert.ok(listed?.leaseUntil != null && listed.leaseUntil > new Date().toISOString());
      await assert.rejects(run(), (e: Error & { code?: string }) => e.code === "harvest-running");
      assert.equal((await first).run.outcome, "completed");
      const done = (await h.store.harvest.listSources()).find((s) => s.url === slow.url);
      assert.equal(done?.leaseUntil, null);
    });

    it("the lease of a run whose process died lapses, and the listing says so", async () => {
      const source = (await h.store.harvest.listSources()).find((s) => s.url === slow.url);
      assert.ok(source);
      // A run begun and never renewed: its process is gone.
      const dead = await h.store.harvest.beginRun(source.id, {
        from: null,
        resumed: false,
        leaseUntil: new Date(Date.now() + LEASE_MS).toISOString(),
      });
      await new Promise((r) => setTimeout(r, 2 * LEASE_MS));
      const listed = (await h.store.harvest.listSources()).find((s) => s.id === source.id);
      assert.equal(listed?.lastRun?.id, dead.id);
      assert.equal(listed?.lastRun?.outcome, "running");
      assert.ok(listed?.leaseUntil != null && listed.leaseUntil < new Date().toISOString());
      // The next run takes the source (its list is asked from the first run's date, which the
      // replay has no answer for: what matters here is that it was not refused).
      const next = await run();
      assert.notEqual(next.run.id, dead.id);
      const runs = (await h.rawRows("harvest_runs")).filter((r) => Number(r.id) === dead.id);
      assert.equal(runs[0]?.outcome, "interrupted");
    });
  });
