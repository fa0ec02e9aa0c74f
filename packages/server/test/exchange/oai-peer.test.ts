// The OAI-PMH provider harvested by a client nobody on this project wrote: HTTP::OAI's harvester
// (Debian's libhttp-oai-perl; .ci/oai-peers.sh installs it), driven by fixtures/oai-peer.pl
// against a live server on loopback, on every engine: Identify, ListMetadataFormats, ListSets, a
// whole ListRecords harvest across resumption tokens whose count is the database's, selective
// harvests by set and by from/until, GetRecord, and each error code the protocol defines. Native
// records are validated against the XML Schema the server serves (libxml2, through XML::LibXML).

import assert from "node:assert/strict";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { listen } from "../oai-listen.js";
import { skippedWhen } from "../skipped-when.js";
import { xsdValidate } from "../xsd-validator.js";

const run = promisify(execFile);
const DRIVER = fileURLToPath(new URL("../fixtures/oai-peer.pl", import.meta.url));
const actor = { tokenId: null };

/** Why the peer test cannot run here, or undefined when it can. */
function missingPeer(): string | undefined {
  try {
    execFileSync("perl", ["-MHTTP::OAI", "-MJSON::PP", "-MXML::LibXML", "-e", "1"], {
      stdio: "ignore",
    });
    return undefined;
  } catch {
    return "the Perl module HTTP::OAI is not installed (Debian: libhttp-oai-perl; .ci/oai-peers.sh installs it)";
  }
}
const skip = missingPeer();

interface PeerAnswer {
  errors?: string[];
  http?: string;
  records?: { identifier: string; datestamp: string; sets: string[] }[];
  formats?: string[];
  sets?: string[];
  [field: string]: unknown;
}

async function peer(base: string, verb: string, ...args: string[]): Promise<PeerAnswer> {
  const { stdout } = await run("perl", [DRIVER, base, verb, ...args], { timeout: 60_000 });
  return JSON.parse(stdout) as PeerAnswer;
}

for (const engine of engines) {
  describe(`OAI-PMH provider harvested by HTTP::OAI (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip || skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let base: string;
    const urn = (i: number) => `urn:example:item-${String(i).padStart(2, "0")}`;
    const TOTAL = 23;

    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      await h.store.namespaces.create({ nid: "demo", local: true }, actor);
      await h.store.organisations.create({ id: "lib", name: "University Library" }, actor);
      for (let i = 0; i < TOTAL; i++)
        await h.store.records.create(
          {
            urn: urn(i),
            key: urn(i),
            nid: "example",
            status: "active",
            locators: [{ url: `https://repo.example/${i}` }],
            organisation: i % 3 === 0 ? "lib" : null,
          },
          actor,
        );
      await h.store.records.create(
        { urn: "urn:demo:one", key: "urn:demo:one", nid: "demo", status: "active" },
        actor,
      );
      await h.store.records.deactivate(urn(5), { reason: "duplicate" }, actor);
      // Item i changed on 2021-03-(i+1) at noon; urn:demo:one on 2021-04-01.
      for (let i = 0; i < TOTAL; i++)
        await h.rawExec(
          `UPDATE records SET updated = '2021-03-${String(i + 1).padStart(2, "0")}T12:00:00.000Z' WHERE key = '${urn(i)}'`,
        );
      await h.rawExec(
        "UPDATE records SET updated = '2021-04-01T00:00:00.000Z' WHERE key = 'urn:demo:one'",
      );
      app = await buildServer({ store: h.store, oai: { pageSize: 4 } });
      base = await listen(app);
    });
    after(async () => {
      await app?.close();
      await h?.close();
    });

    it("Identify, ListMetadataFormats, ListSets", async () => {
      const id = await peer(base, "Identify");
      assert.equal(id.baseURL, base);
      assert.equal(id.protocolVersion, "2.0");
      assert.equal(id.earliestDatestamp, "2021-03-01T12:00:00Z");
      assert.equal(id.deletedRecord, "no");
      assert.equal(id.granularity, "YYYY-MM-DDThh:mm:ssZ");
      assert.deepEqual((await peer(base, "ListMetadataFormats")).formats, [
        "oai_dc",
        "epicur",
        "urnkit",
      ]);
      assert.deepEqual((await peer(base, "ListMetadataFormats", `identifier=${urn(1)}`)).formats, [
        "oai_dc",
        "epicur",
        "urnkit",
      ]);
      assert.deepEqual((await peer(base, "ListSets")).sets, [
        "nid",
        "nid:demo",
        "nid:example",
        "org",
        "org:lib",
      ]);
    });

    it("harvests every record across resumption tokens, as many as the database holds", async () => {
      for (const prefix of ["oai_dc", "epicur", "urnkit"]) {
        const { records, errors } = await peer(base, "ListRecords", `metadataPrefix=${prefix}`);
        assert.equal(errors, undefined);
        const ids = (records ?? []).map((r) => r.identifier);
        // epicur leaves out urn:demo:one, the one record without a locator (formats/epicur.ts).
        const without = prefix === "epicur" ? 1 : 0;
        assert.equal(ids.length, (await h.store.records.count()) - without, prefix);
        assert.equal(new Set(ids).size, ids.length);
        // Datestamp order: the items by day, then urn:demo:one.
        const items = Array.from({ length: TOTAL }, (_, i) => urn(i));
        assert.deepEqual(ids, without === 1 ? items : [...items, "urn:demo:one"]);
      }
      const headers = await peer(base, "ListIdentifiers", "metadataPrefix=oai_dc");
      assert.equal(headers.records?.length, TOTAL + 1);
      assert.equal(headers.records?.[3]?.datestamp, "2021-03-04T12:00:00Z");
      assert.deepEqual(headers.records?.[3]?.sets, ["nid:example", "org:lib"]);
    });

    it("harvests selectively by set and by from/until", async () => {
      const ids = async (...args: string[]) =>
        ((await peer(base, "ListIdentifiers", "metadataPrefix=oai_dc", ...args)).records ?? []).map(
          (r) => r.identifier,
        );
      // Items 0, 3, 6, …, 21 belong to the library: 8 of them.
      assert.deepEqual(await ids("set=org:lib"), [0, 3, 6, 9, 12, 15, 18, 21].map(urn));
      assert.deepEqual(await ids("set=nid:demo"), ["urn:demo:one"]);
      // 2021-03-10 … 2021-03-12 (days, inclusive): items 9, 10, 11.
      assert.deepEqual(await ids("from=2021-03-10", "until=2021-03-12"), [9, 10, 11].map(urn));
      // To the second: item 4 changed at 2021-03-05T12:00:00Z exactly.
      assert.deepEqual(await ids("from=2021-03-05T12:00:00Z", "until=2021-03-05T12:00:00Z"), [
        urn(4),
      ]);
      assert.deepEqual(await ids("from=2021-03-22T00:00:00Z"), [urn(21), urn(22), "urn:demo:one"]);
      // The library's items changed on or after 2021-03-16: items 15, 18, 21.
      assert.deepEqual(await ids("set=org:lib", "from=2021-03-16"), [15, 18, 21].map(urn));
    });

    it("GetRecord, also of a deactivated URN", async () => {
      const one = await peer(base, "GetRecord", `identifier=${urn(7)}`, "metadataPrefix=urnkit");
      assert.deepEqual(
        one.records?.map((r) => r.identifier),
        [urn(7)],
      );
      const gone = await peer(base, "GetRecord", `identifier=${urn(5)}`, "metadataPrefix=oai_dc");
      assert.deepEqual(
        gone.records?.map((r) => r.datestamp),
        ["2021-03-06T12:00:00Z"],
      );
    });

    it("native records are valid by the XML Schema the server serves", async () => {
      const dir = mkdtempSync(join(tmpdir(), "urnkit-oai-xsd-"));
      try {
        const xsd = await (await fetch(`${base}/schema/urnkit.xsd`)).text();
        writeFileSync(join(dir, "urnkit.xsd"), xsd);
        // An active record with an organisation, and a deactivated one.
        for (const n of [3, 5]) {
          const answer = await (
            await fetch(`${base}?verb=GetRecord&identifier=${urn(n)}&metadataPrefix=urnkit`)
          ).text();
          const record =
            /<record xmlns="urn:urnkit:oai:record:1".*?<\/record>(?=<\/metadata>)/s.exec(
              answer,
            )?.[0];
          assert.ok(record !== undefined, answer);
          writeFileSync(join(dir, "record.xml"), record);
          assert.equal(
            await xsdValidate([join(dir, "urnkit.xsd"), join(dir, "record.xml")]),
            "valid\n",
            record,
          );
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("gets each error code", async () => {
      const code = async (verb: string, ...args: string[]) =>
        (await peer(base, verb, ...args, "--force")).errors;
      assert.deepEqual(await code("ListEverything"), ["badVerb"]);
      assert.deepEqual(await code("ListRecords", "metadataPrefix=oai_dc", "extra=1"), [
        "badArgument",
      ]);
      assert.deepEqual(
        await code("ListRecords", "metadataPrefix=oai_dc", "from=2021-03-02", "until=2021-03-01"),
        ["badArgument"],
      );
      assert.deepEqual(await code("ListRecords", "resumptionToken=not-issued-here"), [
        "badResumptionToken",
      ]);
      assert.deepEqual(await code("ListRecords", "metadataPrefix=marcxml"), [
        "cannotDisseminateFormat",
      ]);
      assert.deepEqual(
        await code("GetRecord", "identifier=urn:example:none", "metadataPrefix=oai_dc"),
        ["idDoesNotExist"],
      );
      assert.deepEqual(await code("ListIdentifiers", "metadataPrefix=oai_dc", "from=2030-01-01"), [
        "noRecordsMatch",
      ]);
      const empty = await engine.open();
      const bare = await buildServer({ store: empty.store });
      try {
        assert.deepEqual((await peer(await listen(bare), "ListSets", "--force")).errors, [
          "noSetHierarchy",
        ]);
      } finally {
        await bare.close();
        await empty.close();
      }
    });
  });
}
