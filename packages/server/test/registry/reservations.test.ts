// A reservation of several URNs is one transaction on every engine: when a write fails part-way
// (here a trigger refuses the third record, as a crash would stop it), none of its URNs is left
// reserved and its numbers are not spent; the next reservation hands out the same numbers, once.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const PREFIX = "urn:example:res-";
const FAIL_THIRD: Record<string, { on: string; off: string }> = {
  sqlite: {
    on: `CREATE TRIGGER test_fail_third BEFORE INSERT ON records
         WHEN NEW.prefix = '${PREFIX}' AND (SELECT count(*) FROM records WHERE prefix = '${PREFIX}') >= 2
         BEGIN SELECT RAISE(ABORT, 'injected failure'); END;`,
    off: "DROP TRIGGER test_fail_third;",
  },
  postgres: {
    on: `CREATE FUNCTION test_fail_third() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN
           IF NEW.prefix = '${PREFIX}' AND (SELECT count(*) FROM records WHERE prefix = '${PREFIX}') >= 2 THEN
             RAISE EXCEPTION 'injected failure';
           END IF;
           RETURN NEW;
         END $$;
         CREATE TRIGGER test_fail_third BEFORE INSERT ON records
         FOR EACH ROW EXECUTE FUNCTION test_fail_third();`,
    off: "DROP TRIGGER test_fail_third ON records; DROP FUNCTION test_fail_third();",
  },
};

for (const engine of engines)
  describe(`a reservation is all or nothing (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let registrar: string;
    const reserve = (count: number) =>
      app.inject({
        method: "POST",
        url: `/api/v1/namespaces/example/prefixes/${encodeURIComponent(PREFIX)}/reservations`,
        headers: { authorization: `Bearer ${registrar}` },
        payload: { count },
      });
    const reservedHere = async () =>
      (await h.rawRows("records")).filter((r) => r.prefix === PREFIX).map((r) => r.urn);

    before(async () => {
      h = await engine.open();
      await seedExample(h.store);
      await h.store.prefixes.create(
        {
          ...DEFAULT_POLICY,
          prefix: PREFIX,
          nid: "example",
          organisation: "example-library",
          width: 4,
          check: "none",
        },
        { tokenId: null },
      );
      app = await buildServer({ store: h.store, logger: false });
      registrar = (
        await issueToken(
          h.store,
          { role: "registrar", organisation: "example-library" },
          { tokenId: null },
        )
      ).token;
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("a reservation refused at its third record leaves nothing reserved", async () => {
      const sql = FAIL_THIRD[engine.name];
      assert.ok(sql, engine.name);
      await h.rawExec(sql.on);
      const failed = await reserve(5);
      assert.ok(failed.statusCode >= 500, failed.body);
      assert.deepEqual(await reservedHere(), []);
      await h.rawExec(sql.off);
      const r = await reserve(5);
      assert.equal(r.statusCode, 201, r.body);
      const expected = [1, 2, 3, 4, 5].map((n) => `${PREFIX}${String(n).padStart(4, "0")}`);
      assert.deepEqual(JSON.parse(r.body).urns, expected);
      assert.deepEqual((await reservedHere()).sort(), expected);
    });
  });
