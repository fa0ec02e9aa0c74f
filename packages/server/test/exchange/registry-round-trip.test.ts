// A registry exported from SQLite and imported into an empty PostgreSQL database, then exported
// from there and imported into an empty SQLite database, is identical: organisations, prefixes
// (with where their sequences stand), records with their owners, identifiers, reservations and
// locator owners, line for line. (Namespaces are configuration, served first in each database.)

import assert from "node:assert/strict";
import { describe } from "node:test";
import { importRecords } from "../../src/exchange/import/records.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { type Engine, postgres, sqlite } from "../engines.js";
import { exportText } from "../export-text.js";
import { PG_SKIP } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const operator = { tokenId: null };

async function exported(store: Store): Promise<string[]> {
  return (await exportText(store, 7)).trimEnd().split("\n");
}

async function imported(store: Store, lines: string[]) {
  let done: { created: number; unchanged: number; errors: number } | undefined;
  const refused: unknown[] = [];
  for await (const event of importRecords(
    store,
    lines.map((l) => `${l}\n`),
    { actor: operator, scope: null, limits: DEFAULT_LIMITS },
  )) {
    if ("done" in event) done = event;
    else if ("error" in event) refused.push(event);
  }
  assert.deepEqual(refused, []);
  return done;
}

async function serveNamespaces(store: Store) {
  await store.namespaces.create({ nid: "example", local: true }, operator);
  await store.namespaces.create({ nid: "nbn" }, operator);
}

describe("registry round trip", () => {
  const { it } = skippedWhen(PG_SKIP);
  it("SQLite → PostgreSQL → SQLite keeps organisations, prefixes, owners, identifiers, reservations", async () => {
    const handles = [] as { close(): Promise<void> }[];
    const open = async (engine: Engine) => {
      const h = await engine.open();
      handles.push(h);
      return h.store;
    };
    try {
      const source = await open(sqlite);
      await serveNamespaces(source);
      const app = await buildServer({ store: source });
      const admin = (await issueToken(source, { role: "admin" }, operator)).token;
      const call = async (
        method: "POST" | "PATCH",
        url: string,
        payload: object,
        token = admin,
      ) => {
        const r = await app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          payload,
        });
        assert.ok(r.statusCode < 300, r.body);
      };
      await call("POST", "/api/v1/organisations", {
        id: "lib",
        name: "Library",
        contact: "urn@lib.example",
      });
      await call("POST", "/api/v1/organisations", { id: "fac", name: "Faculty" });
      await call("POST", "/api/v1/namespaces/example/prefixes", {
        prefix: "urn:example:lib-",
        organisation: "lib",
        urls: ["lib.example", "https://archive.example/lib/"],
        check: "mod11-2",
        mirrors: true,
      });
      await call("POST", "/api/v1/namespaces/nbn/prefixes", {
        prefix: "urn:nbn:de:bsz:14-",
        organisation: "fac",
        check: "nbn",
        naming: "[0-9]{6}[0-9]",
        modes: ["resolver", "reservation"],
      });
      await call("PATCH", "/api/v1/organisations/fac", { contact: "x@fac.example" });
      const lib = (await issueToken(source, { role: "registrar", organisation: "lib" }, operator))
        .token;
      const fac = (await issueToken(source, { role: "registrar", organisation: "fac" }, operator))
        .token;
      const libPrefix = "/api/v1/namespaces/example/prefixes/urn%3Aexample%3Alib-";
      await call(
        "POST",
        `${libPrefix}/mint`,
        {
          status: "active",
          locators: [{ url: "https://lib.example/1" }],
          identifiers: [{ type: "oai", value: "oai:lib:1" }],
        },
        lib,
      );
      await call("POST", `${libPrefix}/reservations`, { count: 3 }, lib);
      await call(
        "PATCH",
        "/api/v1/urns/urn:example:lib-000001X",
        { locators: [{ url: "https://fac.example/mirror/1" }] },
        fac,
      );
      await call(
        "POST",
        "/api/v1/namespaces/nbn/prefixes/urn%3Anbn%3Ade%3Absz%3A14-/reservations",
        { count: 2 },
        fac,
      );
      await call("POST", "/api/v1/urns", {
        urn: "urn:example:plain-1",
        status: "active",
        locators: [{ url: "https://plain.example/" }],
      });
      await app.close();

      const first = await exported(source);
      // 2 organisations, 2 prefixes, 1 + 3 + 2 + 1 records.
      assert.equal(first.length, 11);
      assert.deepEqual(JSON.parse(first[0] as string).organisation.id, "fac");
      // The first mint of urn:example:lib- is number 000001 with its ISO 7064 MOD 11-2 check
      // character: p = ((0 + 1) · 2) mod 11 = 2 after the digits, check (12 − 2) mod 11 = 10, "X".
      const mirror = JSON.parse(first.find((l) => l.includes("lib-000001X")) as string);
      assert.deepEqual(
        mirror.locators.map((l: { url: string; owner?: string }) => [l.url, l.owner]),
        [
          ["https://lib.example/1", "lib"],
          ["https://fac.example/mirror/1", "fac"],
        ],
      );
      assert.deepEqual(mirror.identifiers, [{ type: "oai", value: "oai:lib:1" }]);

      const pg = await open(postgres);
      await serveNamespaces(pg);
      assert.deepEqual(await imported(pg, first), {
        done: true,
        lines: 11,
        created: 11,
        unchanged: 0,
        errors: 0,
      });
      const second = await exported(pg);
      assert.deepEqual(second, first);

      const back = await open(sqlite);
      await serveNamespaces(back);
      assert.equal((await imported(back, second))?.created, 11);
      assert.deepEqual(await exported(back), first);
      // Again: nothing changes.
      assert.deepEqual(await imported(back, second), {
        done: true,
        lines: 11,
        created: 0,
        unchanged: 11,
        errors: 0,
      });
      // The sequences came along: the next mint in the copy is the next number, not 1 again.
      assert.equal(
        await back.prefixes.takeNumbers("urn:example:lib-", 1, "prefix.mint", operator),
        5,
      );
      assert.equal(
        (await back.records.findByIdentifier("lib", { type: "oai", value: "oai:lib:1" }))?.urn,
        "urn:example:lib-000001X",
      );
    } finally {
      for (const h of handles) await h.close();
    }
  });
});
