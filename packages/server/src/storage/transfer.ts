// Import and export of records as NDJSON lines (`/api/v1/import`, `/api/v1/export`): batches
// written each in one transaction, and an export read page by page.

import type { Actor } from "./audit.js";
import type { LocatorInput, RecordIdentifier, RecordStatus } from "./records.js";
import type { LineObject, ReadKind, TableKind, TableRow } from "./registry-tables/table-kind.js";

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
  /** What a whole registry's export keeps besides the record line (restored as it was). */
  restore?: RestoredRecord;
}

/** A locator's link-check marks. */
export interface LinkMarks {
  linkFailing: boolean;
  linkChecked: boolean;
}

/**
 * A record's times and marks as the registry it was exported from held them, each list in the
 * order of the record line's own (an object keyed by URL would take a new hidden class for every
 * locator of a restore).
 */
export interface RestoredRecord {
  updated: string;
  /** When each successor was linked: `successors`' times. */
  successorsLinked: readonly string[];
  /** When each identifier was given: `record.identifiers`' times. */
  identifiersGiven: readonly string[];
  /** Each locator's link-check marks: `record.locators`' marks. */
  locatorMarks: readonly LinkMarks[];
}

/** How far a `urnkit copy` into this database got: the lines of its source committed here. */
export interface CopyCheckpoint {
  /** The source as given (without a password). */
  source: string;
  /** The source export's first line. */
  header: string;
  /** The last line committed. */
  line: number;
  started: string;
  finished: string | null;
}

/**
 * A batch of a restore (the import of a whole registry's export): written as the lines say, under
 * the restore mark (the records are not counted again), with no audit row of its own (the export
 * carries the audit log); with the copy's checkpoint when given, in the same transaction.
 */
export interface RestoreBatch {
  checkpoint?: CopyCheckpoint;
  /**
   * The restore began on a registry that held nothing, and its lines do not repeat: rows are
   * inserted without looking for stored ones, a batch in one statement.
   */
  fresh?: boolean;
}

/**
 * The hidden field of a history line (a kind not keyed) in a restore that is not fresh: the line's
 * occurrence among the lines alike before it (1 for the first). The line is already stored when
 * the registry holds at least that many rows alike; absent, when it holds one.
 */
export const OCCURRENCE = "_occurrence";

export function occurrenceOf(line: LineObject): number {
  const n = line[OCCURRENCE];
  return typeof n === "number" ? n : 1;
}

/** What a row of a restore batch did: created, unchanged, or a conflict with the stored line. */
export type RowVerdict = "created" | "unchanged" | { conflict: LineObject };

/** A row of a restore batch the database refused: the batch was rolled back. */
export class RestoreRowError extends Error {
  /** The row's index in the batch. */
  readonly index: number;
  constructor(index: number, cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
    this.name = "RestoreRowError";
    this.index = index;
  }
}

/** A whole registry read over one consistent view, kind by kind in pages. */
export interface RegistryReader {
  /** Rows of `kind` after the position `after` (null: from the first) in the kind's order. */
  page(kind: ReadKind, after: readonly unknown[] | null, limit: number): Promise<TableRow[]>;
  close(): Promise<void>;
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
  send(items: ImportItem[], restore?: RestoreBatch): Promise<ImportBatchResult>;
  /**
   * A restore's batch of rows, written after every batch sent before it, up to `depth` of them in
   * flight like the records' (absent: the store's restoreRows, one batch at a time, once those
   * are acknowledged).
   */
  restoreRows?(
    kind: TableKind,
    lines: readonly LineObject[],
    batch: RestoreBatch,
  ): Promise<RowVerdict[]>;
  /** Ends the sequence once its batches are written or failed (a writer thread stops). */
  close?(): Promise<void>;
}

export interface TransferStore {
  /**
   * Imports one batch in one transaction: when it returns, the batch is durable. With `restore`,
   * as a batch of a restore (RestoreBatch).
   */
  importBatch(
    items: ImportItem[],
    actor: Actor,
    restore?: RestoreBatch,
  ): Promise<ImportBatchResult>;
  /**
   * An import's batches with several in flight, for an engine that can work on one batch while
   * this thread reads the next: PostgreSQL (another process), a restore into a SQLite file (a
   * writer thread). Absent or null: one batch at a time. With `restore`, each batch is one of a
   * restore.
   */
  importSequence?(actor: Actor, restore?: boolean): ImportSequence | null;
  /** Opens a reader of the whole registry (closed by the caller). */
  openRegistryReader(): Promise<RegistryReader>;
  /**
   * Writes the lines of one kind in one transaction as a restore batch: each created, found
   * unchanged, or in conflict with the stored row of its key. A row the database refuses rolls the
   * batch back (RestoreRowError).
   */
  restoreRows(
    kind: TableKind,
    lines: readonly LineObject[],
    batch: RestoreBatch,
  ): Promise<RowVerdict[]>;
  /** Whether the registry holds anything a restore would write (a namespace, a record, …). */
  holdsAnything(): Promise<boolean>;
  /** The checkpoint of the copy into this database, if one was made. */
  copyCheckpoint(): Promise<CopyCheckpoint | null>;
  /** Writes the copy's checkpoint on its own (its start, its end). */
  saveCopyCheckpoint(checkpoint: CopyCheckpoint): Promise<void>;
  exportPage(cursor: string | null, limit: number): Promise<ExportPage>;
}
