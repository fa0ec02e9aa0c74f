// store.records.createMany on PostgreSQL: a set of new records written with one statement per table
// (records, locators, identifiers, the predecessors read, the audit rows) where records.create
// sends its statements record by record, each a round trip. The records are not read back: each
// is built from what was written (new-record.ts). The outcome is records.create's for each input:
// a key taken already, or by an earlier input of the set, is that input's ConflictError and the
// others are created; an input with identifiers but no organisation is never inserted, and
// refused unless its key is taken. A set whose identifiers the database refuses (taken by another
// record, or twice in the set) is rolled back whole by the caller and written record by record,
// so each input gets records.create's own answer. The statement-level triggers (full text,
// assignment counts) see the set as one insert.

import type pg from "pg";
import type { Actor } from "../audit.js";
import { keyTaken, StateError } from "../errors.js";
import { type NewLocator, newRecord } from "../new-record.js";
import type { CreateOutcome, NewRecord, UrnRecord } from "../records.js";
import { auditJson, now } from "../rows.js";

/** The database refused an identifier of the set: the set is to be written record by record. */
export class IdentifierClash extends Error {
  constructor() {
    super("an identifier of the set is taken");
    this.name = "IdentifierClash";
  }
}

/**
 * JSON texts (or null) as one text parameter, split by the database: a text[] of JSON would have
 * every quote escaped by the driver and parsed back by the server, which took about 17 µs of an
 * audit row of 700 bytes. JSON.stringify never leaves U+001E or U+001F unescaped, so the first
 * separates the texts and the second stands for null.
 */
function jsonTexts(texts: readonly (string | null)[]): string {
  return texts.map((t) => t ?? "\x1f").join("\x1e");
}

/** The parameter `jsonTexts` made, as a text[] in the statement. */
const JSON_TEXTS = (n: number) => `string_to_array($${n}, chr(30), chr(31))`;

const INSERT_RECORDS = `INSERT INTO records (key, urn, nid, status, metadata, organisation, prefix, created, updated)
SELECT key, urn, nid, status, metadata, organisation, prefix, $8, $8
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], ${JSON_TEXTS(5)}, $6::text[], $7::text[])
  WITH ORDINALITY AS i(key, urn, nid, status, metadata, organisation, prefix, n)
ORDER BY n
ON CONFLICT (key) DO NOTHING
RETURNING id, key`;

const INSERT_LOCATORS = `INSERT INTO locators (record_id, url, priority, media_type, active, owner, created)
SELECT record_id, url, priority, media_type, active, owner, $7
FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::boolean[], $6::text[])
  WITH ORDINALITY AS l(record_id, url, priority, media_type, active, owner, n)
ORDER BY n`;

const INSERT_IDENTIFIERS = `INSERT INTO record_identifiers (organisation, type, value, record_id, created)
SELECT organisation, type, value, record_id, $5
FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS i(organisation, type, value, record_id)
ON CONFLICT DO NOTHING`;

/** The URNs naming each key as their successor (deactivated before the key was registered). */
const PREDECESSORS = `SELECT s.successor_key AS key, r.urn
FROM successors s JOIN records r ON r.id = s.record_id
WHERE s.successor_key = ANY($1::text[]) ORDER BY r.id`;

const INSERT_AUDIT = `INSERT INTO audit (token_id, channel, action, target, before, after, at)
SELECT $1, $5::text, 'urn.create', target, NULL, after, $2
FROM unnest($3::text[], ${JSON_TEXTS(4)}) WITH ORDINALITY AS a(target, after, n)
ORDER BY n`;

/**
 * A new record's locators one per URL, as records.create's upserts leave them: a URL given twice
 * keeps its first owner and position and takes its last priority, media type and activity.
 */
function storedLocators(input: NewRecord): NewLocator[] {
  const byUrl = new Map<string, NewLocator>();
  for (const l of input.locators ?? []) {
    const fields = {
      priority: l.priority ?? 0,
      mediaType: l.mediaType ?? null,
      active: l.active !== false,
    };
    const first = byUrl.get(l.url);
    if (first === undefined)
      byUrl.set(l.url, { url: l.url, ...fields, owner: l.owner ?? input.organisation ?? null });
    else Object.assign(first, fields);
  }
  return [...byUrl.values()];
}

/** Writes the set on `c` (the caller's transaction); throws IdentifierClash to have it rolled back. */
export async function createRecordSet(
  c: pg.PoolClient,
  inputs: readonly NewRecord[],
  actor: Actor,
): Promise<CreateOutcome[]> {
  const t = now();
  // Identifiers without an organisation: refused after the key (records.create inserts the row
  // first, so a taken key is the refusal then), and never inserted.
  const orphaned = (input: NewRecord) =>
    (input.identifiers?.length ?? 0) > 0 && (input.organisation ?? null) === null;
  const writing = inputs.filter((input) => !orphaned(input));
  const column = <T>(pick: (input: NewRecord) => T) => writing.map(pick);
  const inserted = await c.query<{ id: number; key: string }>(INSERT_RECORDS, [
    column((r) => r.key),
    column((r) => r.urn),
    column((r) => r.nid),
    column((r) => r.status),
    jsonTexts(column((r) => (r.metadata == null ? null : JSON.stringify(r.metadata)))),
    column((r) => r.organisation ?? null),
    column((r) => r.prefix ?? null),
    t,
  ]);
  const ids = new Map(inserted.rows.map((r) => [r.key, r.id]));
  // The input that created a key: the first of the set that names it.
  const creator = new Map<string, NewRecord>();
  for (const input of writing)
    if (ids.has(input.key) && !creator.has(input.key)) creator.set(input.key, input);

  const locators = { record: [] as number[], url: [] as string[], priority: [] as number[] };
  const mediaTypes: (string | null)[] = [];
  const actives: boolean[] = [];
  const owners: (string | null)[] = [];
  const identifiers = {
    organisation: [] as string[],
    type: [] as string[],
    value: [] as string[],
    record: [] as number[],
  };
  const written = new Map<string, NewLocator[]>();
  for (const [key, input] of creator) {
    const id = ids.get(key) as number;
    const stored = storedLocators(input);
    written.set(key, stored);
    for (const l of stored) {
      locators.record.push(id);
      locators.url.push(l.url);
      locators.priority.push(l.priority);
      mediaTypes.push(l.mediaType);
      actives.push(l.active);
      owners.push(l.owner);
    }
    for (const i of input.identifiers ?? []) {
      identifiers.organisation.push(input.organisation as string);
      identifiers.type.push(i.type);
      identifiers.value.push(i.value);
      identifiers.record.push(id);
    }
  }
  if (locators.url.length > 0)
    await c.query(INSERT_LOCATORS, [
      locators.record,
      locators.url,
      locators.priority,
      mediaTypes,
      actives,
      owners,
      t,
    ]);
  if (identifiers.value.length > 0) {
    const stored = await c.query(INSERT_IDENTIFIERS, [
      identifiers.organisation,
      identifiers.type,
      identifiers.value,
      identifiers.record,
      t,
    ]);
    if (stored.rowCount !== identifiers.value.length) throw new IdentifierClash();
  }

  const created = new Map<string, UrnRecord>();
  if (ids.size > 0) {
    const predecessors = new Map<string, string[]>();
    const { rows } = await c.query<{ key: string; urn: string }>(PREDECESSORS, [[...ids.keys()]]);
    for (const p of rows) predecessors.set(p.key, [...(predecessors.get(p.key) ?? []), p.urn]);
    for (const [key, input] of creator)
      created.set(key, newRecord(input, written.get(key) ?? [], t, predecessors.get(key) ?? []));
  }
  // The keys the set did not create: taken before, by another writer, or by an earlier input.
  const holders = new Map<string, string>();
  const before = inputs.filter((input) => !created.has(input.key)).map((input) => input.key);
  if (before.length > 0) {
    const { rows } = await c.query<{ key: string; urn: string }>(
      "SELECT key, urn FROM records WHERE key = ANY($1::text[])",
      [before],
    );
    for (const row of rows) holders.set(row.key, row.urn);
  }
  const targets: string[] = [];
  const afters: (string | null)[] = [];
  /** Whether an input before the one at `i` created its key. */
  const createdBefore = (key: string, i: number) => {
    const first = creator.get(key);
    return first !== undefined && inputs.indexOf(first) < i;
  };
  const result = inputs.map((input, i): CreateOutcome => {
    const record = created.get(input.key);
    const holder = holders.get(input.key);
    if (holder !== undefined) return keyTaken(holder);
    if (orphaned(input)) {
      if (record !== undefined && createdBefore(input.key, i)) return keyTaken(record.urn);
      return new StateError("identifiers belong to an organisation", "organisation-required");
    }
    if (record === undefined || creator.get(input.key) !== input)
      return keyTaken(record?.urn ?? input.key);
    targets.push(input.urn);
    afters.push(auditJson(record));
    return record;
  });
  if (targets.length > 0)
    await c.query(INSERT_AUDIT, [
      actor.tokenId,
      now(),
      targets,
      jsonTexts(afters),
      actor.channel ?? null,
    ]);
  return result;
}
