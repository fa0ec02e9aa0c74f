// Import and export of records as NDJSON lines (`/api/v1/import`, `/api/v1/export`): batches
// written each in one transaction, and an export read page by page.

import type { Actor } from "./audit.js";
import type { LocatorInput, RecordIdentifier, RecordStatus } from "./records.js";

/** One line of an import or export file (the NDJSON format of `/api/v1/import` and `/export`). */
export interface RecordLine {
  urn: string;
  status: RecordStatus;
  locators?: (LocatorInput & { created?: string })[];
  metadata?: Record<string, unknown> | null;
  reason?: string | null;
  deactivated?: string | null;
  successors?: string[];
  organisation?: string;
  prefix?: string;
  identifiers?: RecordIdentifier[];
  created?: string;
}

export interface ImportItem {
  line: number;
  key: string;
  nid: string;
  record: RecordLine;
  /** The record's successors with their keys, in the order of `record.successors`. */
  successors: { urn: string; key: string }[];
}

export interface ImportBatchResult {
  created: number;
  unchanged: number;
  conflicts: { line: number; urn: string; existing: string }[];
}

export interface ExportPage {
  lines: RecordLine[];
  /** Pass back to get the next page; null when done. */
  cursor: string | null;
}

/**
 * Batches of one import sent before the earlier ones are acknowledged. They commit in the order
 * sent, so a batch sent after one that failed fails too; each promise settles after its own
 * COMMIT (or with the batch's failure).
 */
export interface ImportSequence {
  /** Batches that may be sent before the first is acknowledged. */
  readonly depth: number;
  send(items: ImportItem[]): Promise<ImportBatchResult>;
}

export interface TransferStore {
  /** Imports one batch in one transaction: when it returns, the batch is durable. */
  importBatch(items: ImportItem[], actor: Actor): Promise<ImportBatchResult>;
  /**
   * An import's batches with several in flight, for an engine in another process (PostgreSQL)
   * that can work on one batch while this process reads the next. Absent: one batch at a time.
   */
  importSequence?(actor: Actor): ImportSequence;
  exportPage(cursor: string | null, limit: number): Promise<ExportPage>;
}
