// The record lifecycle both engines apply inside their write transactions (RFC 8141 §1.1: a name
// is never reassigned; a deactivated one stays as a tombstone). Status only moves forward, and a
// tombstone is frozen: its locators and metadata stay as they were when it was deactivated, and
// the one thing it may still gain is a successor, once, when it was deactivated without one.

import { StateError } from "./errors.js";
import type { Deactivation, UrnRecord } from "./records.js";

export function tombstoneFrozen(urn: string): StateError {
  return new StateError(
    `${urn} is deactivated: its locators and metadata are kept as they were`,
    "tombstone-frozen",
  );
}

/** What a deactivation of `record` does, or the StateError refusing it. */
export function tombstoneStep(
  record: UrnRecord,
  change: Deactivation,
): "urn.deactivate" | "urn.successor" {
  if (record.status !== "deactivated") return "urn.deactivate";
  if (!change.successor)
    throw new StateError(`${record.urn} is already deactivated`, "already-deactivated");
  if (record.successors.length > 0)
    throw new StateError(
      `${record.urn} already has a successor (${record.successors[0]}); a tombstone's successor is recorded once`,
      "successor-exists",
    );
  return "urn.successor";
}
