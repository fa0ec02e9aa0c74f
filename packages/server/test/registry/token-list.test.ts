// Listing API tokens for an audit (issue: "add `urnkit token list` … and GET /api/v1/tokens for
// admins so they can be audited"), on every engine: live and revoked tokens with their grant and
// dates, never a hash; only an unscoped admin may list them.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const cli = { tokenId: null };

for (const engine of engines) {
  describe(`token listing (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let admin: string;
    let registrar: string;
    let scopedAdmin: string;
    const list = (token?: string) =>
      app.inject({
        url: "/api/v1/tokens",
        headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
      });

    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create({ nid: "example", local: true }, cli);
      app = await buildServer({ store: h.store });
      admin = (await issueToken(h.store, { role: "admin", label: "ops" }, cli)).token;
      registrar = (await issueToken(h.store, { role: "registrar", namespace: "Example" }, cli))
        .token;
      const reader = await issueToken(h.store, { role: "reader" }, cli);
      await h.store.tokens.revoke(reader.info.id, cli);
      scopedAdmin = (await issueToken(h.store, { role: "admin", namespace: "example" }, cli)).token;
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("the store lists every token by id, revoked ones with their date, without hashes", async () => {
      const tokens = await h.store.tokens.list();
      assert.deepEqual(
        tokens.map((t) => [t.id, t.role, t.namespace, t.label, t.revoked === null]),
        [
          [1, "admin", null, "ops", true],
          [2, "registrar", "example", null, true],
          [3, "reader", null, null, false],
          [4, "admin", "example", null, true],
        ],
      );
      const revoked = tokens[2]?.revoked as string;
      assert.match(revoked, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      assert.ok(revoked >= (tokens[2]?.created as string), "revoked after it was created");
      for (const t of tokens)
        assert.deepEqual(Object.keys(t).sort(), [
          "created",
          "id",
          "label",
          "namespace",
          "organisation",
          "revoked",
          "role",
        ]);
    });

    it("the store finds one token by id, live or revoked, as the list shows it; null for none", async () => {
      const listed = await h.store.tokens.list();
      for (const t of listed) assert.deepEqual(await h.store.tokens.get(t.id), t);
      assert.equal((await h.store.tokens.get(3))?.revoked === null, false, "3 is revoked");
      for (const missing of [0, -1, 1000, 2 ** 40])
        assert.equal(await h.store.tokens.get(missing), null);
    });

    it("DELETE of a revoked or unknown token is 404 unknown-token; a live one is revoked once", async () => {
      const extra = await issueToken(h.store, { role: "reader", label: "to revoke" }, cli);
      const revoke = (id: number | string) =>
        app.inject({
          method: "DELETE",
          url: `/api/v1/tokens/${id}`,
          headers: { authorization: `Bearer ${admin}` },
        });
      for (const id of [3, 999]) {
        const r = await revoke(id);
        assert.equal(r.statusCode, 404, `token ${id}`);
        assert.equal(JSON.parse(r.body).code, "unknown-token");
      }
      assert.equal((await revoke(extra.info.id)).statusCode, 200);
      assert.equal((await revoke(extra.info.id)).statusCode, 404);
      assert.notEqual((await h.store.tokens.get(extra.info.id))?.revoked, null);
    });

    it("GET /api/v1/tokens answers an admin with the same list", async () => {
      const r = await list(admin);
      assert.equal(r.statusCode, 200);
      assert.deepEqual(JSON.parse(r.body), await h.store.tokens.list());
      assert.doesNotMatch(r.body, /hash|urnkit_/);
    });

    it("401 without a token, 403 for a registrar and for an admin limited to a namespace", async () => {
      assert.equal((await list()).statusCode, 401);
      const asRegistrar = await list(registrar);
      assert.equal(asRegistrar.statusCode, 403);
      assert.equal(JSON.parse(asRegistrar.body).code, "forbidden");
      const asScoped = await list(scopedAdmin);
      assert.equal(asScoped.statusCode, 403);
      assert.equal(JSON.parse(asScoped.body).code, "out-of-scope");
    });
  });
}
