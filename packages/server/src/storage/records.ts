// URN records (RFC 8141 §1.2.1 resolution data): what resolution reads, and registration's
// writes of records, their locators, identifiers and successors, each with its audit row.

import type { Actor } from "./audit.js";
import type { ConflictError, StateError } from "./errors.js";

/** Lifecycle of an assigned URN. It only moves forward: reserved → active → deactivated. */
/** A record's lifecycle, in order: it only moves forward (RFC 8141 §1.1: never reassigned). */
export const RECORD_STATUSES = ["reserved", "active", "deactivated"] as const;
export type RecordStatus = (typeof RECORD_STATUSES)[number];
/** The statuses a record starts in: a URN is deactivated only after it was registered. */
export type InitialStatus = Exclude<RecordStatus, "deactivated">;

export interface LocatorInput {
  url: string;
  priority?: number;
  mediaType?: string | null;
  active?: boolean;
  /** The organisation that owns the locator (a new locator only: an owner never changes). */
  owner?: string | null;
}

export interface Locator {
  url: string;
  priority: number;
  mediaType: string | null;
  active: boolean;
  /** The owning organisation; null for locators written before organisations or by import. */
  owner: string | null;
  created: string;
}

/** A registrar-scope identifier (CZIDLO's registrarScopeIdentifier): unique per organisation. */
export interface RecordIdentifier {
  type: string;
  value: string;
}

/** One URN record as the API shows it. */
export interface UrnRecord {
  urn: string;
  key: string;
  nid: string;
  status: RecordStatus;
  locators: Locator[];
  metadata: Record<string, unknown> | null;
  reason: string | null;
  deactivated: string | null;
  successors: string[];
  predecessors: string[];
  /** Every spelling the record was registered under (the first is `urn`). */
  spellings: string[];
  /** The organisation that owns the record; null for records from before organisations. */
  organisation: string | null;
  /** The prefix the URN belonged to when it was registered (the longest that matched). */
  prefix: string | null;
  /** The organisation's own identifiers of the record. */
  identifiers: RecordIdentifier[];
  created: string;
  updated: string;
}

/** What `GET /{urn}` needs, read in one lookup. */
export interface ResolveView {
  /** The record's id: what the statistics count its resolutions by (never reused). */
  id: number;
  urn: string;
  status: RecordStatus;
  /** The best active locator (locator-rank.ts: healthy first, highest priority, then oldest). */
  best: string | null;
  successor: string | null;
  reason: string | null;
  deactivated: string | null;
}

export interface NewRecord {
  urn: string;
  key: string;
  nid: string;
  status: InitialStatus;
  locators?: LocatorInput[];
  metadata?: Record<string, unknown> | null;
  organisation?: string | null;
  prefix?: string | null;
  identifiers?: RecordIdentifier[];
}

export interface RecordPatch {
  /**
   * Replaces the locator list: URLs not listed become inactive (they are kept for history). With
   * `owner` set, only that organisation's locators are replaced and new ones are owned by it.
   */
  locators?: LocatorInput[];
  metadata?: Record<string, unknown> | null;
  /** Whose locators `locators` replaces; undefined: every locator of the record. */
  owner?: string;
  /** Also activate the record (a reserved URN registered in reservation mode). */
  activate?: boolean;
  /** Identifiers to add, of the record's organisation. */
  identifiers?: RecordIdentifier[];
}

/** Why a URN is deactivated, and the URN that replaces it (with its key) if any. */
export interface Deactivation {
  reason: string;
  successor?: { urn: string; key: string } | null;
}

/** One input of records.createMany: its record, or why it was not created. */
export type CreateOutcome = UrnRecord | ConflictError | StateError;

export interface RecordStore {
  resolve(key: string): Promise<ResolveView | null>;
  get(key: string): Promise<UrnRecord | null>;
  /** The records of `keys` that exist, by key, read in one statement. */
  getMany(keys: readonly string[]): Promise<Map<string, UrnRecord>>;
  /** The record an organisation's identifier names. */
  findByIdentifier(organisation: string, id: RecordIdentifier): Promise<UrnRecord | null>;
  /** Throws ConflictError naming the existing record when the key is taken, in any status. */
  create(input: NewRecord, actor: Actor): Promise<UrnRecord>;
  /**
   * create for each input, as a set: each input's outcome in input order, the record or the
   * refusal create would have thrown (a key taken already, or earlier in `inputs`: a
   * ConflictError; a StateError), the others created all the same, each with its "urn.create"
   * audit row. One transaction (a savepoint inside a batch), a few statements for the whole set.
   */
  createMany(inputs: readonly NewRecord[], actor: Actor): Promise<CreateOutcome[]>;
  /**
   * Present when the engine can take a prefix's numbers and register their records in one
   * transaction without holding others up longer (SQLite's single writer): `count` records, each
   * the one `make` builds from the next number it does not decline (null) and whose key is free;
   * all of them or, after `attempts` numbers in a row declined or taken, none (null). `action`
   * names the numbers' audit rows. Absent: the caller takes numbers and registers in steps, in a
   * writeBatch where the engine has one.
   */
  mintMany?(
    prefix: string,
    count: number,
    make: (n: number) => NewRecord | null,
    attempts: number,
    action: string,
    actor: Actor,
  ): Promise<UrnRecord[] | null>;
  /** Throws StateError "tombstone-frozen" when the record is deactivated. */
  update(key: string, patch: RecordPatch, actor: Actor): Promise<UrnRecord | null>;
  activate(key: string, actor: Actor): Promise<UrnRecord | null>;
  /**
   * Deactivates the record. On a record already deactivated it only records `change.successor`,
   * once, when the record has none (StateError "already-deactivated" or "successor-exists"
   * otherwise); the reason stays as it was.
   */
  deactivate(key: string, change: Deactivation, actor: Actor): Promise<UrnRecord | null>;
  count(): Promise<number>;
}
