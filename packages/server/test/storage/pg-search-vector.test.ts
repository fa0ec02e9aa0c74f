// The PostgreSQL full-text index's function (schema version 22, PL/pgSQL with one expression)
// computes the same tsvector as the SQL function of version 8 that built the index, for any URN
// and metadata (escapes in the JSON text of its strings included): the index stays valid without a
// rebuild, and searches find the same records.

import assert from "node:assert/strict";
import { describe } from "node:test";
import fc from "fast-check";
import pg from "pg";
import { migrations } from "../../src/storage/postgres/migrations.js";
import {
  createTestDatabase,
  openTestPostgresStore,
  PG_SKIP,
  type TestDatabase,
} from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

/** Version 8's definition, as that migration created it, under another name. */
function version8Function(): string {
  const sql = migrations.find((m) => m.version === 8)?.sql ?? "";
  const definition = /CREATE FUNCTION urnkit_search_vector\([\s\S]*?\n\$\$;/.exec(sql)?.[0];
  assert.ok(definition !== undefined, "version 8 defines urnkit_search_vector");
  return definition.replace("CREATE FUNCTION urnkit_search_vector", "CREATE FUNCTION v8_vector");
}

/**
 * JSON values as metadata holds them: strings with punctuation and non-ASCII letters, and with
 * what JSON's text escapes (quotes, backslashes, control characters) next to letters.
 */
const word = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.string({
    unit: fc.constantFrom(
      "a",
      "b",
      "n",
      "u",
      "0",
      "1",
      "f",
      " ",
      "/",
      "\\",
      '"',
      "\n",
      "\t",
      "\u0001",
      "\u001f",
    ),
    maxLength: 12,
  }),
);
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    word,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(word, tie("value"), { maxKeys: 4 }),
  ),
})).value;

describe("the full-text function of version 22 (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  let db: TestDatabase;
  let client: pg.Client;
  before(async () => {
    db = await createTestDatabase();
    await (await openTestPostgresStore({ url: db.url })).close();
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
    await client.query(version8Function());
  });
  after(async () => {
    await client?.end();
    await db?.drop();
  });

  const vector = async (urn: string, metadata: string | null) =>
    (
      await client.query<{ now: string; v8: string }>(
        "SELECT urnkit_search_vector($1, $2)::text AS now, v8_vector($1, $2)::text AS v8",
        [urn, metadata],
      )
    ).rows[0];

  it("is PL/pgSQL now", async () => {
    const { rows } = await client.query<{ lanname: string }>(
      `SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
       WHERE p.proname = 'urnkit_search_vector'`,
    );
    assert.deepEqual(
      rows.map((r) => r.lanname),
      ["plpgsql"],
    );
  });

  it("the URN's words without metadata, the string values' words with it", async () => {
    // Runs of letters and digits, lowercased, numbered in order.
    assert.deepEqual(await vector("urn:example:A-1", null), {
      now: "'1':4 'a':3 'example':2 'urn':1",
      v8: "'1':4 'a':3 'example':2 'urn':1",
    });
    // Only string values count: the number 7, true and null add no words.
    const metadata = JSON.stringify({ title: "Soil Report", n: 7, ok: true, x: null });
    const { now, v8 } = (await vector("urn:example:b", metadata)) ?? {};
    assert.equal(now, v8);
    assert.equal(now, "'b':3 'example':2 'report':5 'soil':4 'urn':1");
  });

  it("an escape in the metadata's JSON text joins no word", async () => {
    // JSON writes these strings as a\nb, a\\nb, a\"b and a\u0001b: each is the two words a, b.
    for (const value of ["a\nb", "a\\nb", 'a"b', "a\u0001b"]) {
      const { now, v8 } = (await vector("urn:example:c", JSON.stringify({ value }))) ?? {};
      assert.equal(now, v8, JSON.stringify(value));
    }
    assert.equal(
      (await vector("urn:example:c", JSON.stringify({ v: "a\tb" })))?.now,
      "'a':4 'b':5 'c':3 'example':2 'urn':1",
    );
    // A backslash before an n is a backslash and a letter: the word is "nb".
    assert.equal(
      (await vector("urn:example:c", JSON.stringify({ v: "a\\nb" })))?.now,
      "'a':4 'c':3 'example':2 'nb':5 'urn':1",
    );
  });

  it("equals version 8's for any URN text and metadata", async () => {
    await fc.assert(
      fc.asyncProperty(word, fc.option(json, { nil: undefined }), async (nss, metadata) => {
        const urn = `urn:example:${nss}`;
        const text = metadata === undefined ? null : JSON.stringify(metadata);
        const { now, v8 } = (await vector(urn, text)) ?? {};
        assert.equal(now, v8);
      }),
      { numRuns: 500 },
    );
  });
});
