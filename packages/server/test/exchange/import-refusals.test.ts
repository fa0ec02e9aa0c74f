// An import into a registry that does not serve the lines' namespace: every kind of line that
// names it (prefix, record) is refused with the same code, namespace-not-served, on every engine.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { engines } from "../engines.js";
import { suiteRegistry } from "../served-registry.js";
import { skippedWhen } from "../skipped-when.js";

const T = "2026-01-02T03:04:05.000Z";
const LINES = [
  {
    organisation: {
      id: "lib",
      name: "Library",
      contact: null,
      active: true,
      created: T,
      updated: T,
    },
  },
  {
    prefix: {
      prefix: "urn:example:lib-",
      nid: "example",
      organisation: "lib",
      naming: null,
      urls: [],
      modes: ["resolver", "reservation", "registrar"],
      width: 6,
      check: "none",
      next: 1,
      delegate: null,
      mirrors: false,
      created: T,
      updated: T,
    },
  },
  { urn: "urn:example:lib-000001", status: "active", created: T },
];

for (const engine of engines)
  describe(`import into a registry not serving the namespace (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const served = suiteRegistry(engine, { seed: false });

    it("names the prefix line's and the record line's refusal alike", async () => {
      const r = await served.app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: {
          authorization: `Bearer ${served.admin}`,
          "content-type": "application/x-ndjson",
        },
        payload: LINES.map((l) => JSON.stringify(l)).join("\n"),
      });
      assert.equal(r.statusCode, 200, r.body);
      const refusals = r.body
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
        .filter((e) => e.line !== undefined);
      assert.deepEqual(
        refusals.map((e) => [e.line, e.code]),
        [
          [2, "namespace-not-served"],
          [3, "namespace-not-served"],
        ],
        r.body,
      );
      for (const e of refusals) assert.match(e.error, /namespace "example" is not served here/);
    });
  });
