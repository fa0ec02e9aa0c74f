// A record just created, as either engine reads it back (rows.ts toRecord over its stored rows):
// built from what was written, so a set of new records (createMany) need not be read back row
// by row. What the stored rows would add is known: no successors, every locator created with the
// record and none failing a link check (locator-rank.ts then orders them active first, the
// owner's before mirrors, by priority, then as written), identifiers by type and value in byte order (both engines compare
// them bytewise). Only its predecessors (deactivated URNs naming its key as their successor
// before it was registered) are read, for the whole set at once.

import type { NewRecord, RecordIdentifier, UrnRecord } from "./records.js";
import { type RecordColumns, toRecord } from "./rows.js";

/** A locator as written with a new record: its fields as stored. */
export interface NewLocator {
  url: string;
  priority: number;
  mediaType: string | null;
  active: boolean;
  owner: string | null;
}

const bytewise = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

function identifierOrder(a: RecordIdentifier, b: RecordIdentifier): number {
  return bytewise(a.type, b.type) || bytewise(a.value, b.value);
}

/** The row `input` is stored as at `t`, before the database gives it an id. */
export function newRecordColumns(input: NewRecord, t: string): Omit<RecordColumns, "id"> {
  return {
    key: input.key,
    urn: input.urn,
    nid: input.nid,
    status: input.status,
    metadata: input.metadata == null ? null : JSON.stringify(input.metadata),
    reason: null,
    deactivated: null,
    organisation: input.organisation ?? null,
    prefix: input.prefix ?? null,
    created: t,
    updated: t,
  };
}

/** `input` as stored at `t` with `locators` (as written, in order) and its predecessors' URNs. */
export function newRecord(
  input: NewRecord,
  locators: readonly NewLocator[],
  t: string,
  predecessors: string[],
): UrnRecord {
  // The record owner's locators before other organisations' (mirrors), as in LOCATOR_RANK.
  const owner = input.organisation ?? null;
  const mirror = (l: NewLocator) => Number(l.owner !== owner);
  const ranked = locators
    .map((l, i) => ({ l, i }))
    .sort(
      (x, y) =>
        Number(y.l.active) - Number(x.l.active) ||
        mirror(x.l) - mirror(y.l) ||
        y.l.priority - x.l.priority ||
        x.i - y.i,
    );
  return toRecord(
    { id: 0, ...newRecordColumns(input, t) },
    {
      locators: ranked.map(({ l }) => ({
        url: l.url,
        priority: l.priority,
        mediaType: l.mediaType,
        active: l.active,
        owner: l.owner,
        created: t,
      })),
      successors: [],
      predecessors,
      identifiers: (input.identifiers ?? [])
        .map(({ type, value }) => ({ type, value }))
        .sort(identifierOrder),
    },
  );
}
