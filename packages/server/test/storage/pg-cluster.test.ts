// Two urnkit processes on one PostgreSQL database, as behind a load balancer: minting is atomic
// across processes, an equivalent registration racing another loses with 409 (RFC 8141 §3: one
// record per equivalence class), a deactivation made through one process is what the other
// answers at once, and a namespace change reaches the other process's cache by NOTIFY. A prefix's
// suggestions (the DNB's urn-suggestion) never repeat across the processes.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { issueToken } from "../../src/registry/tokens.js";
import { PG_SKIP } from "../pg-database.js";
import { createPrefix } from "../prefix-setup.js";
import { skippedWhen } from "../skipped-when.js";
import { callUrnkit, twoProcesses } from "../urnkit-process.js";

describe("two urnkit processes on one PostgreSQL database", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  const cluster = twoProcesses({ before, after }, async (store) => {
    await store.namespaces.create(
      { nid: "example", local: true, mint: { prefix: "c-", width: 6, check: "none" } },
      { tokenId: null },
    );
    const token = (await issueToken(store, { role: "admin" }, { tokenId: null })).token;
    await store.organisations.create({ id: "lib", name: "Library" }, { tokenId: null });
    await createPrefix(store, { prefix: "urn:example:s-", nid: "example", organisation: "lib" });
    const registrar = (
      await issueToken(store, { role: "registrar", organisation: "lib" }, { tokenId: null })
    ).token;
    return { token, registrar };
  });

  const call = (base: string, method: string, path: string, body?: unknown) =>
    callUrnkit(base, cluster().token, method, path, body);

  it("200 concurrent mints split between the processes give 200 distinct URNs", async () => {
    const { a, b } = cluster();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(i % 2 === 0 ? a.base : b.base, "POST", "/api/v1/namespaces/example/mint"),
      ),
    );
    const urns = await Promise.all(
      responses.map(async (r) => {
        assert.equal(r.status, 201);
        return ((await r.json()) as { urn: string }).urn;
      }),
    );
    assert.equal(new Set(urns).size, 200);
    // The policy's sequence: c- and six digits, numbers 1 to 200 each taken once.
    assert.deepEqual(
      urns.map((u) => Number(/^urn:example:c-(\d{6})$/.exec(u)?.[1])).sort((x, y) => x - y),
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it("suggestions split between the processes never repeat, and mints never take them", async () => {
    const { a, b, registrar } = cluster();
    const path = `/api/v1/namespaces/example/prefixes/${encodeURIComponent("urn:example:s-")}`;
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 4 < 2
          ? callUrnkit(i % 2 === 0 ? a.base : b.base, registrar, "GET", `${path}/suggestion`)
          : callUrnkit(i % 2 === 0 ? a.base : b.base, registrar, "POST", `${path}/mint`),
      ),
    );
    const urns = await Promise.all(
      responses.map(async (r) => {
        assert.ok(r.status === 200 || r.status === 201, String(r.status));
        return ((await r.json()) as { urn: string }).urn;
      }),
    );
    // 100 suggestions and 100 mints from one sequence: 200 different URNs, numbers 1 to 200.
    assert.deepEqual(
      urns.map((u) => Number(/^urn:example:s-(\d{6})$/.exec(u)?.[1])).sort((x, y) => x - y),
      Array.from({ length: 200 }, (_, i) => i + 1),
    );
  });

  it("a registration racing an equivalent one: exactly one 201 and one 409", async () => {
    const { a, b } = cluster();
    for (let round = 0; round < 20; round++) {
      // RFC 8141 §3.1: "urn" and the NID are case-insensitive, so these two are equivalent.
      const [first, second] = await Promise.all([
        call(a.base, "POST", "/api/v1/urns", {
          urn: `urn:example:race-${round}`,
          status: "active",
        }),
        call(b.base, "POST", "/api/v1/urns", {
          urn: `URN:EXAMPLE:race-${round}`,
          status: "active",
        }),
      ]);
      const statuses = [first.status, second.status].sort();
      assert.deepEqual(statuses, [201, 409], `round ${round}`);
      const loser = (first.status === 409 ? first : second) as Response;
      const winner = (first.status === 201 ? first : second) as Response;
      const problem = (await loser.json()) as { existing?: string };
      assert.equal(problem.existing, ((await winner.json()) as { urn: string }).urn);
    }
  });

  /** urn:example:{name}, active with one locator, created through the process at `base`. */
  const createdThrough = async (base: string, name: string) => {
    const created = await call(base, "POST", "/api/v1/urns", {
      urn: `urn:example:${name}`,
      status: "active",
      locators: [{ url: `https://a.example/${name}` }],
    });
    assert.equal(created.status, 201);
  };

  it("a deactivation through one process is what the other answers at once", async () => {
    const { a, b } = cluster();
    await createdThrough(a.base, "moving");
    const before = await fetch(`${b.base}/urn:example:moving`, { redirect: "manual" });
    assert.equal(before.status, 303);
    const gone = await call(a.base, "POST", "/api/v1/urns/urn:example:moving/deactivate", {
      reason: "withdrawn",
    });
    assert.equal(gone.status, 200);
    // No retry, no delay: the very next request to the other process sees the tombstone.
    const afterwards = await fetch(`${b.base}/urn:example:moving`, {
      redirect: "manual",
      headers: { accept: "application/json" },
    });
    assert.equal(afterwards.status, 410);
  });

  it("a namespace change through one process reaches the other's cache (LISTEN/NOTIFY)", async () => {
    const { a, b } = cluster();
    await createdThrough(a.base, "policy");
    // B reads the namespace (303 by default) and caches it.
    assert.equal((await fetch(`${b.base}/urn:example:policy`, { redirect: "manual" })).status, 303);
    const put = await call(a.base, "PUT", "/api/v1/namespaces/example", { redirectStatus: 307 });
    assert.equal(put.status, 200);
    // The notification arrives after the commit: B answers with the new status within moments.
    let status = 0;
    for (let i = 0; i < 50 && status !== 307; i++) {
      status = (await fetch(`${b.base}/urn:example:policy`, { redirect: "manual" })).status;
      if (status !== 307) await new Promise((r) => setTimeout(r, 20));
    }
    assert.equal(status, 307);
  });
});
