// An ES module consumer of the packed packages (installed from their npm tarballs): every package
// imports, and the server answers on an in-memory registry.

import assert from "node:assert/strict";
import { URN } from "@urnkit/core";
import { checkUrn } from "@urnkit/namespaces";
import { buildServer, openStore } from "@urnkit/server";
import { main } from "urnkit";

assert.equal(new URN("URN:Example:a%2c").equivalenceKey, "urn:example:a%2C");
assert.equal(checkUrn("urn:isbn:978-0-306-40615-6").issues[0]?.code, "isbn-check-digit");

const store = await openStore(":memory:");
const app = await buildServer({ store });
const ready = await app.inject({ url: "/readyz" });
assert.equal(ready.statusCode, 200);
assert.deepEqual(JSON.parse(ready.body), { status: "ready", engine: "sqlite" });
await app.close();
await store.close();
assert.equal(typeof main, "function");
console.log("esm consumer: ok");
