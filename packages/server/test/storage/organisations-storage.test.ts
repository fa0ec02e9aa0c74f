// Organisations, prefixes and registrar-scope identifiers in the store, on both engines: created
// once and never replaced, one atomic sequence per prefix, identifiers unique per organisation,
// a deactivated organisation's tokens refused, the prefixes' routes cached with their namespace
// and dropped when a prefix changes; and an existing database upgrading in place (schema 6 → 7):
// a namespace's minting policy becomes a prefix of "local-registry", its sequence continuing.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { seedExample } from "../../src/registry/seed.js";
import { ConflictError, StateError } from "../../src/storage/errors.js";
import { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, engines } from "../engines.js";
import { postgresAtVersion, sqliteFileAtVersion } from "../old-schema.js";
import { onTestDatabase, openTestPostgresStore, PG_SKIP } from "../pg-database.js";
import { createPrefix } from "../prefix-setup.js";
import { skippedWhen } from "../skipped-when.js";
import { inTemporaryDirectory } from "../temporary-file.js";

const actor = { tokenId: null };

for (const engine of engines) {
  describe(`organisations and prefixes in the store (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      await h.store.organisations.create({ id: "lib", name: "Library", contact: "a@lib" }, actor);
    });
    after(async () => h.close());

    it("creates an organisation once; a second with its id is a conflict", async () => {
      const org = await h.store.organisations.get("lib");
      assert.equal(org?.name, "Library");
      assert.equal(org?.active, true);
      await assert.rejects(
        h.store.organisations.create({ id: "lib", name: "Again" }, actor),
        ConflictError,
      );
      assert.deepEqual(
        (await h.store.organisations.list()).map((o) => o.id),
        ["lib"],
      );
    });

    it("keeps one sequence per prefix: 200 concurrent takes of 1–3 numbers never overlap", async () => {
      await createPrefix(h.store, {
        prefix: "urn:example:seq-",
        nid: "example",
        organisation: "lib",
      });
      const counts = Array.from({ length: 200 }, (_, i) => (i % 3) + 1);
      const firsts = await Promise.all(
        counts.map((n) =>
          h.store.prefixes.takeNumbers("urn:example:seq-", n, "prefix.reserve", actor),
        ),
      );
      const taken = firsts.flatMap((f, i) =>
        Array.from({ length: counts[i] as number }, (_, k) => f + k),
      );
      const total = counts.reduce((a, b) => a + b, 0);
      // Gapless and distinct: exactly 1..total, each once.
      assert.deepEqual(
        taken.sort((a, b) => a - b),
        Array.from({ length: total }, (_, i) => i + 1),
      );
      assert.equal((await h.store.prefixes.get("urn:example:seq-"))?.next, total + 1);
    });

    it("refuses a second prefix of the same text, and names the existing one", async () => {
      await assert.rejects(
        createPrefix(h.store, { prefix: "urn:example:seq-", nid: "example", organisation: "lib" }),
        (e: unknown) => e instanceof ConflictError && e.existing === "urn:example:seq-",
      );
    });

    it("drops the cached namespace when a prefix is created or delegated", async () => {
      const before = await h.store.namespaces.get("example");
      assert.equal(before?.routes.match("urn:example:far-1"), null);
      await createPrefix(h.store, {
        prefix: "urn:example:far-",
        nid: "example",
        organisation: "lib",
      });
      assert.equal(
        (await h.store.namespaces.get("example"))?.routes.match("urn:example:far-1")?.delegate,
        null,
      );
      await h.store.prefixes.update(
        "urn:example:far-",
        { delegate: "https://far.example/{urn}" },
        actor,
      );
      const after = await h.store.namespaces.get("example");
      assert.deepEqual(after?.routes.match("urn:example:far-1"), {
        prefix: "urn:example:far-",
        organisation: "lib",
        delegate: "https://far.example/{urn}",
      });
    });

    it("keeps identifiers unique per organisation and finds records by them", async () => {
      await h.store.organisations.create({ id: "fac", name: "Faculty" }, actor);
      /** urn:example:seq-{n} of `organisation`, with the identifier oai:x:1. */
      const withIdentifier = (n: number, organisation: string) => {
        const urn = `urn:example:seq-${n}`;
        const identifiers = [{ type: "oai", value: "oai:x:1" }];
        const record = { urn, key: urn, nid: "example", status: "active" as const };
        return h.store.records.create({ ...record, organisation, identifiers }, actor);
      };
      await withIdentifier(1, "lib");
      // The same identifier of another organisation is another identifier.
      await withIdentifier(2, "fac");
      await assert.rejects(
        withIdentifier(3, "lib"),
        (e: unknown) => e instanceof StateError && e.code === "identifier-taken",
      );
      // The refused registration left nothing behind.
      assert.equal(await h.store.records.get("urn:example:seq-3"), null);
      const found = await h.store.records.findByIdentifier("lib", {
        type: "oai",
        value: "oai:x:1",
      });
      assert.equal(found?.urn, "urn:example:seq-1");
      assert.deepEqual(found?.identifiers, [{ type: "oai", value: "oai:x:1" }]);
      assert.equal(found?.organisation, "lib");
      assert.equal(
        (await h.store.records.findByIdentifier("fac", { type: "oai", value: "oai:x:1" }))?.urn,
        "urn:example:seq-2",
      );
      assert.equal(
        await h.store.records.findByIdentifier("lib", { type: "oai", value: "nope" }),
        null,
      );
    });

    it("refuses the tokens and sessions of a deactivated organisation; its records stay", async () => {
      await h.store.organisations.create({ id: "gone", name: "Gone" }, actor);
      const token = await h.store.tokens.create(
        {
          hash: "gone-hash",
          role: "registrar",
          namespace: null,
          organisation: "gone",
          label: null,
        },
        actor,
      );
      assert.equal(token.organisation, "gone");
      await h.store.tokens.createSession({
        idHash: "s-gone",
        tokenId: token.id,
        csrf: "c",
        flash: null,
        created: "2026-01-01T00:00:00.000Z",
        expires: "2999-01-01T00:00:00.000Z",
      });
      await h.store.records.create(
        {
          urn: "urn:example:gone-1",
          key: "urn:example:gone-1",
          nid: "example",
          status: "active",
          organisation: "gone",
          locators: [{ url: "https://gone.example/1" }],
        },
        actor,
      );
      assert.equal((await h.store.tokens.find("gone-hash"))?.organisation, "gone");
      await h.store.organisations.update("gone", { active: false }, actor);
      assert.equal(await h.store.tokens.find("gone-hash"), null);
      assert.equal(await h.store.tokens.findSession("s-gone", "2026-06-01T00:00:00.000Z"), null);
      assert.equal(
        (await h.store.records.resolve("urn:example:gone-1"))?.best,
        "https://gone.example/1",
      );
      await h.store.organisations.update("gone", { active: true }, actor);
      assert.equal((await h.store.tokens.find("gone-hash"))?.id, token.id);
    });
  });
}

for (const engine of engines)
  describe(`npm start's example data (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    it("has two organisations with a prefix each, and a record with the other's mirror", async () => {
      const h = await engine.open();
      try {
        assert.equal(await seedExample(h.store), true);
        const orgs = (await h.store.organisations.list()).map((o) => o.id);
        assert.deepEqual(orgs, ["example-archive", "example-library", "local-registry"]);
        const prefixes = await h.store.prefixes.list("example");
        assert.deepEqual(
          prefixes.map((p) => [p.prefix, p.organisation]),
          [
            ["urn:example:arc-", "example-archive"],
            ["urn:example:doc-", "local-registry"],
            ["urn:example:lib-", "example-library"],
          ],
        );
        // The library's first number, 000001, with its MOD 11-2 check character X.
        const thesis = await h.store.records.get("urn:example:lib-000001X");
        assert.equal(thesis?.organisation, "example-library");
        assert.deepEqual(
          thesis?.locators.map((l) => [l.url, l.owner]),
          [
            ["https://www.example.org/theses/2024-1.pdf", "example-library"],
            ["https://archive.example.net/web/theses/2024-1.pdf", "example-archive"],
          ],
        );
      } finally {
        await h.close();
      }
    });
  });

/** A namespace with a minting policy at sequence 42, written at schema version 6. */
const OLD_NAMESPACE = `INSERT INTO namespaces (nid, template_revision, mint, mint_next, created, updated)
  VALUES ('example', 1, '{"prefix":"m-","width":5,"check":"mod11-2"}', 42, '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z')`;

/** The old namespace's policy as a prefix of local-registry, its sequence going on from 42. */
async function checkUpgraded(store: Store): Promise<void> {
  const prefix = await store.prefixes.get("urn:example:m-");
  assert.equal(prefix?.organisation, "local-registry");
  assert.equal(prefix?.next, 42);
  assert.equal(prefix?.width, 5);
  assert.equal(prefix?.check, "mod11-2");
  assert.equal((await store.organisations.get("local-registry"))?.active, true);
  assert.equal(await store.namespaces.nextMintNumber("example", actor), 42);
  assert.equal(await store.namespaces.nextMintNumber("example", actor), 43);
}

describe("an existing database upgrades in place (sqlite)", () => {
  it("moves the namespace's minting policy to a prefix of local-registry, sequence kept", () =>
    inTemporaryDirectory(async (file) => {
      sqliteFileAtVersion(file, 6, [OLD_NAMESPACE]);
      const store = new SqliteStore({ filename: file });
      await store.migrate();
      await checkUpgraded(store);
      await store.close();
    }));
});

describe("an existing database upgrades in place (postgres)", () => {
  const { it } = skippedWhen(PG_SKIP);
  it("moves the namespace's minting policy to a prefix of local-registry, sequence kept", () =>
    onTestDatabase(async (client, url) => {
      await postgresAtVersion(client, 6);
      await client.query(OLD_NAMESPACE);
      const store = await openTestPostgresStore({ url });
      await checkUpgraded(store);
      await store.close();
    }));
});
