// A mirror never takes over resolution: priorities rank within one owner (the DNB URN service's
// rule), so another organisation's locator with the highest priority still comes after the URN
// owner's healthy locators, in the redirect, the record's locator list and the N2Ls list, on
// every engine.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const OWNER_URL = "https://www.example.org/objects/1";
const MIRROR_URL = "https://a.example/mirror-top";

for (const engine of engines)
  describe(`a mirror ranks after the owner's locators (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let urn = "";
    let library = "";
    let archive = "";
    let admin = "";
    before(async () => {
      h = await engine.open();
      await seedExample(h.store);
      app = await buildServer({ store: h.store });
      const operator = { tokenId: null };
      library = (
        await issueToken(h.store, { role: "registrar", organisation: "example-library" }, operator)
      ).token;
      archive = (
        await issueToken(h.store, { role: "registrar", organisation: "example-archive" }, operator)
      ).token;
      admin = (
        await issueToken(h.store, { role: "admin", organisation: "example-library" }, operator)
      ).token;
      const minted = await app.inject({
        method: "POST",
        url: `/api/v1/namespaces/example/prefixes/${encodeURIComponent("urn:example:lib-")}/mint`,
        headers: { authorization: `Bearer ${library}` },
        payload: { status: "active", locators: [{ url: OWNER_URL, priority: 1 }] },
      });
      assert.equal(minted.statusCode, 201, minted.body);
      urn = JSON.parse(minted.body).urn;
      // The audit's request: another organisation's mirror at the highest priority.
      const mirrored = await app.inject({
        method: "PATCH",
        url: `/api/v1/urns/${urn}`,
        headers: { authorization: `Bearer ${archive}` },
        payload: { locators: [{ url: MIRROR_URL, priority: 65535 }] },
      });
      assert.equal(mirrored.statusCode, 200, mirrored.body);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("GET /{urn} redirects to the owner's locator", async () => {
      const r = await app.inject({ url: `/${urn}` });
      assert.equal(r.headers.location, OWNER_URL);
    });

    it("the record lists the owner's locator first, the mirror after it", async () => {
      const record = JSON.parse((await app.inject({ url: `/api/v1/urns/${urn}` })).body);
      const active = record.locators.filter((l: { active: boolean }) => l.active);
      assert.deepEqual(
        active.map((l: { url: string; owner: string }) => [l.url, l.owner]),
        [
          [OWNER_URL, "example-library"],
          [MIRROR_URL, "example-archive"],
        ],
      );
    });

    it("N2Ls lists the owner's URL first", async () => {
      const r = await app.inject({ url: `/uri-res/N2Ls?${urn}` });
      assert.equal(r.statusCode, 200, r.body);
      assert.deepEqual(
        r.body.split(/\r?\n/).filter((line) => line !== "" && !line.startsWith("#")),
        [OWNER_URL, MIRROR_URL],
      );
    });

    it("mirrors follow the prefix's mirror URL policy, the owner its URL policy", async () => {
      const prefixUrl = `/api/v1/namespaces/example/prefixes/${encodeURIComponent("urn:example:lib-")}`;
      const policy = await app.inject({
        method: "PATCH",
        url: prefixUrl,
        headers: { authorization: `Bearer ${admin}` },
        payload: { mirrorUrls: ["https://mirror.example/"] },
      });
      assert.equal(policy.statusCode, 200, policy.body);
      assert.deepEqual(JSON.parse(policy.body).mirrorUrls, ["https://mirror.example/"]);
      const patch = (token: string, url: string) =>
        app.inject({
          method: "PATCH",
          url: `/api/v1/urns/${urn}`,
          headers: { authorization: `Bearer ${token}` },
          payload: { locators: [{ url }] },
        });
      const outside = await patch(archive, "https://elsewhere.example/copy");
      assert.equal(outside.statusCode, 422, outside.body);
      assert.equal(JSON.parse(outside.body).code, "url-policy");
      assert.equal(JSON.parse(outside.body).rule, "mirrorUrls");
      assert.equal((await patch(archive, "https://mirror.example/copy")).statusCode, 200);
      // The owner's locators are held to the prefix's own URL policy, not the mirrors'.
      const owner = await patch(library, "https://mirror.example/owner");
      assert.equal(owner.statusCode, 422, owner.body);
      assert.equal(JSON.parse(owner.body).rule, "urls");
    });
  });
