// The harvester against a provider nobody here wrote: Catmandu's OAI-PMH provider
// (Dancer::Plugin::Catmandu::OAI, Debian package libdancer-plugin-catmandu-oai-perl) run on a
// loopback port over a fixture store (fixtures/catmandu/app.pl), three records a page, on both
// engines. Its quirks: resumption tokens of its own making, an empty <resumptionToken/> with a
// completeListSize on the last page, deleted records as headers only.

import assert from "node:assert/strict";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { fileURLToPath } from "node:url";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const HBZ = "urn:nbn:de:hbz:465-";

const probe = spawnSync("perl", ["-MDancer::Plugin::Catmandu::OAI", "-e", "1"], {
  stdio: "ignore",
});
const SKIP =
  probe.status === 0
    ? false
    : "Catmandu's OAI-PMH provider is not installed (Debian: apt-get install libdancer-plugin-catmandu-oai-perl)";

/** The store's records: seven, one deleted and one without a URN. */
const RECORDS = [
  {
    _id: "1",
    datestamp: "2026-11-01T10:00:00Z",
    title: ["One"],
    identifier: [`${HBZ}20261101-1010`, "https://cat.example.org/1"],
  },
  {
    _id: "2",
    datestamp: "2026-11-02T10:00:00Z",
    title: ["Two & more"],
    identifier: [`${HBZ}20261101-1029`, "https://cat.example.org/2"],
  },
  { _id: "3", datestamp: "2026-11-03T10:00:00Z", deleted: true },
  {
    _id: "4",
    datestamp: "2026-11-04T10:00:00Z",
    title: ["No URN"],
    identifier: ["https://cat.example.org/4"],
  },
  {
    _id: "5",
    datestamp: "2026-11-05T10:00:00Z",
    title: ["Five"],
    identifier: [
      `${HBZ}20261101-1039`,
      "https://cat.example.org/5",
      "https://cat.example.org/5.pdf",
    ],
  },
  {
    _id: "6",
    datestamp: "2026-11-06T10:00:00Z",
    title: ["Six"],
    identifier: [`${HBZ}20261101-1044`, "https://cat.example.org/6"],
  },
  {
    _id: "7",
    datestamp: "2026-11-07T10:00:00Z",
    title: ["Seven"],
    identifier: [`${HBZ}20261101-1058`, "https://cat.example.org/7"],
  },
];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the provider and waits until it answers Identify. */
async function startCatmandu(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const records = join(dir, "records.json");
  writeFileSync(records, JSON.stringify(RECORDS));
  const port = await freePort();
  const app = fileURLToPath(new URL("../fixtures/catmandu/app.pl", import.meta.url));
  const child = spawn("perl", [app], {
    env: { ...process.env, OAI_PORT: String(port), OAI_RECORDS: records, OAI_PAGE: "3" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const url = `http://127.0.0.1:${port}/oai`;
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`the Catmandu provider ended: ${stderr}`);
    const ok = await fetch(`${url}?verb=Identify`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`the Catmandu provider did not answer in 20 s: ${stderr}`);
}

for (const engine of engines) {
  describe(`harvest from Catmandu's OAI-PMH provider (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip || SKIP);
    let h: EngineHandle;
    let provider: { url: string; child: ChildProcess };
    let dir: string; // made in before, so that a skipped suite makes none
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), "urnkit-catmandu-"));
      h = await engine.open();
      await h.store.namespaces.create({ nid: "nbn" }, actor);
      await h.store.organisations.create({ id: "hbz-lib", name: "Library" }, actor);
      await h.store.prefixes.create(
        { ...DEFAULT_POLICY, prefix: HBZ, nid: "nbn", organisation: "hbz-lib", check: "nbn" },
        actor,
      );
      provider = await startCatmandu(dir);
    });
    after(async () => {
      provider?.child.kill();
      await h?.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const run = () =>
      harvest(h.store, {
        url: provider.url,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: { rate: 0, backoffMs: 10, allowPrivate: true },
      });

    it("reads the three pages along its resumption tokens and registers five URNs", async () => {
      const report = await run();
      const { run: r } = report;
      assert.equal(r.outcome, "completed", r.error ?? "");
      assert.deepEqual([r.pages, r.records, r.created, r.deleted, r.refused], [3, 7, 5, 1, 1]);
      assert.equal(report.requests, 4, "Identify and three pages");
      const refusals = await h.store.harvest.refusals(r.id);
      assert.deepEqual(
        refusals.map((x) => [x.oaiIdentifier, x.code]),
        [["oai:catmandu.example.org:4", "no-urn"]],
      );
      const five = await h.store.records.get(`${HBZ}20261101-1039`);
      assert.deepEqual(five?.locators.map((l) => l.url).sort(), [
        "https://cat.example.org/5",
        "https://cat.example.org/5.pdf",
      ]);
      assert.equal(await h.store.records.count(), 5);
    });

    it("the next run asks from the first response's date and finds nothing new", async () => {
      const [source] = await h.store.harvest.listSources();
      assert.match(source?.lastResponseDate ?? "", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      const { run: r } = await run();
      assert.equal(r.outcome, "completed", r.error ?? "");
      assert.equal(r.from, source?.lastResponseDate);
      assert.equal(r.records, 0);
      assert.equal(await h.store.records.count(), 5);
    });
  });
}
