// The package.json `npm run release` writes for a production host (scripts/host-package.ts) carries
// the workspace's overrides. Seen before: without them, `npm ci --omit=dev` on the host resolved
// fastify's light-my-request to 6.8.1 and its cookie@2.0.2, which requires Node 22, and warned
// EBADENGINE on Node 20 (.ci/release-check.sh now fails on that).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { hostOverrides, hostPackage } from "../../../scripts/host-package.js";

const workspace = JSON.parse(
  readFileSync(new URL("../../../package.json", import.meta.url), "utf8"),
);

describe("the release's package.json", () => {
  it("pins light-my-request as the workspace does; drops the override of a dev tool", () => {
    // The workspace pins light-my-request to 6.6.0; its other override points openapi-typescript
    // (a development tool) at the workspace's own typescript, which a host does not have.
    assert.deepEqual(hostOverrides(workspace), { "light-my-request": "6.6.0" });
    const host = hostPackage(
      workspace,
      { version: "1.2.3", engines: { node: ">=20" } },
      {
        urnkit: "file:urnkit-1.2.3.tgz",
      },
    );
    assert.deepEqual(host.overrides, { "light-my-request": "6.6.0" });
    assert.deepEqual(host.engines, { node: ">=20" });
    assert.deepEqual(host.dependencies, { urnkit: "file:urnkit-1.2.3.tgz" });
  });

  it("a reference nested in an override goes, the plain versions beside it stay", () => {
    const overrides = {
      a: "1.0.0",
      b: { c: "$c", d: "2.0.0" },
      e: { f: "$f" },
      g: "$g",
    };
    assert.deepEqual(hostOverrides({ overrides }), { a: "1.0.0", b: { d: "2.0.0" } });
    assert.equal(hostPackage({}, { version: "1.0.0" }, {}).overrides, undefined);
  });
});
