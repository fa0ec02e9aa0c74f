// The OAI-PMH response reader's bounds (src/exchange/harvest/bounded-xml-parser.ts): elements up
// to 64 levels deep and 256 attributes are read, one more is refused with an error naming the
// bound; every kind of token the parser gathers before reporting it (a name, a text run, a
// comment, a CDATA section, a processing instruction, a DOCTYPE, an attribute value) is refused
// past its bound, and so is an element's text gathered from pieces. Small bounds keep the inputs
// small; the bounds are checked between slices of 16 Ki characters, so what is within them is
// read whole wherever the slices cut it.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DEFAULT_XML_BOUNDS, SLICE_CHARS } from "../../src/exchange/harvest/bounded-xml-parser.js";
import {
  OaiFormatError,
  OaiResponseReader,
  parseOaiResponse,
} from "../../src/exchange/harvest/oai-response.js";

const OAI = "http://www.openarchives.org/OAI/2.0/";
const ROOT = `<OAI-PMH xmlns="${OAI}">`;
const END = "</OAI-PMH>";
/** Longer than any bound below, and than one slice. */
const LONG = SLICE_CHARS * 3;

/** The error `xml` is refused with, read with `bounds`. */
function refusal(xml: string, bounds: ConstructorParameters<typeof OaiResponseReader>[0] = {}) {
  const reader = new OaiResponseReader(bounds);
  try {
    reader.write(xml);
    reader.end();
  } catch (error) {
    assert.ok(error instanceof OaiFormatError, String(error));
    return error.message;
  }
  return assert.fail("the response was read");
}

describe("the OAI-PMH response reader's bounds", () => {
  it("reads elements 64 levels deep and refuses the 65th level, naming both", () => {
    const nested = (levels: number) =>
      `${ROOT}${"<a>".repeat(levels - 1)}${"</a>".repeat(levels - 1)}${END}`;
    assert.equal(DEFAULT_XML_BOUNDS.depth, 64);
    assert.deepEqual(parseOaiResponse(nested(64)).records, []);
    assert.equal(
      refusal(nested(65)),
      "the response is refused: elements nested 65 levels deep (<a>), past the limit of 64",
    );
  });

  it("reads an element with 256 attributes and refuses one with 257", () => {
    const element = (count: number) =>
      `${ROOT}<a ${Array.from({ length: count }, (_, i) => `n${i}="v"`).join(" ")}/>${END}`;
    assert.deepEqual(parseOaiResponse(element(256)).errors, []);
    assert.equal(
      refusal(element(257)),
      "the response is refused: an element <a> with more than 256 attributes (the limit)",
    );
  });

  it("refuses a start tag past its bound, however few its attributes", () => {
    assert.equal(
      refusal(`${ROOT}<a n="${"x".repeat(LONG)}"/>${END}`, { startTagChars: 1000 }),
      "the response is refused: a start tag <a …> longer than 1000 characters (the limit)",
    );
    assert.match(
      refusal(`${ROOT}<a${" ".repeat(LONG)}/>${END}`, { startTagChars: 1000 }),
      /a start tag <a …> longer than 1000 characters/,
    );
  });

  it("refuses every kind of token past the token bound", () => {
    const x = "x".repeat(LONG);
    const tokens: [string, string][] = [
      ["a text run", `${ROOT}<a>${x}</a>${END}`],
      ["a text run of entities", `${ROOT}<a>${"&amp;".repeat(LONG / 5)}</a>${END}`],
      ["an element name", `${ROOT}<a${x}/>${END}`],
      ["a closing tag's name", `${ROOT}<a></a${x}>${END}`],
      ["an entity name", `${ROOT}<a>&${x};</a>${END}`],
      ["a comment", `${ROOT}<!--${x}-->${END}`],
      ["a CDATA section", `${ROOT}<a><![CDATA[${x}]]></a>${END}`],
      ["a processing instruction", `${ROOT}<?pi ${x}?>${END}`],
      ["a DOCTYPE", `<!DOCTYPE OAI-PMH [${x}]>${ROOT}${END}`],
      ["text before the root", `${" ".repeat(LONG)}${ROOT}${END}`],
    ];
    for (const [kind, xml] of tokens)
      assert.match(
        refusal(xml, { tokenChars: 1000, startTagChars: LONG * 2 }),
        /^the response is refused: more than 1000 characters without a tag, attribute or text \(the limit\)$/,
        kind,
      );
  });

  it("refuses an element's text gathered from pieces past the token bound", () => {
    const pieces = "<![CDATA[x]]>y".repeat(LONG / 10);
    assert.equal(
      refusal(`${ROOT}<responseDate>${pieces}</responseDate>${END}`, { tokenChars: 1000 }),
      "the response is refused: an element <responseDate> whose text is longer than 1000 characters (the limit)",
    );
  });

  it("tokens within the bounds are read whole, wherever the slices cut them", () => {
    const date = "2026-11-20T10:00:00Z";
    // Comments of 900 characters over several slices, a line break after each; without it,
    // comments in a row count as one token.
    const comment = `<!--${"c".repeat(893)}-->`;
    const xml = (between: string) =>
      `${ROOT}${`${comment}${between}`.repeat(Math.ceil(LONG / 900))}<responseDate>${date}</responseDate>${END}`;
    const reader = new OaiResponseReader({ tokenChars: 1000 });
    reader.write(xml("\n"));
    assert.equal(reader.end().responseDate, date);
    assert.match(refusal(xml(""), { tokenChars: 1000 }), /more than 1000 characters without a tag/);
  });

  it("stays refused: what follows a refusal is not parsed", () => {
    const reader = new OaiResponseReader();
    assert.throws(() => reader.write(`${ROOT}${"<a>".repeat(100)}`), /65 levels deep/);
    assert.throws(() => reader.write(`${"</a>".repeat(100)}${END}`), /65 levels deep/);
    assert.throws(() => reader.end(), /65 levels deep/);
  });

  it("feed() stops with its signal's reason between slices", async () => {
    const reader = new OaiResponseReader();
    const controller = new AbortController();
    controller.abort(new Error("stopped here"));
    await assert.rejects(
      reader.feed(`${ROOT}${" ".repeat(LONG)}`, controller.signal),
      /stopped here/,
    );
  });
});
