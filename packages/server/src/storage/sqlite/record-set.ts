// store.records.createMany on SQLite: a set of new records written with one statement per table
// (records and locators through row-sets.ts, audit rows), where
// records.create runs its statements record by record; the records are built from what was written
// (new-record.ts) rather than read back. Fewer statements matter more than they seem: SQLite
// opens a statement savepoint for each write whose triggers may abort it, and the full-text
// index (FTS5), as far as we can tell, writes out the terms it holds at a savepoint: row by row,
// with the full-text trigger, the record and locator inserts cost three times what one statement
// for the set does, and about what the set does without that trigger (measured on rows like the
// harvest bench's). The outcome is records.create's for each input:
// a key taken already, or by an earlier input of the set, is that input's ConflictError and the
// others are created. A record with identifiers, which the store may refuse after its row is
// written, is written on its own (as records.create, a savepoint of its own) so that a refusal
// leaves nothing. Keys are looked up first: the inserts read no table they write.

import type Database from "better-sqlite3";
import type { Actor } from "../audit.js";
import { ConflictError, keyTaken, StateError } from "../errors.js";
import { type NewLocator, newRecord } from "../new-record.js";
import type { CreateOutcome, NewRecord, UrnRecord } from "../records.js";
import { auditJson, now } from "../rows.js";
import { locatorUrlKey } from "./locator-url-key.js";
import { type LocatorRow, RowSets } from "./row-sets.js";

export interface RecordSetAccess {
  /** The URN registered under `key`, if any. */
  takenBy(key: string): string | undefined;
  /** records.create inside the caller's transaction, as a savepoint of its own. */
  alone(input: NewRecord, actor: Actor): UrnRecord;
}

export class SqliteRecordSet {
  readonly #access: RecordSetAccess;
  readonly #rows: RowSets;
  readonly #audit: Database.Statement<
    [{ token: number | null; channel: string | null; json: string; t: string }]
  >;
  readonly #predecessors: Database.Statement<[string], { key: string; urn: string }>;

  constructor(db: Database.Database, access: RecordSetAccess) {
    this.#access = access;
    this.#rows = new RowSets(db);
    this.#audit = db.prepare(
      `INSERT INTO audit (token_id, channel, action, target, before, after, at)
       SELECT @token, @channel, 'urn.create', value ->> 0, NULL, value ->> 1, @t
       FROM json_each(@json) ORDER BY key`,
    );
    this.#predecessors = db.prepare(
      `SELECT s.successor_key AS key, r.urn FROM successors s JOIN records r ON r.id = s.record_id
       WHERE s.successor_key IN (SELECT value FROM json_each(?)) ORDER BY r.id`,
    );
  }

  /** Writes the set inside the caller's transaction. */
  create(inputs: readonly NewRecord[], actor: Actor): CreateOutcome[] {
    const access = this.#access;
    const outcomes: (CreateOutcome | undefined)[] = [];
    /** The input of the set that takes each key. */
    const claimed = new Map<string, NewRecord>();
    const plain: NewRecord[] = [];
    for (const input of inputs) {
      const taken = claimed.get(input.key)?.urn ?? access.takenBy(input.key);
      if (taken !== undefined) {
        outcomes.push(keyTaken(taken));
        continue;
      }
      if ((input.identifiers?.length ?? 0) === 0) {
        claimed.set(input.key, input);
        plain.push(input);
        outcomes.push(undefined);
        continue;
      }
      try {
        outcomes.push(access.alone(input, actor));
        claimed.set(input.key, input);
      } catch (error) {
        if (!(error instanceof ConflictError || error instanceof StateError)) throw error;
        outcomes.push(error);
      }
    }
    if (plain.length === 0) return outcomes as CreateOutcome[];

    const t = now();
    const ids = this.#rows.records(
      plain.map((r) => [
        r.key,
        r.urn,
        r.nid,
        r.status,
        r.metadata == null ? null : JSON.stringify(r.metadata),
        null,
        null,
        r.organisation ?? null,
        r.prefix ?? null,
        t,
        t,
      ]),
    );
    const written = new Map<string, NewLocator[]>();
    const locators: LocatorRow[] = [];
    for (const r of plain) {
      const own = (r.locators ?? []).map(
        (l): NewLocator => ({
          url: l.url,
          priority: l.priority ?? 0,
          mediaType: l.mediaType ?? null,
          active: l.active !== false,
          owner: l.owner ?? r.organisation ?? null,
        }),
      );
      written.set(r.key, own);
      for (const l of own)
        locators.push([
          ids.get(r.key) as number,
          l.url,
          locatorUrlKey(l.url),
          l.priority,
          l.mediaType,
          l.active ? 1 : 0,
          l.owner,
          t,
        ]);
    }
    this.#rows.locators(locators);
    const predecessors = new Map<string, string[]>();
    for (const p of this.#predecessors.all(JSON.stringify(plain.map((r) => r.key))))
      predecessors.set(p.key, [...(predecessors.get(p.key) ?? []), p.urn]);
    const audit: [string, string | null][] = [];
    const result = inputs.map((input, i): CreateOutcome => {
      const outcome = outcomes[i];
      if (outcome !== undefined) return outcome;
      const record = newRecord(
        input,
        written.get(input.key) ?? [],
        t,
        predecessors.get(input.key) ?? [],
      );
      audit.push([input.urn, auditJson(record)]);
      return record;
    });
    this.#audit.run({
      token: actor.tokenId,
      channel: actor.channel ?? null,
      json: JSON.stringify(audit),
      t: now(),
    });
    return result;
  }
}
