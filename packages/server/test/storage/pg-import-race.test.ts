// A PostgreSQL import batch racing other writers. The batch inserts the keys it did not find
// stored; a writer that commits one of those keys first must still leave exactly one record per
// key (RFC 8141 §1.1: a name is never reassigned), and the import must report that line as
// unchanged or as a conflict, never fail. The import also keeps what one batch means: the first
// line of a key repeated in the batch wins, a locator URL repeated in a record is stored once.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { Store } from "../../src/storage/store.js";
import { importItem as item, CREATED as T } from "../import-items.js";
import { PG_SKIP, suiteStoreWithClient } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

/** The URNs the newest import batch's audit rows (one a created record) name, in line order. */
async function lastImportAudit(store: Store): Promise<unknown> {
  const rows = (await store.audit.list(50)).filter((e) => e.action === "urn.import");
  const batch = (rows[0]?.after as { batch?: string } | undefined)?.batch;
  return {
    created: rows
      .filter((e) => (e.after as { batch?: string }).batch === batch)
      .map((e) => e.target)
      .reverse(),
  };
}

describe("import batches racing other writers (postgres)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);

  const setup = suiteStoreWithClient({ before, after }, { nid: "example", local: true });
  /** The URLs of a record's locators, as stored. */
  const urlsOf = async (urn: string) =>
    (await setup.store.records.get(urn))?.locators.map((l) => l.url);

  it("a key another writer commits while the batch inserts is reported, not duplicated", async () => {
    // The other writer's rows exist but are uncommitted: the batch cannot see them, and its
    // insert waits on the key index until the other transaction ends.
    await setup.other.query("BEGIN");
    for (const [name, url] of [
      ["race-same", "https://race.example/same"],
      ["race-other", "https://race.example/theirs"],
    ]) {
      const id = await setup.insertOtherRecord(name as string);
      await setup.other.query(
        "INSERT INTO locators (record_id, url, created) VALUES ($1, $2, $3)",
        [id, url, T],
      );
    }
    const batch = setup.store.transfer.importBatch(
      [
        item(1, "race-new-1", { locators: [{ url: "https://race.example/1" }] }),
        item(2, "race-same", { locators: [{ url: "https://race.example/same" }] }),
        item(3, "race-other", { locators: [{ url: "https://race.example/ours" }] }),
        item(4, "race-new-2"),
      ],
      actor,
    );
    await setup.someoneWaits();
    await setup.other.query("COMMIT");

    assert.deepEqual(await batch, {
      created: 2,
      unchanged: 1,
      conflicts: [{ line: 3, urn: "urn:example:race-other", existing: "urn:example:race-other" }],
    });
    const counts = await setup.other.query<{ key: string; n: number }>(
      "SELECT key, count(*)::int AS n FROM records WHERE key LIKE 'urn:example:race-%' GROUP BY key ORDER BY key",
    );
    assert.deepEqual(
      counts.rows.map((r) => [r.key, r.n]),
      [
        ["urn:example:race-new-1", 1],
        ["urn:example:race-new-2", 1],
        ["urn:example:race-other", 1],
        ["urn:example:race-same", 1],
      ],
    );
    // The other writer's record keeps its own locator; the batch's created records have theirs.
    assert.deepEqual(await urlsOf("urn:example:race-other"), ["https://race.example/theirs"]);
    assert.deepEqual(await urlsOf("urn:example:race-new-1"), ["https://race.example/1"]);
    assert.deepEqual(await lastImportAudit(setup.store), {
      created: ["urn:example:race-new-1", "urn:example:race-new-2"],
    });
  });

  it("a key repeated in one batch is created from its first line", async () => {
    const result = await setup.store.transfer.importBatch(
      [
        item(10, "dup", { locators: [{ url: "https://dup.example/first" }] }),
        item(11, "dup-next"),
        item(12, "dup", { locators: [{ url: "https://dup.example/first" }] }),
        item(13, "dup", { locators: [{ url: "https://dup.example/second" }] }),
      ],
      actor,
    );
    assert.deepEqual(result, {
      created: 2,
      unchanged: 1,
      conflicts: [{ line: 13, urn: "urn:example:dup", existing: "urn:example:dup" }],
    });
    assert.deepEqual(await urlsOf("urn:example:dup"), ["https://dup.example/first"]);
    assert.deepEqual(await lastImportAudit(setup.store), {
      created: ["urn:example:dup", "urn:example:dup-next"],
    });
  });

  it("a locator URL repeated in a record is stored once, with its last fields", async () => {
    await setup.store.transfer.importBatch(
      [
        item(20, "loc", {
          locators: [
            { url: "https://loc.example/a", priority: 1, mediaType: "text/plain" },
            { url: "https://loc.example/b", active: false, created: "2025-03-01T00:00:00.000Z" },
            { url: "https://loc.example/a", priority: 7, mediaType: "text/html" },
          ],
        }),
      ],
      actor,
    );
    const locators = (await setup.store.records.get("urn:example:loc"))?.locators;
    assert.deepEqual(
      locators?.map((l) => [l.url, l.priority, l.mediaType, l.active, l.created]),
      [
        ["https://loc.example/a", 7, "text/html", true, T],
        ["https://loc.example/b", 0, null, false, "2025-03-01T00:00:00.000Z"],
      ],
    );
  });
});
