// A record's audit history for its page: the audit rows about any spelling it was registered
// under, read through the audit log's target index (newest first).

import type { AuditEntry } from "../storage/audit.js";
import type { UrnRecord } from "../storage/records.js";
import type { Store } from "../storage/store.js";

export async function recordHistory(
  store: Store,
  record: UrnRecord,
  limit = 50,
): Promise<AuditEntry[]> {
  const targets = [...new Set(record.spellings.concat(record.urn))];
  return store.audit.list(limit, { targets });
}
