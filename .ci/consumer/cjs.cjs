// A CommonJS consumer of the packed packages: core and namespaces through their CommonJS builds;
// the server and the command line, which are ESM only, say so when required.

const assert = require("node:assert/strict");
const { URN } = require("@urnkit/core");
const { equivalent, registry } = require("@urnkit/namespaces");

assert.equal(new URN("URN:Example:a%2c").equivalenceKey, "urn:example:a%2C");
assert.equal(equivalent("urn:isbn:0-395-36341-1", "URN:ISBN:9780395363416"), true);
assert.equal(registry.get("ISBN")?.nid, "isbn");
assert.match(require.resolve("@urnkit/core"), /dist[\\/]cjs[\\/]index\.js$/);
for (const name of ["@urnkit/server", "urnkit"]) {
  assert.throws(() => require(name), { code: "ERR_REQUIRE_ESM", message: /is ESM only: / });
}
console.log("cjs consumer: ok");
