// Percent-encoding helpers (RFC 8141 §2.2, RFC 3986 §2.1, RFC 3629): vectors/encoding.json.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { UrnSyntax } from "../src/index.js";
import { assertUrnError, thrownBy } from "./assert-urn-error.js";
import { PART_CODECS, type PartCodec, readBackInUrn } from "./part-codecs.js";
import { caseTitle, type EncodedPart, type EncodingTable, loadVectors } from "./vectors.js";

const table = loadVectors<EncodingTable>("encoding.json");

type Part = "nss" | "r" | "q" | "f";

/** The codec a table row names: a part, in RFC 2141 mode for an RFC 2141 NSS. */
function codecFor(component: Part, syntax: UrnSyntax | undefined) {
  return PART_CODECS[component === "nss" && syntax === "rfc2141" ? "nss2141" : component];
}

describe("encoding text", () => {
  for (const row of table.encode) {
    for (const part of Object.keys(PART_CODECS) as EncodedPart[]) {
      const expected = row[part];
      if (expected === undefined) continue;
      it(`${JSON.stringify(row.text)} as ${part}: ${expected}`, () => {
        const codec = PART_CODECS[part];
        assert.equal(codec.encode(row.text), expected);
        assert.equal(codec.decode(expected), row.text);
        // The encoded value stays in its part inside a whole URN.
        assert.equal(readBackInUrn(codec, expected), expected);
      });
    }
  }
});

describe("decoding other spellings", () => {
  for (const row of table.decode) {
    it(`${row.component} ${JSON.stringify(row.input)}`, () => {
      assert.equal(codecFor(row.component, row.syntax).decode(row.input), row.text);
    });
  }
});

/** A row of encodeErrors or decodeErrors: `value` given to its part's codec is refused so. */
type Refusal = Omit<EncodingTable["decodeErrors"][number], "input">;

function itRefuses(row: Refusal, value: string, act: (codec: PartCodec) => string): void {
  it(caseTitle(`${JSON.stringify(value)} as ${row.component}`, row.comment), () => {
    const error = thrownBy(() => act(codecFor(row.component, row.syntax)));
    assertUrnError(error, { code: row.code, index: row.index, component: row.component }, value);
  });
}

describe("encoding refuses", () => {
  for (const row of table.encodeErrors) {
    itRefuses(row, row.text, (codec) => codec.encode(row.text));
  }
});

describe("decoding refuses", () => {
  for (const row of table.decodeErrors) {
    itRefuses(row, row.input, (codec) => codec.decode(row.input));
  }
});
