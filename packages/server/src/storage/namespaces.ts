// Namespaces served here (RFC 8141 §6.4.6 per-namespace resolution policy): their templates with
// revisions, redirect policy, delegations and minting policy. Resolution reads a namespace on
// every request, so the engines cache them.

import type { Actor } from "./audit.js";
import type { PrefixRoutes } from "./prefix-routes.js";

/** How `POST /namespaces/{nid}/mint` composes the next NSS: prefix + zero-padded number + check. */
export interface MintPolicy {
  prefix: string;
  width: number;
  /** "mod11-2": the ISO 7064 MOD 11-2 check character (0-9 or X) over the digits. */
  check: "none" | "mod11-2";
}

/** A namespace or an NSS prefix resolved elsewhere: `{urn}` in `url` is replaced by the URN. */
export interface Delegation {
  /** Equivalence-key prefix, e.g. "urn:nbn:de:"; "" delegates the whole namespace. */
  prefix: string;
  url: string;
}

export interface NamespaceInput {
  nid: string;
  template?: string | null;
  mint?: MintPolicy | null;
  redirectStatus?: 302 | 303 | 307;
  /** Longest time, in seconds, a client may cache a redirect out of this namespace. */
  maxAge?: number;
  delegate?: Delegation[];
  /** Served although it is not a registered NID (a local or experimental namespace). */
  local?: boolean;
}

export interface Namespace {
  nid: string;
  template: string | null;
  templateRevision: number;
  mint: MintPolicy | null;
  redirectStatus: 302 | 303 | 307;
  maxAge: number;
  delegate: Delegation[];
  local: boolean;
  created: string;
  updated: string;
  /**
   * The namespace's prefixes and delegations as resolution reads them (not part of the API's
   * namespace): cached with the namespace and dropped with it when a prefix changes.
   */
  routes: PrefixRoutes;
}

export interface TemplateRevision {
  revision: number;
  template: string | null;
  created: string;
}

export interface NamespaceStore {
  get(nid: string): Promise<Namespace | null>;
  list(): Promise<Namespace[]>;
  create(input: NamespaceInput, actor: Actor): Promise<Namespace>;
  /** Stores a new template revision when the template changes. */
  update(input: NamespaceInput, actor: Actor): Promise<Namespace>;
  templateRevisions(nid: string): Promise<TemplateRevision[]>;
  /**
   * Atomically takes the next number of the namespace's minting policy, whose sequence is the one
   * of the prefix the policy names (owned by the local registry organisation).
   */
  nextMintNumber(nid: string, actor: Actor): Promise<number>;
}
