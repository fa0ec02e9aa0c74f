// The OAI-PMH provider's answers against the published XML Schemas, on every engine: each verb's
// answer (lists page by page, across resumption tokens to the last page, in every format) and an
// answer for each error code is valid by OAI-PMH.xsd (OAI-PMH 2.0 §3.2, the protocol's schema);
// and as OAI-PMH.xsd takes metadata through a wildcard, each record's metadata is also validated
// against its own format's schema: oai_dc.xsd (§3.4; it imports the DCMI's simple Dublin Core
// schema) and the native format's schema the server serves. The published schemas are read,
// unmodified, from fixtures/xsd/ (.ci/xsd-schemas.sh downloads them there; fixtures/xsd/README.md),
// never from the network; the xepicur schema is not among them yet, so epicur answers are checked
// by OAI-PMH.xsd, and their identifier schemes against the values xepicur 1.0 allows (urn,
// urn:nbn, urn:nbn:de, urn:nbn:at, urn:nbn:ch, url).

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe } from "node:test";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { listen } from "../oai-listen.js";
import { organisationWithPrefix } from "../prefix-setup.js";
import { skippedWhen } from "../skipped-when.js";
import { missingSchemas, missingValidator, xsdValidate } from "../xsd-validator.js";

const actor = { tokenId: null };
const OAI_PMH = "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd";
const OAI_DC = "http://www.openarchives.org/OAI/2.0/oai_dc.xsd";
const EPICUR_ANY = fileURLToPath(new URL("../fixtures/epicur-any.xsd", import.meta.url));
const METADATA = "//oai:metadata/*";
/** The identifier schemes of xepicur 1.0. */
const EPICUR_SCHEMES = ["urn", "urn:nbn", "urn:nbn:de", "urn:nbn:at", "urn:nbn:ch", "url"];
const skip = missingValidator() ?? missingSchemas();
/** NBNs of the countries xepicur names (Germany, Austria, Switzerland), and of another. */
const NBNS = [
  "urn:nbn:de:0001-2026x",
  "urn:nbn:at:at-ubi:1-2026",
  "urn:nbn:ch:bel-2026",
  "urn:nbn:fi-fe2026",
];

for (const engine of engines) {
  describe(`OAI-PMH answers valid by the published schemas (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip || skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let base: string;
    let dir: string;
    let urnkitXsd: string;
    let saved = 0;

    /** The answer to `query`, saved to a file of its own: the file's name. */
    async function answer(query: string): Promise<string> {
      const body = await (await fetch(`${base}?${query}`)).text();
      const file = join(dir, `answer-${++saved}.xml`);
      writeFileSync(file, body);
      return file;
    }

    /** The files of a list's answers, page by page, following resumption tokens to the end. */
    async function pages(verb: string, args: string): Promise<string[]> {
      const files = [await answer(`verb=${verb}&${args}`)];
      for (;;) {
        const body = readFileSync(files.at(-1) as string, "utf8");
        const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(body)?.[1];
        if (token === undefined) return files;
        files.push(await answer(`verb=${verb}&resumptionToken=${encodeURIComponent(token)}`));
      }
    }

    /** The files of ListRecords in `prefix` (every page), then of GetRecord of each named record. */
    async function listAndGet(prefix: string, names: string[]): Promise<string[]> {
      const files = await pages("ListRecords", `metadataPrefix=${prefix}`);
      for (const name of names)
        files.push(
          await answer(`verb=GetRecord&identifier=urn:example:${name}&metadataPrefix=${prefix}`),
        );
      return files;
    }

    /** Asserts every file valid by the validator's other arguments. */
    async function assertValid(args: string[], files: string[]): Promise<void> {
      assert.ok(files.length > 0);
      assert.equal(await xsdValidate([...args, ...files]), "valid\n".repeat(files.length));
    }

    before(async () => {
      h = await engine.open();
      dir = mkdtempSync(join(tmpdir(), "urnkit-oai-schemas-"));
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      await organisationWithPrefix(
        h.store,
        { id: "lib", name: "University Library" },
        {
          prefix: "urn:example:lib-",
          nid: "example",
        },
      );
      // Active with two locators, an organisation and a prefix, Dublin Core metadata and an
      // identifier; reserved (no locator); deactivated with a successor; active with one locator.
      await h.store.records.create(
        {
          urn: "urn:example:lib-1",
          key: "urn:example:lib-1",
          nid: "example",
          status: "active",
          locators: [
            { url: "https://repo.example/1", priority: 1, mediaType: "application/pdf" },
            { url: "https://mirror.example/1" },
          ],
          metadata: { title: "One & <two>", creator: ["Ann", "Bob"], date: "2021" },
          organisation: "lib",
          prefix: "urn:example:lib-",
          identifiers: [{ type: "local", value: "42" }],
        },
        actor,
      );
      await h.store.records.create(
        { urn: "urn:example:held", key: "urn:example:held", nid: "example", status: "reserved" },
        actor,
      );
      // Reserved with a locator; NBNs of each country xepicur has a scheme for, and of another.
      await h.store.records.create(
        {
          urn: "urn:example:held-linked",
          key: "urn:example:held-linked",
          nid: "example",
          status: "reserved",
          locators: [{ url: "https://repo.example/held-linked" }],
        },
        actor,
      );
      await h.store.namespaces.create({ nid: "nbn" }, actor);
      for (const urn of NBNS)
        await h.store.records.create(
          {
            urn,
            key: urn,
            nid: "nbn",
            status: "active",
            locators: [{ url: `https://nbn.example/${urn}` }],
          },
          actor,
        );
      for (const n of ["old", "plain"])
        await h.store.records.create(
          {
            urn: `urn:example:${n}`,
            key: `urn:example:${n}`,
            nid: "example",
            status: "active",
            locators: [{ url: `https://repo.example/${n}` }],
          },
          actor,
        );
      await h.store.records.deactivate(
        "urn:example:old",
        { reason: "replaced", successor: { urn: "urn:example:lib-1", key: "urn:example:lib-1" } },
        actor,
      );
      // Two records a page: the nine records take five pages, epicur's seven (no reserved URN) four.
      app = await buildServer({ store: h.store, oai: { pageSize: 2 } });
      base = await listen(app);
      urnkitXsd = join(dir, "urnkit.xsd");
      writeFileSync(urnkitXsd, await (await fetch(`${base}/schema/urnkit.xsd`)).text());
    });
    after(async () => {
      await app?.close();
      await h?.close();
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    it("Identify, ListMetadataFormats (all, one item), ListSets", async () => {
      await assertValid(
        [OAI_PMH],
        [
          await answer("verb=Identify"),
          await answer("verb=ListMetadataFormats"),
          await answer("verb=ListMetadataFormats&identifier=urn:example:lib-1"),
          await answer("verb=ListMetadataFormats&identifier=urn:example:held"),
          await answer("verb=ListSets"),
        ],
      );
    });

    it("ListIdentifiers, page by page: a page with a resumption token, and the last page", async () => {
      const all = await pages("ListIdentifiers", "metadataPrefix=oai_dc");
      assert.equal(all.length, 5);
      const bySet = await pages("ListIdentifiers", "metadataPrefix=urnkit&set=org:lib");
      assert.equal(bySet.length, 1);
      await assertValid([OAI_PMH], [...all, ...bySet]);
    });

    it("ListRecords and GetRecord in oai_dc: the answers, and each record's Dublin Core", async () => {
      const files = await listAndGet("oai_dc", ["lib-1", "old", "held", "held-linked"]);
      assert.equal(files.length, 9);
      await assertValid(["--also", OAI_DC, OAI_PMH], files);
      await assertValid(["--each", METADATA, OAI_DC], files);
    });

    it("ListRecords and GetRecord in the native format: the answers, and each record", async () => {
      const files = await listAndGet("urnkit", ["lib-1", "old", "held", "held-linked"]);
      await assertValid(["--also", urnkitXsd, OAI_PMH], files);
      await assertValid(["--each", METADATA, urnkitXsd], files);
    });

    it("ListRecords and GetRecord in epicur: the answers, and the records' identifier schemes", async () => {
      const files = await listAndGet("epicur", ["lib-1", "old"]);
      assert.equal(files.length, 6);
      await assertValid(["--also", EPICUR_ANY, OAI_PMH], files);
      const schemes = files.flatMap((f) =>
        [...readFileSync(f, "utf8").matchAll(/<identifier scheme="([^"]*)"/g)].map((m) => m[1]),
      );
      // The records' URNs and URLs use each of xepicur's schemes, and no other.
      assert.deepEqual([...new Set(schemes)].sort(), [...EPICUR_SCHEMES].sort());
    });

    it("an answer for each error code", async () => {
      const cases: [string, string][] = [
        // A missing, an unknown and a repeated argument, an exclusive one with another, from
        // after until.
        ["badArgument", "verb=ListRecords"],
        ["badArgument", "verb=ListRecords&metadataPrefix=oai_dc&extra=1"],
        ["badArgument", "verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=urnkit"],
        ["badArgument", "verb=ListIdentifiers&metadataPrefix=oai_dc&resumptionToken=x"],
        ["badArgument", "verb=ListRecords&metadataPrefix=oai_dc&from=2030-01-02&until=2030-01-01"],
        // Values of illegal syntax (§3.6), which the request element could not echo: before
        // they were badArgument, these answers echoed them and were invalid by OAI-PMH.xsd.
        ["badArgument", "verb=ListRecords&metadataPrefix=a%20b"],
        ["badArgument", "verb=ListRecords&metadataPrefix="],
        ["badArgument", "verb=GetRecord&identifier=urn:example:lib-1&metadataPrefix=a%20b"],
        ["badArgument", "verb=ListRecords&metadataPrefix=oai_dc&set=bad%20set!"],
        ["badArgument", "verb=ListRecords&metadataPrefix=oai_dc&set=nid:"],
        ["badArgument", "verb=ListMetadataFormats&identifier=%25zz"],
        ["badArgument", "verb=GetRecord&identifier=a%23b%23c&metadataPrefix=oai_dc"],
        ["badResumptionToken", "verb=ListRecords&resumptionToken=not-issued-here"],
        ["badVerb", "verb=ListEverything"],
        ["badVerb", ""],
        ["cannotDisseminateFormat", "verb=ListRecords&metadataPrefix=marcxml"],
        [
          "cannotDisseminateFormat",
          "verb=GetRecord&identifier=urn:example:held&metadataPrefix=epicur",
        ],
        [
          "cannotDisseminateFormat",
          "verb=GetRecord&identifier=urn:example:held-linked&metadataPrefix=epicur",
        ],
        ["idDoesNotExist", "verb=GetRecord&identifier=urn:example:none&metadataPrefix=oai_dc"],
        ["idDoesNotExist", "verb=ListMetadataFormats&identifier=urn:example:none"],
        ["noRecordsMatch", "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2030-01-01"],
        ["noRecordsMatch", "verb=ListIdentifiers&metadataPrefix=oai_dc&set=nid:none"],
      ];
      const files: string[] = [];
      for (const [code, query] of cases) {
        const file = await answer(query);
        assert.match(readFileSync(file, "utf8"), new RegExp(`<error code="${code}">`), query);
        files.push(file);
      }
      await assertValid([OAI_PMH], files);
    });

    it("noSetHierarchy, from a repository without sets", async () => {
      const empty = await engine.open();
      const bare = await buildServer({ store: empty.store });
      try {
        const body = await (await fetch(`${await listen(bare)}?verb=ListSets`)).text();
        assert.match(body, /<error code="noSetHierarchy">/);
        const file = join(dir, "no-set-hierarchy.xml");
        writeFileSync(file, body);
        await assertValid([OAI_PMH], [file]);
      } finally {
        await bare.close();
        await empty.close();
      }
    });
  });
}
