// SQLite's group commit (storage/sqlite/commit-group.ts): mints asked for in the same turn share
// one transaction, and none of a mint's guarantees is weakened by it. Each caller is answered
// only once its mint is committed (another connection reads it then), no number is minted twice
// or skipped, each mint keeps its audit rows, and a mint that fails takes back only its own
// number and rows, even a failure that ends the whole transaction.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import Database from "better-sqlite3";
import type { NewRecord } from "../../src/storage/records.js";
import { CommitGroup } from "../../src/storage/sqlite/commit-group.js";
import { openSqliteStore, type SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";

const operator = { tokenId: null };
const PREFIX = "urn:example:g-";

function record(n: number): NewRecord {
  const urn = `${PREFIX}${n}`;
  return { urn, key: urn, nid: "example", status: "reserved", organisation: "org", prefix: PREFIX };
}

describe("group commit on SQLite", () => {
  let dir: string;
  let store: SqliteStore;
  let reader: Database.Database;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-group-"));
    store = await openSqliteStore(join(dir, "db.sqlite"));
    await store.namespaces.create({ nid: "example", local: true }, operator);
    await store.organisations.create({ id: "org", name: "Org" }, operator);
    await store.prefixes.create(
      {
        prefix: PREFIX,
        nid: "example",
        organisation: "org",
        naming: null,
        urls: [],
        modes: ["resolver"],
        width: 4,
        check: "none",
        delegate: null,
        mirrors: false,
        mirrorUrls: [],
      },
      operator,
    );
    // A second connection, as another process would read the file.
    reader = new Database(join(dir, "db.sqlite"), { readonly: true });
  });
  after(async () => {
    reader.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const mint = (make: (n: number) => NewRecord | null = record) =>
    store.records.mintMany?.(PREFIX, 1, make, 100, "prefix.mint", operator) as Promise<
      { urn: string }[] | null
    >;
  const committed = (urn: string) =>
    reader.prepare("SELECT count(*) AS n FROM records WHERE urn = ?").get(urn) as { n: number };
  const auditRows = (action: string) =>
    (
      reader.prepare("SELECT count(*) AS n FROM audit WHERE action = ?").get(action) as {
        n: number;
      }
    ).n;

  it("eight mints of one turn: distinct numbers in a row, each committed when answered", async () => {
    const answered: string[] = [];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        const urn = (await mint())?.[0]?.urn as string;
        // Committed before the answer: another connection already reads it.
        assert.equal(committed(urn).n, 1, urn);
        answered.push(urn);
      }),
    );
    assert.deepEqual(
      answered.sort(),
      Array.from({ length: 8 }, (_, i) => `${PREFIX}${i + 1}`).sort(),
    );
    assert.equal(auditRows("prefix.mint"), 8);
    assert.equal(auditRows("urn.create"), 8);
  });

  it("a mint that fails is refused alone: its number goes to the next, no row of it stays", async () => {
    const failing = (n: number): NewRecord => {
      throw new Error(`refused ${n}`);
    };
    const outcomes = await Promise.allSettled([mint(), mint(failing), mint(), mint()]);
    assert.deepEqual(
      outcomes.map((o) => (o.status === "fulfilled" ? o.value?.[0]?.urn : String(o.reason))),
      [`${PREFIX}9`, "Error: refused 10", `${PREFIX}10`, `${PREFIX}11`],
    );
    assert.equal(auditRows("prefix.mint"), 11);
    assert.equal(auditRows("urn.create"), 11);
    assert.equal(
      (reader.prepare("SELECT next FROM prefixes WHERE prefix = ?").get(PREFIX) as { next: number })
        .next,
      12,
    );
  });

  it("units of one turn share one transaction: the second sees the first uncommitted", async () => {
    const db = store.db;
    db.exec("CREATE TABLE shared (n INTEGER)");
    const group = new CommitGroup(db);
    const seen = (from: Database.Database) =>
      (from.prepare("SELECT count(*) AS n FROM shared").get() as { n: number }).n;
    const [, second] = await Promise.all([
      group.run(() => db.prepare("INSERT INTO shared VALUES (1)").run()),
      group.run(() => ({ inside: seen(db), outside: seen(reader) })),
    ]);
    assert.deepEqual(second, { inside: 1, outside: 0 });
    assert.equal(seen(reader), 1);
  });

  it("a unit whose failure ends the transaction is refused alone; the others are kept", async () => {
    const db = store.db;
    db.exec("CREATE TABLE scratch (n INTEGER)");
    const group = new CommitGroup(db);
    const insert = (n: number) => () => db.prepare("INSERT INTO scratch VALUES (?)").run(n).changes;
    const outcomes = await Promise.allSettled([
      group.run(insert(1)),
      group.run(() => {
        // As SQLite does on some I/O errors: the whole transaction is rolled back.
        db.exec("ROLLBACK");
        throw new Error("disk I/O error");
      }),
      group.run(insert(3)),
    ]);
    assert.deepEqual(
      outcomes.map((o) => (o.status === "fulfilled" ? o.value : String(o.reason))),
      [1, "Error: disk I/O error", 1],
    );
    assert.equal(db.inTransaction, false);
    assert.deepEqual(db.prepare("SELECT n FROM scratch ORDER BY n").all(), [{ n: 1 }, { n: 3 }]);
  });
});
