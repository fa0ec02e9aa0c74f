// keepTickMaps (src/runtime/tick-maps.ts): nextTick queue entries made after a full garbage collection keep
// the kept entry's hidden class, so V8's cache for their properties stays monomorphic.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const child = fileURLToPath(new URL("../fixtures/tick-maps-child.ts", import.meta.url));

test("entries made after a full collection share the kept entry's map", () => {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--allow-natives-syntax", "--expose-gc", child],
    { encoding: "utf8" },
  );
  // The first shows the collection reaches entries nobody holds (so the second is not trivial).
  assert.deepEqual(JSON.parse(out), { unheldDied: true, sameMapAfterGc: true });
});
