// The lookup form of a locator URL (RFC 3986 §6.2.2.1 case, §6.2.3 scheme-based normalisation):
// worked cases, its invariants, PostgreSQL's urnkit_url_key agreeing with it on generated URLs,
// and migration 8 giving the locators of an existing database (a tombstone's included) their keys
// and the records their full-text entries.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { migrations as pgMigrations } from "../../src/storage/postgres/migrations.js";
import { locatorUrlKey } from "../../src/storage/sqlite/locator-url-key.js";
import { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../../src/storage/store.js";
import { postgresAtVersion, sqliteFileAtVersion } from "../old-schema.js";
import { onTestDatabase, openTestPostgresStore, PG_SKIP } from "../pg-database.js";
import { inTemporaryDirectory } from "../temporary-file.js";

describe("locatorUrlKey", () => {
  it("lowercases scheme and host, drops empty and default ports, keeps the rest", () => {
    const cases: [string, string][] = [
      ["HTTP://Example.ORG:80/a", "http://example.org/a"],
      ["http://example.org/a", "http://example.org/a"],
      ["https://Example.org:443/Path/To?Q=A#Frag", "https://example.org/Path/To?Q=A#Frag"],
      ["https://example.org:8443/a", "https://example.org:8443/a"],
      ["http://example.org:443/a", "http://example.org:443/a"],
      ["https://example.org:80/a", "https://example.org:80/a"],
      ["http://example.org:/a", "http://example.org/a"],
      ["http://Example.org", "http://example.org/"],
      ["http://example.org?x", "http://example.org/?x"],
      ["ftp://FTP.Example.org:21/pub", "ftp://ftp.example.org/pub"],
      ["https://User:PassWord@Example.ORG:443/x", "https://User:PassWord@example.org/x"],
      ["http://[2001:DB8::1]:80/x", "http://[2001:db8::1]/x"],
      ["http://[2001:DB8::1]/x", "http://[2001:db8::1]/x"],
      ["https://EXAMPLE.org/%7Efoo/%C3%A9", "https://example.org/%7Efoo/%C3%A9"],
      // Only ASCII letters change case: hosts outside ASCII stay as written.
      ["https://BÜCHER.example/", "https://bÜcher.example/"],
      ["mailto:Someone@Example.ORG", "mailto:Someone@Example.ORG"],
      ["urn:example:A", "urn:example:A"],
    ];
    for (const [url, key] of cases) assert.equal(locatorUrlKey(url), key, url);
  });

  it("is idempotent, keeps path, query and fragment as written, gives http(s) a path", () => {
    const url = fc
      .tuple(
        fc.constantFrom("http", "HTTP", "https", "Https", "ftp", "ws"),
        fc.stringMatching(/^[A-Za-z0-9.-]{1,12}$/),
        fc.constantFrom("", ":", ":80", ":443", ":21", ":8080"),
        fc.constantFrom("", "/", "/a", "/A", "/a?b=C", "/%7E#x", "?q", "#f"),
      )
      .map(([s, h, p, r]) => `${s}://${h}${p}${r}`);
    fc.assert(
      fc.property(url, (u) => {
        const k = locatorUrlKey(u);
        assert.equal(locatorUrlKey(k), k);
        assert.equal(k, k.slice(0, k.indexOf("://")).toLowerCase() + k.slice(k.indexOf("://")));
        // The path, query and fragment come through unchanged.
        const rest = /^[^:]+:\/\/[^/?#]*(.*)$/.exec(u)?.[1] ?? "";
        assert.ok(k.endsWith(rest), `${u} → ${k}`);
        assert.ok(!k.startsWith("http") || /^https?:\/\/[^/?#]*\//.test(k), k);
      }),
    );
  });

  it(
    "PostgreSQL's urnkit_url_key gives the same keys, as versions 8, 16 and 23 wrote it",
    {
      skip: PG_SKIP,
    },
    () =>
      onTestDatabase(async (client) => {
        const m8 = pgMigrations.find((m) => m.version === 8)?.sql ?? "";
        const m16 = pgMigrations.find((m) => m.version === 16)?.sql ?? "";
        const m23 = pgMigrations.find((m) => m.version === 23)?.sql ?? "";
        const versions = [
          m8.slice(m8.indexOf("CREATE FUNCTION urnkit_url_key"), m8.indexOf("ALTER TABLE")),
          m16,
          m23,
        ];
        assert.ok(versions.every((fn) => fn.includes("urnkit_url_key")));
        const anyUrl = fc.oneof(
          fc.webUrl({ withQueryParameters: true, withFragments: true }),
          fc
            .tuple(
              fc.stringMatching(/^[A-Za-z][A-Za-z0-9+.-]{0,5}$/),
              fc.string({
                unit: fc.constantFrom("a", "B", ":", "@", "[", "]", "1", "8", "0"),
                maxLength: 10,
              }),
              fc.string({ unit: fc.constantFrom("/", "?", "#", "A", "é", "%", "x"), maxLength: 6 }),
            )
            .map(([s, a, r]) => `${s}://${a}${r}`),
          fc.string({ maxLength: 20 }).filter((s) => !s.includes("\0") && s.isWellFormed()),
          // Version 23's quick path: URLs in their key's form, and those one character from it
          // (an uppercase letter, a port, userinfo, a query or fragment before any path).
          fc
            .tuple(
              fc.constantFrom("http", "https", "ftp", "ws", "a+b.c-d", "Http", "x"),
              fc.stringMatching(/^[a-z0-9.-]{0,10}$/),
              fc.constantFrom("", "", "", "X", ":", ":80", ":8080", "@", "u@", "?", "#"),
              fc.constantFrom("/", "/a", "/A?b#c", "//x", "", "?q", "#f"),
            )
            .map(([s, h, odd, r]) => `${s}://${h}${odd}${r}`),
        );
        for (const fn of versions) {
          await client.query(fn.replace("CREATE FUNCTION", "CREATE OR REPLACE FUNCTION"));
          await fc.assert(
            fc.asyncProperty(fc.array(anyUrl, { minLength: 1, maxLength: 50 }), async (urls) => {
              const { rows } = await client.query<{ k: string }>(
                "SELECT urnkit_url_key(u) AS k FROM unnest($1::text[]) WITH ORDINALITY AS t(u, n) ORDER BY n",
                [urls],
              );
              assert.deepEqual(
                rows.map((r) => r.k),
                urls.map(locatorUrlKey),
              );
            }),
            { numRuns: 40 },
          );
        }
      }),
  );
});

/** Rows of a version 7 registry: an active record and a tombstone, each with a locator. */
const V7_ROWS = [
  `INSERT INTO records (id, key, urn, nid, status, metadata, created, updated)
   VALUES (1, 'urn:example:old-1', 'urn:example:old-1', 'example', 'active', '{"title":"Harbour maps"}', '2020-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z')`,
  `INSERT INTO records (id, key, urn, nid, status, metadata, reason, deactivated, created, updated)
   VALUES (2, 'urn:example:old-2', 'urn:example:old-2', 'example', 'deactivated', '{"title":"Harbour lights"}', 'gone', '2021-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z')`,
  `INSERT INTO locators (record_id, url, created) VALUES (1, 'HTTP://Old.Example:80/m', '2020-01-01T00:00:00.000Z')`,
  `INSERT INTO locators (record_id, url, created) VALUES (2, 'https://Old.Example/l', '2020-01-01T00:00:00.000Z')`,
];

async function searchesOldRows(store: Store): Promise<void> {
  const urns = async (q: Parameters<Store["search"]["records"]>[0]) =>
    (await store.search.records(q)).map((h) => h.record.urn);
  assert.deepEqual(await urns({ url: "http://old.example/m", order: "id", limit: 10 }), [
    "urn:example:old-1",
  ]);
  assert.deepEqual(await urns({ url: "https://OLD.example:443/l", order: "id", limit: 10 }), [
    "urn:example:old-2",
  ]);
  assert.deepEqual(await urns({ words: ["harbour"], order: "id", limit: 10 }), [
    "urn:example:old-1",
    "urn:example:old-2",
  ]);
  assert.deepEqual(await urns({ words: ["lights"], order: "id", limit: 10 }), [
    "urn:example:old-2",
  ]);
}

describe("migration 8 on a registry of version 7", () => {
  it("SQLite: keys for every locator (a tombstone's too) and full text for every record", () =>
    inTemporaryDirectory(async (file) => {
      sqliteFileAtVersion(file, 7, V7_ROWS);
      const store = new SqliteStore({ filename: file });
      await store.migrate();
      try {
        await searchesOldRows(store);
        // The tombstone guard is back, and a key is as fixed as its URL.
        assert.throws(
          () => store.db.exec("UPDATE locators SET priority = 5 WHERE record_id = 2"),
          /deactivated URN keeps its locators/,
        );
        assert.throws(
          () => store.db.exec("UPDATE locators SET url_key = 'x' WHERE record_id = 1"),
          /a locator keeps its record, URL/,
        );
      } finally {
        await store.close();
      }
    }));

  it("PostgreSQL: the same", { skip: PG_SKIP }, () =>
    onTestDatabase(async (client, url) => {
      await postgresAtVersion(client, 7);
      // Explicit ids into an identity column.
      for (const sql of V7_ROWS)
        await client.query(sql.replace(/\)\s+VALUES/, ") OVERRIDING SYSTEM VALUE VALUES"));
      const store = await openTestPostgresStore({ url });
      try {
        await searchesOldRows(store);
        await assert.rejects(store.pool.query("UPDATE locators SET url_key = 'x'"), /url_key/);
      } finally {
        await store.close();
      }
    }),
  );
});
