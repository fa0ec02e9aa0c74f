// The scheme of a URN's identifier in an epicur record: xepicur 1.0 allows only "urn",
// "urn:nbn", "urn:nbn:de", "urn:nbn:at" and "urn:nbn:ch" (and "url" for a resource), and a URN
// takes the most specific of them; an NBN's country code runs up to the next ":" or "-" (RFC 8458).
// As a table, and through the provider on every engine.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import type { FastifyInstance } from "fastify";
import { epicurScheme } from "../../src/exchange/oai/formats/epicur-scheme.js";
import { namespaceKey } from "../../src/registry/namespace-keys.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

const SCHEMES: [string, string][] = [
  ["urn:nbn:de:0001-2026a1", "urn:nbn:de"],
  ["URN:NBN:DE:0001-2026a2", "urn:nbn:de"],
  ["urn:nbn:at:at-ubi:1-2026", "urn:nbn:at"],
  ["urn:nbn:ch:bel-2026", "urn:nbn:ch"],
  ["urn:nbn:fi-fe2026", "urn:nbn"],
  ["urn:nbn:se:uu:diva-2026", "urn:nbn"],
  ["urn:nbn:nl:ui:13-2026", "urn:nbn"],
  ["urn:nbn:dex:2026", "urn:nbn"],
  ["urn:isbn:978-3-16-148410-0", "urn"],
  ["urn:example:x", "urn"],
];

describe("epicur identifier schemes", () => {
  for (const [urn, scheme] of SCHEMES)
    it(`${urn}: ${scheme}`, () => assert.equal(epicurScheme(urn), scheme));
});

for (const engine of engines) {
  describe(`epicur records name each URN by its scheme (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;

    before(async () => {
      h = await engine.open();
      for (const nid of ["nbn", "isbn", "example"])
        await h.store.namespaces.create({ nid, local: nid === "example" }, actor);
      for (const [urn] of SCHEMES) {
        const parsed = URN.parse(urn) as URN;
        await h.store.records.create(
          {
            urn,
            key: namespaceKey(parsed),
            nid: parsed.nid.toLowerCase(),
            status: "active",
            locators: [{ url: `https://repo.example/${encodeURIComponent(urn)}` }],
          },
          actor,
        );
      }
      app = await buildServer({ store: h.store });
    });
    after(async () => {
      await app?.close();
      await h?.close();
    });

    it("GetRecord in epicur: the record's identifier, and its resource's", async () => {
      for (const [urn, scheme] of SCHEMES) {
        const body = (
          await app.inject({
            method: "GET",
            url: `/oai?verb=GetRecord&metadataPrefix=epicur&identifier=${encodeURIComponent(urn)}`,
          })
        ).body;
        const schemes = [...body.matchAll(/<identifier scheme="([^"]*)"[^>]*>([^<]*)</g)].map(
          (m) => [m[1], m[2]],
        );
        assert.deepEqual(
          schemes,
          [
            [scheme, urn],
            ["url", `https://repo.example/${encodeURIComponent(urn)}`],
          ],
          urn,
        );
      }
    });
  });
}
