// A record's history in words for people: "Registered", "Deactivated: <reason>", "Locators
// changed" rather than the audit log's action names (urn.create, urn.deactivate, …), which stay
// in the line's title for whoever needs them.

import type { AuditEntry } from "../storage/audit.js";

/** The part of a record an audit row's before and after show. */
interface RecordSide {
  status?: string;
  reason?: string | null;
  locators?: unknown;
  metadata?: unknown;
  identifiers?: unknown;
  successors?: unknown;
}

function side(value: unknown): RecordSide {
  return typeof value === "object" && value !== null ? (value as RecordSide) : {};
}

/** What an update changed, named for people; "Changed" when the row does not say. */
function changes(before: RecordSide, after: RecordSide): string {
  const names: [keyof RecordSide, string][] = [
    ["locators", "locators"],
    ["metadata", "metadata"],
    ["identifiers", "identifiers"],
  ];
  const changed = names
    .filter(([field]) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map(([, name]) => name);
  if (changed.length === 0) return "Changed";
  const list = changed.join(" and ");
  return `${list[0]?.toUpperCase()}${list.slice(1)} changed`;
}

/** The successors `after` names that `before` did not. */
function newSuccessors(before: RecordSide, after: RecordSide): string[] {
  const earlier = new Set(Array.isArray(before.successors) ? before.successors : []);
  return (Array.isArray(after.successors) ? after.successors : []).filter(
    (s): s is string => typeof s === "string" && !earlier.has(s),
  );
}

/** One history line's wording. */
export function historyWording(entry: AuditEntry): string {
  const before = side(entry.before);
  const after = side(entry.after);
  switch (entry.action) {
    case "urn.create":
      if (after.status === "reserved") return "Reserved";
      if (after.status === "deactivated")
        return `Registered as deactivated: ${after.reason ?? "no reason given"}`;
      return "Registered";
    case "urn.import":
      return "Imported";
    case "urn.activate":
      return "Activated";
    case "urn.deactivate": {
      const added = newSuccessors(before, after);
      return `Deactivated: ${after.reason ?? "no reason given"}${added.length === 0 ? "" : ` (successor ${added.join(", ")})`}`;
    }
    case "urn.successor": {
      const added = newSuccessors(before, after);
      return added.length === 0 ? "Successor named" : `Successor named: ${added.join(", ")}`;
    }
    case "urn.update":
      return changes(before, after);
    default:
      return entry.action;
  }
}
