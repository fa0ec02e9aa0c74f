// Importing a line whose URN is already registered: "unchanged" only when the line says exactly
// what the registry holds (status, reason, metadata and every locator field); anything else is a
// conflict reported with the line, never silently ignored. Both engines decide with this.

import type { Locator, RecordLine, UrnRecord } from "./store.js";

type LineLocator = NonNullable<RecordLine["locators"]>[number];

/** A locator's fields as an import line sets them (defaults filled in), in a sortable form. */
function locatorText(l: LineLocator | Locator): string {
  return JSON.stringify([l.url, l.priority ?? 0, l.mediaType ?? null, l.active !== false]);
}

export function sameAsLine(existing: UrnRecord, line: RecordLine): boolean {
  if (existing.status !== line.status) return false;
  if ((line.reason ?? null) !== existing.reason) return false;
  if (JSON.stringify(line.metadata ?? null) !== JSON.stringify(existing.metadata)) return false;
  const want = (line.locators ?? []).map(locatorText).sort();
  const have = existing.locators.map(locatorText).sort();
  return want.length === have.length && want.every((u, i) => u === have[i]);
}
