// The audit log: who did each write, and what it changed. Every write of the store adds its row in
// the write's own transaction; this concern reads them back.

/**
 * The way a write came in when it was not urnkit's own (JSON API, web UI, command line, harvest):
 * "dnb", the DNB URN-Service API v2. The audit row is otherwise the same.
 */
export type AuditChannel = "dnb";
export const AUDIT_CHANNELS: readonly AuditChannel[] = ["dnb"];

/** Who did a write, for the audit row. null for the command line and first-start seeding. */
export interface Actor {
  tokenId: number | null;
  /** Absent or null: one of urnkit's own ways in. */
  channel?: AuditChannel | null;
}

/** What a write's audit row records, as the concern making the write hands it over. */
export type AuditRow = [
  actor: Actor,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
];

export interface AuditEntry {
  id: number;
  tokenId: number | null;
  /** How the write came in, when not by urnkit's own API, UI or command line. */
  channel: AuditChannel | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: string;
}

/** Which audit rows to read: older than `before` (an audit id), about one of `targets`. */
export interface AuditQuery {
  before?: number;
  /** The URNs (as spelled in the audit rows), NIDs or tokens ("token:<id>") the rows are about. */
  targets?: readonly string[];
  /**
   * Only the rows of this organisation: written by one of its tokens, or about the organisation,
   * one of its prefixes or one of its tokens.
   */
  organisation?: string;
}

export interface AuditStore {
  /** The audit log, newest first. */
  list(limit: number, query?: AuditQuery): Promise<AuditEntry[]>;
}
