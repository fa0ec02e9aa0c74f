// Importing a line whose URN is already registered: "unchanged" only when the line says exactly
// what the registry holds (status, reason, metadata, organisation, prefix, identifiers and every
// locator field, its owner too); anything else is a conflict reported with the line, never
// silently ignored. Both engines decide with this.

import type { Locator, UrnRecord } from "./records.js";
import type { RecordLine } from "./transfer.js";

type LineLocator = NonNullable<RecordLine["locators"]>[number];

/** A locator's fields as an import line sets them (defaults filled in), in a sortable form. */
function locatorText(l: LineLocator | Locator): string {
  return JSON.stringify([
    l.url,
    l.priority ?? 0,
    l.mediaType ?? null,
    l.active !== false,
    l.owner ?? null,
  ]);
}

export function sameAsLine(existing: UrnRecord, line: RecordLine): boolean {
  if (existing.status !== line.status) return false;
  if ((line.reason ?? null) !== existing.reason) return false;
  if (JSON.stringify(line.metadata ?? null) !== JSON.stringify(existing.metadata)) return false;
  if ((line.organisation ?? null) !== existing.organisation) return false;
  if ((line.prefix ?? null) !== existing.prefix) return false;
  const ids = (xs: readonly { type: string; value: string }[]) =>
    JSON.stringify(xs.map((i) => [i.type, i.value]).sort());
  if (ids(line.identifiers ?? []) !== ids(existing.identifiers)) return false;
  const want = (line.locators ?? []).map(locatorText).sort();
  const have = existing.locators.map(locatorText).sort();
  return want.length === have.length && want.every((u, i) => u === have[i]);
}
