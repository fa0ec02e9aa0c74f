// The OAI-PMH 2.0 provider at /oai on every engine: the six verbs by GET and POST, each error
// condition of §3.6 with its code, datestamps and selective harvesting by set and by from/until
// at both granularities, resumption tokens that survive a restart, and well-formed XML whatever
// a record holds. Expected values are worked out from the records the test writes.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import type { FastifyInstance } from "fastify";
import { importRecords } from "../../src/exchange/import/records.js";
import { parseDateArgument } from "../../src/exchange/oai/datestamp.js";
import { OaiError } from "../../src/exchange/oai/oai-error.js";
import { decodeToken, encodeToken } from "../../src/exchange/oai/resumption-token.js";
import { text } from "../../src/exchange/oai/xml.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { oaiParser } from "../oai-parser.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const parser = oaiParser([
  "record",
  "header",
  "set",
  "metadataFormat",
  "setSpec",
  "identifier",
  "locator",
]);

// A parsed response, walked by path in the assertions (a wrong path fails them).
// biome-ignore lint/suspicious/noExplicitAny: parsed XML has no static shape
type Doc = Record<string, any>;

/** The OAI-PMH element of a response, after checking it is well-formed XML. */
function oai(body: string): Doc {
  assert.equal(XMLValidator.validate(body), true, body);
  return parser.parse(body)["OAI-PMH"];
}

function errorCode(doc: Doc): string | undefined {
  return doc.error?.["@code"];
}

describe("OAI-PMH building blocks", () => {
  it("escapes markup and leaves out what XML 1.0 cannot carry", () => {
    assert.equal(text('a&b<c>"d"'), "a&amp;b&lt;c&gt;&quot;d&quot;");
    assert.equal(text("x\u0000y\u0001z\u0009\u000A\u000D"), "xyz\t\n\r");
    assert.equal(text("\uD800 lone, pair \uD83D\uDE00, \uFFFE"), " lone, pair \uD83D\uDE00, ");
  });

  it("keeps every string well-formed in text and attributes (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const doc = `<a b="${text(s)}">${text(s)}</a>`;
        return XMLValidator.validate(doc) === true;
      }),
    );
  });

  it("reads from/until in day and seconds granularity, refusing dates that do not exist", () => {
    assert.deepEqual(parseDateArgument("from", "2026-02-28"), {
      granularity: "day",
      start: "2026-02-28T00:00:00.000Z",
      end: "2026-03-01T00:00:00.000Z",
    });
    assert.deepEqual(parseDateArgument("until", "2024-12-31T23:59:59Z"), {
      granularity: "seconds",
      start: "2024-12-31T23:59:59.000Z",
      end: "2025-01-01T00:00:00.000Z",
    });
    for (const bad of [
      "2026-02-30",
      "2026-13-01",
      "2026-01-01T24:00:00Z",
      "2026-01-01T10:00Z",
      "2026-01-01T10:00:00",
      "20260101",
      "",
    ])
      assert.throws(
        () => parseDateArgument("from", bad),
        (e: unknown) => e instanceof OaiError && e.code === "badArgument",
        bad,
      );
  });

  it("resumption tokens read back, and are refused for another verb, changed or expired", () => {
    const state = {
      verb: "ListRecords" as const,
      metadataPrefix: "oai_dc",
      set: "nid:example",
      from: null,
      before: "2026-01-01T00:00:00.000Z",
      after: { updated: "2025-06-01T12:00:00.000Z", id: 42 },
      cursor: 100,
      completeListSize: 250,
      expires: 2_000_000_000_000,
    };
    const token = encodeToken(state);
    assert.deepEqual(decodeToken(token, "ListRecords", 1_000), state);
    const refused = (t: string, verb: "ListRecords" | "ListIdentifiers", now: number) =>
      assert.throws(
        () => decodeToken(t, verb, now),
        (e: unknown) => e instanceof OaiError && e.code === "badResumptionToken",
      );
    refused(token, "ListIdentifiers", 1_000);
    refused(token, "ListRecords", 2_000_000_000_000);
    refused(token.slice(0, -3), "ListRecords", 1_000);
    refused("not a token!", "ListRecords", 1_000);
    refused(
      Buffer.from('[1,"R","oai_dc",null,null,"x","y",1,0,0,9]').toString("base64url"),
      "ListRecords",
      1_000,
    );
  });
});

for (const engine of engines) {
  describe(`OAI-PMH provider (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    const get = async (query: string) =>
      (await app.inject({ method: "GET", url: `/oai?${query}` })).body;
    const list = (doc: Doc, verb: string) =>
      (doc[verb]?.record ?? doc[verb]?.header ?? []) as Doc[];
    const ids = (doc: Doc, verb = "ListRecords") =>
      list(doc, verb).map((r) => (r.header?.[0] ?? r).identifier[0]);

    /** Every identifier of a list, following resumption tokens; also the tokens' cursors. */
    async function harvest(verb: string, args: string) {
      const all: string[] = [];
      const cursors: number[] = [];
      let doc = oai(await get(`verb=${verb}&${args}`));
      for (;;) {
        assert.equal(errorCode(doc), undefined, JSON.stringify(doc.error));
        all.push(...ids(doc, verb));
        const token = doc[verb].resumptionToken;
        if (token === undefined) break;
        cursors.push(Number(token["@cursor"]));
        const value = typeof token === "string" ? token : token["#text"];
        if (value === undefined || value === "") break;
        doc = oai(await get(`verb=${verb}&resumptionToken=${encodeURIComponent(value)}`));
      }
      return { all, cursors };
    }

    before(async () => {
      h = await engine.open();
      app = await buildServer({
        store: h.store,
        oai: { pageSize: 2, adminEmails: ["urn@lib.example"] },
      });
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      await h.store.namespaces.create({ nid: "other", local: true }, actor);
      await h.store.organisations.create({ id: "acme", name: "Acme & Sons" }, actor);
      const records = [
        { n: "r0", org: null, title: "Zero" },
        { n: "r1", org: "acme", title: "One \u0001 & <two>" },
        { n: "r2", org: "acme", title: "Two" },
        { n: "r3", org: null, title: "Three" },
      ];
      for (const r of records)
        await h.store.records.create(
          {
            urn: `urn:example:${r.n}`,
            key: `urn:example:${r.n}`,
            nid: "example",
            status: "active",
            locators: [
              { url: `https://lib.example/${r.n}`, priority: 1 },
              { url: `https://mirror.example/${r.n}` },
            ],
            metadata: { title: r.title, creator: ["Ann", "Bob"] },
            organisation: r.org,
          },
          actor,
        );
      await h.store.records.create(
        { urn: "urn:other:x", key: "urn:other:x", nid: "other", status: "reserved" },
        actor,
      );
      await h.store.records.deactivate("urn:example:r3", { reason: "withdrawn" }, actor);
      // Datestamps fixed by hand, so that the ranges below have known answers.
      const stamps: [string, string][] = [
        ["urn:example:r0", "2020-01-01T10:00:00.500Z"],
        ["urn:example:r1", "2020-01-02T00:00:00.000Z"],
        ["urn:example:r2", "2020-01-02T23:59:59.999Z"],
        ["urn:example:r3", "2020-01-03T00:00:00.000Z"],
        ["urn:other:x", "2020-01-04T08:30:00.000Z"],
      ];
      for (const [key, t] of stamps)
        await h.rawExec(`UPDATE records SET updated = '${t}' WHERE key = '${key}'`);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("Identify: granularity seconds, earliest datestamp, deletedRecord no", async () => {
      const doc = oai(await get("verb=Identify"));
      const id = doc.Identify;
      assert.equal(id.baseURL, "http://localhost:80/oai");
      assert.equal(id.protocolVersion, "2.0");
      assert.equal(id.adminEmail, "urn@lib.example");
      assert.equal(id.earliestDatestamp, "2020-01-01T10:00:00Z");
      assert.equal(id.deletedRecord, "no");
      assert.equal(id.granularity, "YYYY-MM-DDThh:mm:ssZ");
      assert.match(doc.responseDate, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      assert.equal(doc.request["@verb"], "Identify");
    });

    it("ListMetadataFormats: oai_dc, epicur and the native format, for all or one record", async () => {
      const formats = (doc: Doc) =>
        doc.ListMetadataFormats.metadataFormat.map((f: Doc) => f.metadataPrefix);
      assert.deepEqual(formats(oai(await get("verb=ListMetadataFormats"))), [
        "oai_dc",
        "epicur",
        "urnkit",
      ]);
      const one = oai(await get("verb=ListMetadataFormats&identifier=urn:example:r1"));
      assert.deepEqual(formats(one), ["oai_dc", "epicur", "urnkit"]);
      assert.equal(
        one.ListMetadataFormats.metadataFormat[1].metadataNamespace,
        "urn:nbn:de:1111-2004033116",
      );
      assert.equal(
        one.ListMetadataFormats.metadataFormat[2].schema,
        "http://localhost:80/oai/schema/urnkit.xsd",
      );
      assert.equal(
        errorCode(oai(await get("verb=ListMetadataFormats&identifier=urn:example:nope"))),
        "idDoesNotExist",
      );
      // A record without an active locator cannot be given in epicur (a list of its URLs).
      const reserved = oai(await get("verb=ListMetadataFormats&identifier=urn:other:x"));
      assert.deepEqual(formats(reserved), ["oai_dc", "urnkit"]);
      const xsd = await app.inject({ method: "GET", url: "/oai/schema/urnkit.xsd" });
      assert.equal(xsd.statusCode, 200);
      assert.equal(XMLValidator.validate(xsd.body), true);
    });

    it("ListSets: namespaces and organisations, with their parents", async () => {
      const doc = oai(await get("verb=ListSets"));
      assert.deepEqual(
        doc.ListSets.set.map((s: Doc) => [s.setSpec[0], s.setName]),
        [
          ["nid", "By namespace"],
          ["nid:example", "Namespace urn:example"],
          ["nid:other", "Namespace urn:other"],
          ["org", "By organisation"],
          ["org:acme", "Acme & Sons"],
        ],
      );
      assert.equal(
        errorCode(oai(await get("verb=ListSets&resumptionToken=abc"))),
        "badResumptionToken",
      );
    });

    it("ListRecords harvests every record once across resumption tokens, in datestamp order", async () => {
      const { all, cursors } = await harvest("ListRecords", "metadataPrefix=oai_dc");
      assert.deepEqual(all, [
        "urn:example:r0",
        "urn:example:r1",
        "urn:example:r2",
        "urn:example:r3",
        "urn:other:x",
      ]);
      assert.equal(all.length, await h.store.records.count());
      assert.deepEqual(cursors, [0, 2, 4]);
      const first = oai(await get("verb=ListRecords&metadataPrefix=oai_dc"));
      const token = first.ListRecords.resumptionToken;
      assert.equal(token["@completeListSize"], "5");
      assert.match(token["@expirationDate"], /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      const header = first.ListRecords.record[0].header[0];
      assert.equal(header.datestamp, "2020-01-01T10:00:00Z");
      assert.deepEqual(header.setSpec, ["nid:example"]);
      assert.deepEqual(first.ListRecords.record[1].header[0].setSpec, ["nid:example", "org:acme"]);
      // epicur lists only records with an active locator: urn:other:x (reserved, none) is left out.
      const { all: headers } = await harvest("ListIdentifiers", "metadataPrefix=epicur");
      assert.deepEqual(
        headers,
        all.filter((u) => u !== "urn:other:x"),
      );
      const epicurList = oai(await get("verb=ListIdentifiers&metadataPrefix=epicur"));
      assert.equal(epicurList.ListIdentifiers.resumptionToken["@completeListSize"], "4");
    });

    it("selects by set", async () => {
      assert.deepEqual((await harvest("ListRecords", "metadataPrefix=oai_dc&set=org:acme")).all, [
        "urn:example:r1",
        "urn:example:r2",
      ]);
      assert.deepEqual(
        (await harvest("ListIdentifiers", "metadataPrefix=oai_dc&set=nid:other")).all,
        ["urn:other:x"],
      );
      assert.deepEqual((await harvest("ListIdentifiers", "metadataPrefix=oai_dc&set=org")).all, [
        "urn:example:r1",
        "urn:example:r2",
      ]);
      assert.equal(
        (await harvest("ListIdentifiers", "metadataPrefix=oai_dc&set=nid")).all.length,
        5,
      );
      assert.equal(
        errorCode(oai(await get("verb=ListRecords&metadataPrefix=oai_dc&set=org:nobody"))),
        "noRecordsMatch",
      );
    });

    it("a list that ends on a page boundary ends with that page's empty token", async () => {
      // nid:example holds r0–r3: two full pages of 2. The first page carries a token; the second
      // is the last (§3.5: an empty resumptionToken, cursor 2) and asks for no third request.
      const first = oai(await get("verb=ListIdentifiers&metadataPrefix=oai_dc&set=nid:example"));
      const token = first.ListIdentifiers.resumptionToken;
      assert.equal(token["@cursor"], "0");
      assert.equal(token["@completeListSize"], "4");
      const second = oai(
        await get(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token["#text"])}`),
      );
      assert.deepEqual(ids(second, "ListIdentifiers"), ["urn:example:r2", "urn:example:r3"]);
      const last = second.ListIdentifiers.resumptionToken;
      assert.equal(last["@cursor"], "2");
      assert.equal(last["#text"] ?? "", "");
    });

    it("selects by from and until, inclusive, at either granularity", async () => {
      const range = async (args: string) =>
        (await harvest("ListIdentifiers", `metadataPrefix=oai_dc&${args}`)).all;
      assert.deepEqual(await range("from=2020-01-02&until=2020-01-02"), [
        "urn:example:r1",
        "urn:example:r2",
      ]);
      assert.deepEqual(await range("from=2020-01-01T10:00:00Z&until=2020-01-01T10:00:00Z"), [
        "urn:example:r0",
      ]);
      assert.deepEqual(await range("from=2020-01-02T23:59:59Z"), [
        "urn:example:r2",
        "urn:example:r3",
        "urn:other:x",
      ]);
      assert.deepEqual(await range("until=2020-01-02T00:00:00Z"), [
        "urn:example:r0",
        "urn:example:r1",
      ]);
      assert.deepEqual(await range("from=2020-01-03&set=org:acme").catch(() => []), []);
      const none = oai(
        await get("verb=ListIdentifiers&metadataPrefix=oai_dc&until=2020-01-01T09:59:59Z"),
      );
      assert.equal(errorCode(none), "noRecordsMatch");
    });

    it("GetRecord in each format, by any equivalent spelling; deactivated URNs keep their place", async () => {
      const dc = oai(await get("verb=GetRecord&identifier=URN:EXAMPLE:r1&metadataPrefix=oai_dc"));
      const rec = dc.GetRecord.record[0];
      assert.equal(rec.header[0].identifier[0], "urn:example:r1");
      const d = rec.metadata.dc;
      assert.deepEqual(d.identifier, [
        "urn:example:r1",
        "https://lib.example/r1",
        "https://mirror.example/r1",
      ]);
      // U+0001 cannot be carried by XML 1.0: it is left out, the rest escaped.
      assert.equal(d.title, "One  & <two>");
      assert.deepEqual(d.creator, ["Ann", "Bob"]);
      const ep = oai(await get("verb=GetRecord&identifier=urn:example:r1&metadataPrefix=epicur"))
        .GetRecord.record[0].metadata.epicur;
      assert.equal(ep.administrative_data.delivery.update_status["@type"], "url_update_general");
      assert.equal(ep.record[0].identifier[0]["#text"], "urn:example:r1");
      // xepicur's schemes are urn, urn:nbn, urn:nbn:de, urn:nbn:at and urn:nbn:ch: "urn" here.
      assert.equal(ep.record[0].identifier[0]["@scheme"], "urn");
      assert.deepEqual(
        ep.record[0].resource.map((r: Doc) => [r.identifier[0]["#text"], r.identifier[0]["@role"]]),
        [
          ["https://lib.example/r1", "primary"],
          ["https://mirror.example/r1", "secondary"],
        ],
      );
      const native = oai(
        await get("verb=GetRecord&identifier=urn:example:r3&metadataPrefix=urnkit"),
      ).GetRecord.record[0];
      assert.equal(native.header[0]["@status"], undefined);
      const n = native.metadata.record[0];
      assert.equal(n.status, "deactivated");
      assert.equal(n.deactivation["#text"], "withdrawn");
      assert.equal(n.locator.length, 2);
      assert.equal(n.locator[0]["@priority"], "1");
      const none = oai(await get("verb=GetRecord&identifier=urn:other:x&metadataPrefix=epicur"));
      assert.equal(errorCode(none), "cannotDisseminateFormat");
      assert.match(none.error["#text"], /urn:other:x is reserved, not in use yet/);
      const old = oai(await get("verb=GetRecord&identifier=urn:example:r3&metadataPrefix=oai_dc"));
      assert.equal(
        old.GetRecord.record[0].metadata.dc.description,
        "urn:example:r3 is deactivated: withdrawn",
      );
    });

    it("the datestamp moves when only the locators change", async () => {
      await h.store.records.update(
        "urn:example:r0",
        { locators: [{ url: "https://lib.example/r0-new" }] },
        actor,
      );
      const doc = oai(await get("verb=GetRecord&identifier=urn:example:r0&metadataPrefix=urnkit"));
      assert.ok(doc.GetRecord.record[0].header[0].datestamp > "2020-01-04T08:30:00Z");
      const { all } = await harvest("ListIdentifiers", "metadataPrefix=oai_dc&from=2021-01-01");
      assert.deepEqual(all, ["urn:example:r0"]);
      await h.rawExec(
        "UPDATE records SET updated = '2020-01-01T10:00:00.500Z' WHERE key = 'urn:example:r0'",
      );
    });

    it("pages through records that share one datestamp without losing or repeating any", async () => {
      const rows = await h.rawRows("records");
      const saved = rows.map((r) => [r.key, r.updated] as const);
      await h.rawExec("UPDATE records SET updated = '2020-06-01T00:00:00.000Z'");
      try {
        const { all, cursors } = await harvest("ListIdentifiers", "metadataPrefix=oai_dc");
        // One datestamp: registration order.
        assert.deepEqual(all, [
          "urn:example:r0",
          "urn:example:r1",
          "urn:example:r2",
          "urn:example:r3",
          "urn:other:x",
        ]);
        assert.deepEqual(cursors, [0, 2, 4]);
      } finally {
        for (const [key, t] of saved)
          await h.rawExec(`UPDATE records SET updated = '${t}' WHERE key = '${key}'`);
      }
    });

    it("answers POST with a form body as GET", async () => {
      const post = await app.inject({
        method: "POST",
        url: "/oai",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "verb=ListIdentifiers&metadataPrefix=oai_dc&set=org%3Aacme",
      });
      assert.equal(post.headers["content-type"], "text/xml; charset=utf-8");
      assert.deepEqual(ids(oai(post.body), "ListIdentifiers"), [
        "urn:example:r1",
        "urn:example:r2",
      ]);
    });

    it("a resumption token outlives the server that issued it", async () => {
      const first = oai(await get("verb=ListIdentifiers&metadataPrefix=oai_dc"));
      const token = first.ListIdentifiers.resumptionToken["#text"];
      await app.close();
      app = await buildServer({
        store: h.store,
        oai: { pageSize: 2, adminEmails: ["urn@lib.example"] },
      });
      const next = oai(await get(`verb=ListIdentifiers&resumptionToken=${token}`));
      assert.deepEqual(ids(next, "ListIdentifiers"), ["urn:example:r2", "urn:example:r3"]);
      assert.equal(next.ListIdentifiers.resumptionToken["@cursor"], "2");
    });

    it("answers each error condition with its code", async () => {
      const cases: [string, string][] = [
        ["", "badVerb"],
        ["verb=Identify&verb=Identify", "badVerb"],
        ["verb=ListEverything", "badVerb"],
        ["verb=Identify&extra=1", "badArgument"],
        ["verb=ListRecords", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=epicur", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&resumptionToken=abc", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-02&until=2020-01-01", "badArgument"],
        [
          "verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-01&until=2020-01-02T00:00:00Z",
          "badArgument",
        ],
        ["verb=ListRecords&metadataPrefix=oai_dc&from=yesterday", "badArgument"],
        // Values of illegal syntax, which the request element could not echo (OAI-PMH.xsd types).
        ["verb=ListRecords&metadataPrefix=a%20b", "badArgument"],
        ["verb=ListRecords&metadataPrefix=oai_dc&set=bad%20set!", "badArgument"],
        ["verb=ListMetadataFormats&identifier=%25zz", "badArgument"],
        ["verb=GetRecord&identifier=urn:example:r1", "badArgument"],
        ["verb=ListRecords&resumptionToken=abc", "badResumptionToken"],
        ["verb=ListRecords&metadataPrefix=marc21", "cannotDisseminateFormat"],
        [
          "verb=GetRecord&identifier=urn:example:r1&metadataPrefix=marc21",
          "cannotDisseminateFormat",
        ],
        ["verb=GetRecord&identifier=urn:example:nope&metadataPrefix=oai_dc", "idDoesNotExist"],
        ["verb=GetRecord&identifier=not-a-urn&metadataPrefix=oai_dc", "idDoesNotExist"],
        ["verb=ListIdentifiers&metadataPrefix=oai_dc&from=2030-01-01", "noRecordsMatch"],
      ];
      for (const [query, code] of cases) {
        const doc = oai(await get(query));
        assert.equal(errorCode(doc), code, query);
        // §3.2: a badVerb or badArgument answer echoes the base URL without attributes.
        if (code === "badVerb" || code === "badArgument")
          assert.equal(doc.request, "http://localhost:80/oai", query);
      }
      const listed = oai(await get("verb=ListIdentifiers&metadataPrefix=oai_dc"));
      const token = listed.ListIdentifiers.resumptionToken["#text"];
      assert.equal(
        errorCode(oai(await get(`verb=ListRecords&resumptionToken=${token}`))),
        "badResumptionToken",
      );
    });

    it("echoes only argument values OAI-PMH.xsd's types take; any other is badArgument (property)", async () => {
      // metadataPrefixType and setSpecType of OAI-PMH.xsd, written out from the schema.
      const unreserved = "[A-Za-z0-9\\-_.!~*'()]+";
      const prefixType = new RegExp(`^${unreserved}$`);
      const setSpecType = new RegExp(`^${unreserved}(:${unreserved})*$`);
      const value = fc.oneof(
        fc.string(),
        fc.stringMatching(/^[a-z_:!~ %#]{0,6}$/),
        fc.constantFrom("oai_dc", "nid:example", "org:acme", "a::b", ":x", "x:"),
      );
      await fc.assert(
        fc.asyncProperty(value, value, async (prefix, set) => {
          const q = new URLSearchParams({ verb: "ListIdentifiers", metadataPrefix: prefix, set });
          const doc = oai(await get(q.toString()));
          if (errorCode(doc) === "badArgument") {
            assert.equal(doc.request, "http://localhost:80/oai");
            return;
          }
          assert.match(doc.request["@metadataPrefix"], prefixType);
          assert.match(doc.request["@set"], setSpecType);
        }),
        { numRuns: 200 },
      );
    });
  });

  describe(`OAI-PMH provider, pages longer than a chunk (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    it("pages of 300 read in chunks give 601 records once each, in order, with their cursors", async () => {
      // A page is read 250 records at a time (records.ts), the last chunk one record further to
      // learn whether the list goes on: pages of 300 are a chunk of 250 and one of 50 (+1);
      // 601 records make pages of 300, 300 and 1.
      const h = await engine.open();
      const app = await buildServer({ store: h.store, oai: { pageSize: 300 } });
      try {
        await h.store.namespaces.create({ nid: "bulk", local: true }, actor);
        const urns = Array.from(
          { length: 601 },
          (_, i) => `urn:bulk:${String(i).padStart(3, "0")}`,
        );
        const lines = urns.map((urn) => `${JSON.stringify({ urn, status: "active" })}\n`).join("");
        for await (const event of importRecords(h.store, [lines], {
          actor,
          scope: null,
          limits: DEFAULT_LIMITS,
        }))
          assert.ok(!("error" in event), JSON.stringify(event));
        const get = async (q: string) =>
          oai((await app.inject({ method: "GET", url: `/oai?${q}` })).body);
        const seen: string[] = [];
        const cursors: string[] = [];
        let doc = await get("verb=ListIdentifiers&metadataPrefix=oai_dc");
        for (;;) {
          seen.push(...doc.ListIdentifiers.header.map((x: Doc) => x.identifier[0]));
          const token = doc.ListIdentifiers.resumptionToken;
          cursors.push(token["@cursor"]);
          assert.equal(token["@completeListSize"], "601");
          if (token["#text"] === undefined) break;
          doc = await get(`verb=ListIdentifiers&resumptionToken=${token["#text"]}`);
        }
        // One import batch: one datestamp, so registration (id) order.
        assert.deepEqual(seen, urns);
        assert.deepEqual(cursors, ["0", "300", "600"]);
      } finally {
        await app.close();
        await h.close();
      }
    });
  });

  describe(`OAI-PMH provider, empty repository (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    it("has no set hierarchy and no records", async () => {
      const h = await engine.open();
      const app = await buildServer({ store: h.store });
      try {
        const get = async (q: string) =>
          oai((await app.inject({ method: "GET", url: `/oai?${q}` })).body);
        assert.equal(errorCode(await get("verb=ListSets")), "noSetHierarchy");
        assert.equal(
          errorCode(await get("verb=ListRecords&metadataPrefix=oai_dc&set=nid:x")),
          "noSetHierarchy",
        );
        assert.equal(
          errorCode(await get("verb=ListRecords&metadataPrefix=oai_dc")),
          "noRecordsMatch",
        );
        assert.equal((await get("verb=Identify")).Identify.deletedRecord, "no");
      } finally {
        await app.close();
        await h.close();
      }
    });
  });
}
