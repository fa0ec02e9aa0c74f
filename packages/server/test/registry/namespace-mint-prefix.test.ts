// A namespace's minting policy names a prefix ("urn:<nid>:" and its NSS prefix). When an
// organisation owns that prefix already, changing the namespace is refused with a 409 naming the
// owner, on every engine, and the namespace stays as it was.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { engines } from "../engines.js";
import { suiteRegistry } from "../served-registry.js";
import { skippedWhen } from "../skipped-when.js";

for (const engine of engines)
  describe(`a minting prefix another organisation owns (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const served = suiteRegistry(engine);

    it("PUT with mint.prefix of example-library's prefix: 409 mint-prefix-taken", async () => {
      const r = await served.app.inject({
        method: "PUT",
        url: "/api/v1/namespaces/example",
        headers: { authorization: `Bearer ${served.admin}` },
        payload: { local: true, mint: { prefix: "lib-", width: 6 } },
      });
      assert.equal(r.statusCode, 409, r.body);
      const problem = JSON.parse(r.body);
      assert.equal(problem.code, "mint-prefix-taken");
      assert.equal(problem.existing, "urn:example:lib-");
      assert.match(problem.detail, /organisation "example-library"/);
      const ns = JSON.parse((await served.app.inject({ url: "/api/v1/namespaces/example" })).body);
      assert.equal(ns.mint.prefix, "doc-");
    });
  });
