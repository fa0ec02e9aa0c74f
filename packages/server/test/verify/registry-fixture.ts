// A small registry with one of everything `urnkit verify` looks at, made through the store as the
// registry makes it, and the raw SQL the tests break it with, per engine.

import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import type { Engine, EngineHandle } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
export const PREFIX = "urn:example:p-";
export const DAY = "2026-11-20";

/**
 * The namespace "example"; organisation org-a with the prefix urn:example:p- (4 digits), whose
 * numbers 1 and 2 are reserved (next: 3), and urn:example:p-00099 named by a registrar (99 read
 * as a number, but not how the prefix writes one: 0099); urn:example:a with a locator and an
 * identifier; urn:example:b deactivated with a:a as successor. Resolutions of a: 4 by people in
 * their bucket, 2 rolled up and 1 still in the log.
 */
export async function buildRegistry(h: EngineHandle): Promise<void> {
  const { store } = h;
  await store.namespaces.create({ nid: "example", local: true }, actor);
  await store.organisations.create({ id: "org-a", name: "A" }, actor);
  await store.prefixes.create(
    { ...DEFAULT_POLICY, width: 4, prefix: PREFIX, nid: "example", organisation: "org-a" },
    actor,
  );
  const first = await store.prefixes.takeNumbers(PREFIX, 2, "prefix.reserve", actor);
  for (const n of [first, first + 1])
    await createUnder(h, `${PREFIX}${String(n).padStart(4, "0")}`, "reserved");
  await createUnder(h, `${PREFIX}00099`, "active");
  await store.records.create(
    {
      urn: "urn:example:a",
      key: "urn:example:a",
      nid: "example",
      status: "active",
      organisation: "org-a",
      locators: [{ url: "https://a.example/a" }],
      identifiers: [{ type: "isbn", value: "978-3-16-148410-0" }],
    },
    actor,
  );
  await store.records.create(
    { urn: "urn:example:b", key: "urn:example:b", nid: "example", status: "active" },
    actor,
  );
  await store.records.deactivate(
    "urn:example:b",
    { reason: "merged", successor: { urn: "urn:example:a", key: "urn:example:a" } },
    actor,
  );
  const a = await idOf(h, "urn:example:a");
  const bucket = { day: DAY, nid: "example", prefix: "", organisation: "org-a" };
  const resolved = (count: number) => ({
    ...bucket,
    outcome: "redirect" as const,
    bot: false,
    count,
  });
  const urn = (count: number) => ({ ...bucket, record: a, count, bots: 0 });
  await store.stats.add([resolved(3)], [urn(2)]);
  await store.stats.rollUpUrnLog("9999-12-31", 10);
  await store.stats.add([resolved(1)], [urn(1)]);
}

/**
 * A registry built afresh for each test of the enclosing suite (hooks of skippedWhen, so a
 * skipped suite builds none) and closed after it: read `h` in the tests.
 */
export function builtForEachTest(engine: Engine): { readonly h: EngineHandle } {
  const { beforeEach, afterEach } = skippedWhen(engine.skip);
  let made: EngineHandle | undefined;
  beforeEach(async () => {
    made = await engine.open();
    await buildRegistry(made);
  });
  afterEach(async () => {
    await made?.close();
    made = undefined;
  });
  return {
    get h() {
      if (made === undefined) throw new Error("the registry is built in the suite's beforeEach");
      return made;
    },
  };
}

export function createUnder(h: EngineHandle, urn: string, status: "reserved" | "active") {
  return h.store.records.create(
    { urn, key: urn, nid: "example", status, organisation: "org-a", prefix: PREFIX },
    actor,
  );
}

/** A record's id, read back from the table. */
export async function idOf(h: EngineHandle, urn: string): Promise<number> {
  const row = (await h.rawRows("records")).find((r) => r.urn === urn);
  if (row === undefined) throw new Error(`no record ${urn}`);
  return Number(row.id);
}

/** The engine's spelling of raw SQL. */
export function bySql(h: EngineHandle, sql: { sqlite: string; postgres: string }): Promise<void> {
  return h.rawExec(h.store.engine === "sqlite" ? sql.sqlite : sql.postgres);
}

/**
 * `statements` run with the trigger `name` on `table` out of the way, as an operator's SQL shell
 * would: in SQLite dropped and made again as it was; in PostgreSQL disabled, then enabled.
 */
export async function withTriggerLifted(
  h: EngineHandle,
  table: string,
  name: string,
  statements: string,
): Promise<void> {
  if (h.store.engine === "postgres") {
    await h.rawExec(
      `ALTER TABLE ${table} DISABLE TRIGGER ${name}; ${statements}; ALTER TABLE ${table} ENABLE TRIGGER ${name};`,
    );
    return;
  }
  const made = (await h.rawRows("sqlite_master")).find((row) => row.name === name);
  if (made === undefined) throw new Error(`no trigger ${name}`);
  await h.rawExec(`DROP TRIGGER ${name}; ${statements}; ${String(made.sql)};`);
}
