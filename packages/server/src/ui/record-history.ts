// A record's audit history for its page. The storage contract reads the audit log newest first
// across all targets, so this walks it back in pages; a bound keeps one page view cheap on a
// busy registry (the page then shows the most recent entries found).

import type { AuditEntry, Store, UrnRecord } from "../storage/store.js";

const PAGE = 500;
const MAX_SCANNED = 20000;

export async function recordHistory(
  store: Store,
  record: UrnRecord,
  limit = 50,
): Promise<AuditEntry[]> {
  const names = new Set(record.spellings.concat(record.urn));
  const found: AuditEntry[] = [];
  let before: number | undefined;
  for (let scanned = 0; scanned < MAX_SCANNED && found.length < limit; scanned += PAGE) {
    const entries = await store.audit(PAGE, before);
    for (const e of entries) if (names.has(e.target)) found.push(e);
    if (entries.length < PAGE) break;
    before = entries[entries.length - 1]?.id;
  }
  return found.slice(0, limit);
}
