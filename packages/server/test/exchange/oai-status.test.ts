// What the OAI-PMH provider says of a URN's status in each format it offers, on every engine, as a
// table of expected facts per format and record: a URN in use, deactivated ones (with a reason and
// a successor, without either, one that never had a locator), reserved ones (with and without a
// locator), one in use without an active locator. A harvester reading any format must not find a
// URL for a URN that does not resolve to it: oai_dc lists no URL in dc:identifier for a URN not in
// use and says its status in dc:description; epicur withdraws a deactivated URN's URLs (a record
// without <resource>, xepicur's way) and gives no reserved URN; urnkit carries the status. No
// header is status="deleted": Identify says deletedRecord "no", and a tombstone still exists.
// Expected values are worked out from the formats' rules and the records written here.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { oaiParser } from "../oai-parser.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const parser = oaiParser([
  "record",
  "header",
  "identifier",
  "description",
  "relation",
  "resource",
  "successor",
  "metadataFormat",
]);

// biome-ignore lint/suspicious/noExplicitAny: parsed XML has no static shape
type Doc = Record<string, any>;

const texts = (values: Doc[] | undefined): string[] =>
  (values ?? []).map((v) => (typeof v === "string" ? v : v["#text"]));

/** What each format says of one record; epicur null: the record is not given in epicur. */
interface Expected {
  oaiDc: { identifiers: string[]; descriptions: string[]; relations: string[] };
  epicur: { updateStatus: string; urls: [string, string][] } | null;
  urnkit: { status: string; deactivation: string | null; successors: string[] };
}

const U = (name: string) => `urn:example:${name}`;
const R = (name: string) => `https://repo.example/${name}`;

/** A reserved URN, with a locator or without: no URL of it in any format, and none in epicur. */
function reserved(name: string): Expected {
  return {
    oaiDc: {
      identifiers: [U(name)],
      descriptions: [`${U(name)} is reserved and not in use yet`],
      relations: [],
    },
    epicur: null,
    urnkit: { status: "reserved", deactivation: null, successors: [] },
  };
}

const EXPECTED: Record<string, Expected> = {
  // In use, changed since registration (a locator replaced): its active URLs, best first.
  [U("in-use")]: {
    oaiDc: {
      identifiers: [U("in-use"), R("in-use/a"), R("in-use/b"), "https://landing.example/in-use"],
      descriptions: [],
      relations: [],
    },
    epicur: {
      updateStatus: "url_update_general",
      urls: [
        [R("in-use/a"), "primary"],
        [R("in-use/b"), "secondary"],
      ],
    },
    urnkit: { status: "active", deactivation: null, successors: [] },
  },
  // In use, never changed since registration.
  [U("fresh")]: {
    oaiDc: { identifiers: [U("fresh"), R("fresh")], descriptions: [], relations: [] },
    epicur: { updateStatus: "urn_new", urls: [[R("fresh"), "primary"]] },
    urnkit: { status: "active", deactivation: null, successors: [] },
  },
  // Deactivated with a reason and a successor; its locator stays active in the tombstone, and its
  // metadata names a landing page among its identifiers: neither is given as a URL of it.
  [U("gone")]: {
    oaiDc: {
      identifiers: [U("gone"), "isbn:978-3-16-148410-0"],
      descriptions: [
        `${U("gone")} is deactivated: withdrawn by the author`,
        `${U("gone")} is replaced by ${U("in-use")}`,
        "An abstract",
      ],
      relations: [U("in-use")],
    },
    epicur: { updateStatus: "url_update_general", urls: [] },
    urnkit: {
      status: "deactivated",
      deactivation: "withdrawn by the author",
      successors: [U("in-use")],
    },
  },
  // Deactivated without a reason or a successor.
  [U("dropped")]: {
    oaiDc: {
      identifiers: [U("dropped")],
      descriptions: [`${U("dropped")} is deactivated`],
      relations: [],
    },
    epicur: { updateStatus: "url_update_general", urls: [] },
    urnkit: { status: "deactivated", deactivation: "", successors: [] },
  },
  // Reserved, then deactivated: it never had a locator, and epicur still says it is withdrawn.
  [U("never-used")]: {
    oaiDc: {
      identifiers: [U("never-used")],
      descriptions: [`${U("never-used")} is deactivated: never used`],
      relations: [],
    },
    epicur: { updateStatus: "url_update_general", urls: [] },
    urnkit: { status: "deactivated", deactivation: "never used", successors: [] },
  },
  // Reserved with a locator: not in use, so its URL is nobody's to resolve to.
  [U("held")]: reserved("held"),
  [U("bare")]: reserved("bare"),
  // In use, its only locator replaced by none.
  [U("unlinked")]: {
    oaiDc: { identifiers: [U("unlinked")], descriptions: [], relations: [] },
    epicur: null,
    urnkit: { status: "active", deactivation: null, successors: [] },
  },
};

for (const engine of engines) {
  describe(`what each OAI-PMH format says of a URN's status (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    const get = async (query: string): Promise<Doc> =>
      parser.parse((await app.inject({ method: "GET", url: `/oai?${query}` })).body)["OAI-PMH"];
    const record = async (urn: string, prefix: string): Promise<Doc> =>
      get(`verb=GetRecord&identifier=${encodeURIComponent(urn)}&metadataPrefix=${prefix}`);

    before(async () => {
      h = await engine.open();
      const s = h.store;
      await s.namespaces.create({ nid: "example", local: true }, actor);
      const create = (
        name: string,
        status: "active" | "reserved",
        urls: string[],
        metadata: Record<string, unknown> | null = null,
      ) =>
        s.records.create(
          {
            urn: U(name),
            key: U(name),
            nid: "example",
            status,
            locators: urls.map((url, i) => ({ url: R(url), priority: 10 - i })),
            metadata,
          },
          actor,
        );
      await create("in-use", "active", ["in-use/a", "in-use/b", "in-use/c"], {
        identifier: "https://landing.example/in-use",
      });
      await s.records.update(
        U("in-use"),
        {
          locators: [
            { url: R("in-use/a"), priority: 10 },
            { url: R("in-use/b"), priority: 9 },
          ],
        },
        actor,
      );
      await create("fresh", "active", ["fresh"]);
      await create("gone", "active", ["gone"], {
        identifier: ["https://landing.example/gone", "isbn:978-3-16-148410-0"],
        description: "An abstract",
      });
      await s.records.deactivate(
        U("gone"),
        { reason: "withdrawn by the author", successor: { urn: U("in-use"), key: U("in-use") } },
        actor,
      );
      await create("dropped", "active", ["dropped"]);
      await s.records.deactivate(U("dropped"), { reason: "", successor: null }, actor);
      await create("never-used", "reserved", []);
      await s.records.deactivate(U("never-used"), { reason: "never used", successor: null }, actor);
      await create("held", "reserved", ["held"]);
      await create("bare", "reserved", []);
      await create("unlinked", "active", ["unlinked"]);
      await s.records.update(U("unlinked"), { locators: [] }, actor);
      app = await buildServer({ store: s, oai: { pageSize: 100 } });
    });
    after(async () => {
      await app?.close();
      await h?.close();
    });

    for (const [urn, expected] of Object.entries(EXPECTED)) {
      it(`${urn}: oai_dc`, async () => {
        const dc = (await record(urn, "oai_dc")).GetRecord.record[0].metadata.dc;
        assert.deepEqual(
          {
            identifiers: texts(dc.identifier),
            descriptions: texts(dc.description),
            relations: texts(dc.relation),
          },
          expected.oaiDc,
        );
      });

      it(`${urn}: epicur`, async () => {
        const doc = await record(urn, "epicur");
        if (expected.epicur === null) {
          assert.equal(doc.error?.["@code"], "cannotDisseminateFormat");
          return;
        }
        const epicur = doc.GetRecord.record[0].metadata.epicur;
        const r = epicur.record[0];
        assert.deepEqual(
          {
            updateStatus: epicur.administrative_data.delivery.update_status["@type"],
            urls: (r.resource ?? []).map((x: Doc) => [
              x.identifier[0]["#text"],
              x.identifier[0]["@role"],
            ]),
          },
          expected.epicur,
        );
        assert.deepEqual(
          r.identifier.map((i: Doc) => [i["#text"], i["@scheme"]]),
          [[urn, "urn"]],
        );
      });

      it(`${urn}: urnkit`, async () => {
        const n = (await record(urn, "urnkit")).GetRecord.record[0].metadata.record[0];
        const deactivation = n.deactivation === undefined ? null : (n.deactivation["#text"] ?? "");
        assert.deepEqual(
          { status: n.status, deactivation, successors: texts(n.successor) },
          expected.urnkit,
        );
      });
    }

    it("lists in epicur exactly the records it gives; ListMetadataFormats agrees", async () => {
      const given = Object.entries(EXPECTED)
        .filter(([, e]) => e.epicur !== null)
        .map(([urn]) => urn);
      const listed = texts(
        (await get("verb=ListIdentifiers&metadataPrefix=epicur")).ListIdentifiers.header.map(
          (h: Doc) => h.identifier[0],
        ),
      );
      assert.deepEqual(listed.sort(), given.sort());
      for (const [urn, e] of Object.entries(EXPECTED)) {
        const formats = (
          await get(`verb=ListMetadataFormats&identifier=${urn}`)
        ).ListMetadataFormats.metadataFormat.map((f: Doc) => f.metadataPrefix);
        assert.deepEqual(
          formats,
          e.epicur === null ? ["oai_dc", "urnkit"] : ["oai_dc", "epicur", "urnkit"],
          urn,
        );
      }
    });

    it("no header says deleted, in any format", async () => {
      for (const prefix of ["oai_dc", "epicur", "urnkit"]) {
        const headers = (await get(`verb=ListIdentifiers&metadataPrefix=${prefix}`)).ListIdentifiers
          .header as Doc[];
        assert.ok(headers.length > 0);
        for (const header of headers) assert.equal(header["@status"], undefined, prefix);
      }
    });
  });
}
