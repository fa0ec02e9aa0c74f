// Prefixes (sub-namespaces: the DNB's namespaces such as urn:nbn:de:bsz:14-, CZIDLO's registrar
// codes): an equivalence-key prefix under a served NID, owned by one organisation, with its naming
// and URL policies, registration modes, minting policy, one atomic sequence and an optional
// delegate resolver. A prefix is never deleted and keeps its name, NID and owner.

import type { Actor } from "./audit.js";

/** CZIDLO's three registration modes. */
export type RegistrationMode = "resolver" | "reservation" | "registrar";
export const REGISTRATION_MODES: readonly RegistrationMode[] = [
  "resolver",
  "reservation",
  "registrar",
];

/** The check character a minted number gets: none, ISO 7064 MOD 11-2, or the DNB's URN:NBN digit. */
export type CheckScheme = "none" | "mod11-2" | "nbn";

export interface PrefixPolicy {
  /** A regular expression the rest of the NSS (after the prefix) must match in full; null: any. */
  naming: string | null;
  /** URL prefixes ("https://repo.example/objects/") or host names its locators may use; []: any. */
  urls: string[];
  modes: RegistrationMode[];
  width: number;
  check: CheckScheme;
  /** A delegate resolver's URL template ({urn}); null: resolved here. */
  delegate: string | null;
  /** Whether other organisations may attach their own locators (mirrors, archive copies). */
  mirrors: boolean;
  /** URL prefixes or host names mirrors' locators may use, as `urls` for the owner's; []: any. */
  mirrorUrls: string[];
}

export interface Prefix extends PrefixPolicy {
  /** The equivalence-key prefix, e.g. "urn:nbn:de:bsz:14-". */
  prefix: string;
  nid: string;
  organisation: string;
  /** The next number of the minting sequence. */
  next: number;
  created: string;
  updated: string;
}

export interface NewPrefix extends PrefixPolicy {
  prefix: string;
  nid: string;
  organisation: string;
  /** Kept from an export: where the sequence stands, and the times; 1 and now when absent. */
  next?: number;
  created?: string;
  updated?: string;
}

export const DEFAULT_POLICY: PrefixPolicy = {
  naming: null,
  urls: [],
  modes: ["resolver", "reservation", "registrar"],
  width: 6,
  check: "none",
  delegate: null,
  mirrors: false,
  mirrorUrls: [],
};

export interface PrefixStore {
  /** Throws ConflictError when the prefix is taken. */
  create(input: NewPrefix, actor: Actor): Promise<Prefix>;
  update(prefix: string, patch: Partial<PrefixPolicy>, actor: Actor): Promise<Prefix | null>;
  get(prefix: string): Promise<Prefix | null>;
  /** The prefixes of a NID, or of every NID. */
  list(nid?: string): Promise<Prefix[]>;
  /**
   * Atomically takes `count` consecutive numbers of the prefix's sequence and returns the first;
   * the audit row (`action`: "prefix.mint", "prefix.reserve", "prefix.suggest") records them.
   */
  takeNumbers(prefix: string, count: number, action: string, actor: Actor): Promise<number>;
}

/** A prefixes row: policies as JSON text, booleans as 0/1 in SQLite. */
export interface PrefixRow {
  prefix: string;
  nid: string;
  organisation: string;
  naming: string | null;
  urls: string;
  modes: string;
  width: number;
  check_scheme: CheckScheme;
  next: number;
  delegate: string | null;
  mirrors: boolean | number;
  mirror_urls: string;
  created: string;
  updated: string;
}

export function toPrefix(row: PrefixRow): Prefix {
  return {
    prefix: row.prefix,
    nid: row.nid,
    organisation: row.organisation,
    naming: row.naming,
    urls: JSON.parse(row.urls) as string[],
    modes: JSON.parse(row.modes) as RegistrationMode[],
    width: row.width,
    check: row.check_scheme,
    next: row.next,
    delegate: row.delegate,
    mirrors: row.mirrors === true || row.mirrors === 1,
    mirrorUrls: JSON.parse(row.mirror_urls) as string[],
    created: row.created,
    updated: row.updated,
  };
}

/** The policy columns of a write, in the order both engines' statements take them. */
export function policyColumns(p: PrefixPolicy) {
  return {
    naming: p.naming,
    urls: JSON.stringify(p.urls),
    modes: JSON.stringify(p.modes),
    width: p.width,
    check: p.check,
    delegate: p.delegate,
    mirrors: p.mirrors,
    mirrorUrls: JSON.stringify(p.mirrorUrls),
  };
}

/** The audit target of a prefix: "prefix:" and the prefix (a bare one would read as a URN). */
export function prefixTarget(prefix: string): string {
  return `prefix:${prefix}`;
}
