// The OAI-PMH response reader (src/exchange/harvest/oai-response.ts): what it reads does not
// depend on the namespace prefixes a provider binds (or a default namespace), nor on where the
// response is cut into chunks as it arrives (fast-check), Dublin Core descriptions kept only when
// they begin with a URN; errors, Identify's granularity, a resumption token's attributes, and
// refusals of what is not an OAI-PMH document.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  OaiFormatError,
  type OaiRecord,
  OaiResponseReader,
  parseOaiResponse,
} from "../../src/exchange/harvest/oai-response.js";
import { text as xmlText } from "../../src/exchange/oai/xml.js";

const OAI = "http://www.openarchives.org/OAI/2.0/";
const DC = "http://purl.org/dc/elements/1.1/";

/** A response with `records`, the OAI and DC namespaces bound to `oai` and `dc` ("" = default). */
function render(records: OaiRecord[], oai: string, dc: string, token: string): string {
  const o = (name: string) => (oai === "" ? name : `${oai}:${name}`);
  const d = (name: string) => (dc === "" ? name : `${dc}:${name}`);
  const bind = (prefix: string, uri: string) =>
    prefix === "" ? `xmlns="${uri}"` : `xmlns:${prefix}="${uri}"`;
  const body = records
    .map(
      (r) =>
        `<${o("record")}><${o("header")}${r.deleted ? ' status="deleted"' : ""}><${o("identifier")}>${xmlText(r.identifier)}</${o("identifier")}><${o("datestamp")}>${r.datestamp}</${o("datestamp")}></${o("header")}>` +
        (r.deleted
          ? ""
          : `<${o("metadata")}><${d("dc")} ${bind(dc, DC)}>${r.identifiers
              .map((i) => `<${d("identifier")}>${xmlText(i.value)}</${d("identifier")}>`)
              .join("")}<${d("description")}>An abstract: urn:x is kept only first.</${d(
              "description",
            )}>${r.statements
              .map((t) => `<${d("description")}>${xmlText(t)}</${d("description")}>`)
              .join("")}</${d("dc")}></${o("metadata")}>`) +
        `</${o("record")}>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${o("OAI-PMH")} ${bind(oai, OAI)}><${o("responseDate")}>2026-11-25T12:00:00Z</${o("responseDate")}><${o("ListRecords")}>${body}<${o("resumptionToken")} completeListSize="99" cursor="0">${xmlText(token)}</${o("resumptionToken")}></${o("ListRecords")}></${o("OAI-PMH")}>`;
}

const text = fc
  .string({ minLength: 1, maxLength: 30 })
  .map((s) => s.replace(/[^\x21-\x7e]/g, "x"))
  .filter((s) => s.trim() === s && s !== "");
const prefix = fc.constantFrom("", "oai", "o", "x1", "dc", "ns0");
const record: fc.Arbitrary<OaiRecord> = fc.record({
  identifier: text,
  datestamp: fc.constantFrom("2026-11-01", "2026-11-01T10:00:00Z"),
  deleted: fc.boolean(),
  identifiers: fc.array(
    text.map((value) => ({ kind: "dc" as const, value })),
    { maxLength: 4 },
  ),
  // Descriptions that begin with a URN (a provider's statements of a URN's status) are kept.
  statements: fc.array(
    text.map((value) => `urn:${value}`),
    { maxLength: 2 },
  ),
  native: fc.constant(null),
});

describe("the OAI-PMH response reader", () => {
  it("reads the same records whatever the prefixes and wherever the chunks are cut (fast-check)", () => {
    fc.assert(
      fc.property(
        fc.array(record, { maxLength: 6 }),
        prefix,
        prefix,
        text,
        fc.array(fc.nat(), { maxLength: 8 }),
        (records, oai, dc, token, cuts) => {
          fc.pre(oai !== dc || oai === "");
          const xml = render(records, oai, dc, token);
          const reader = new OaiResponseReader();
          let at = 0;
          for (const cut of [...cuts.map((c) => c % (xml.length + 1))].sort((a, b) => a - b)) {
            reader.write(xml.slice(at, cut));
            at = cut;
          }
          reader.write(xml.slice(at));
          const response = reader.end();
          const expected = records.map((r) => ({
            ...r,
            identifiers: r.deleted ? [] : r.identifiers,
            statements: r.deleted ? [] : r.statements,
          }));
          assert.deepEqual(response.records, expected);
          assert.equal(response.resumptionToken?.value, token);
          assert.equal(response.resumptionToken?.completeListSize, 99);
          assert.equal(response.responseDate, "2026-11-25T12:00:00Z");
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads a record in urnkit's native format under any prefix", () => {
    const U = "urn:urnkit:oai:record:1";
    const response = parseOaiResponse(
      `<OAI-PMH xmlns="${OAI}"><responseDate>2026-11-25T12:00:00Z</responseDate><ListRecords><record><header><identifier>urn:example:a</identifier><datestamp>2026-11-01T10:00:00Z</datestamp></header><metadata><u:record xmlns:u="${U}"><u:urn>urn:example:a</u:urn><u:status>deactivated</u:status><u:created>2026-01-01T00:00:00.000Z</u:created><u:deactivation at="2026-11-01T10:00:00.000Z">withdrawn &amp; replaced</u:deactivation><u:locator priority="5" active="true" mediaType="application/pdf">https://x.example/a</u:locator><u:locator priority="0" active="false">https://old.example/a</u:locator><u:successor>urn:example:b</u:successor><u:identifier type="local">A-1</u:identifier><u:metadata>{"title":"A"}</u:metadata></u:record></metadata></record></ListRecords></OAI-PMH>`,
    );
    assert.deepEqual(response.records[0]?.native, {
      urn: "urn:example:a",
      status: "deactivated",
      reason: "withdrawn & replaced",
      locators: [
        { url: "https://x.example/a", priority: 5, active: true, mediaType: "application/pdf" },
        { url: "https://old.example/a", priority: 0, active: false, mediaType: null },
      ],
      successors: ["urn:example:b"],
      metadata: '{"title":"A"}',
    });
    assert.deepEqual(response.records[0]?.identifiers, []);
    assert.deepEqual(response.records[0]?.statements, []);
  });

  it("reads errors and Identify's granularity", () => {
    const error = parseOaiResponse(
      `<OAI-PMH xmlns="${OAI}"><responseDate>2026-11-25T12:00:00Z</responseDate><request>x</request><error code="badArgument">from is not a date</error><error code="badVerb">also</error></OAI-PMH>`,
    );
    assert.deepEqual(error.errors, [
      { code: "badArgument", message: "from is not a date" },
      { code: "badVerb", message: "also" },
    ]);
    const identify = parseOaiResponse(
      `<OAI-PMH xmlns="${OAI}"><responseDate>2026-11-25T12:00:00Z</responseDate><Identify><granularity>YYYY-MM-DD</granularity></Identify></OAI-PMH>`,
    );
    assert.equal(identify.granularity, "YYYY-MM-DD");
    assert.equal(identify.resumptionToken, null);
  });

  it("an OAI-PMH element in a namespace of its own is not OAI-PMH; nor is HTML, nor broken XML", () => {
    assert.throws(
      () => parseOaiResponse('<OAI-PMH xmlns="http://www.openarchives.org/OAI/1.1/"/>'),
      OaiFormatError,
    );
    assert.throws(
      () => parseOaiResponse("<html><body>Service unavailable</body></html>"),
      OaiFormatError,
    );
    assert.throws(
      () => parseOaiResponse(`<OAI-PMH xmlns="${OAI}"><ListRecords>`),
      /not well-formed/,
    );
    // An internal entity is not expanded (no "billion laughs"): the response is refused.
    assert.throws(
      () =>
        parseOaiResponse(
          `<!DOCTYPE OAI-PMH [<!ENTITY a "aaaa">]><OAI-PMH xmlns="${OAI}"><responseDate>&a;</responseDate></OAI-PMH>`,
        ),
      OaiFormatError,
    );
  });
});
