// RFC 8141 §7.2: the IANA URN namespace registry (snapshot generated into registry.generated.ts),
// with the urn:ietf sub-namespaces of RFC 6924 and the params names of RFC 3553.

import {
  IETF_PARAMS,
  IETF_SNAPSHOT_DATE,
  IETF_SUBNAMESPACES,
  NAMESPACE_ENTRIES,
  NAMESPACES_SNAPSHOT_DATE,
} from "./registry.generated.js";
import type { IetfRegistryEntry, RegistryEntry } from "./registry-types.js";

export type { IetfRegistryEntry, RegistryEntry } from "./registry-types.js";

function byName<T>(entries: readonly T[], name: (e: T) => string): Map<string, T> {
  return new Map(entries.map((e) => [name(e).toLowerCase(), e]));
}

const namespaces = byName(NAMESPACE_ENTRIES, (e) => e.nid);
const subNamespaces = byName(IETF_SUBNAMESPACES, (e) => e.name);
// Exact names: RFC 3553 compares params names as exact strings.
const params = new Map(IETF_PARAMS.map((e) => [e.name, e]));

export interface IetfRegistry {
  /** "registry last updated" date of the params registry group snapshot. */
  readonly snapshotDate: string;
  /** The second-level names under urn:ietf: (RFC 6924). */
  readonly subNamespaces: readonly IetfRegistryEntry[];
  /** The names registered under urn:ietf:params: (RFC 3553). */
  readonly params: readonly IetfRegistryEntry[];
  /** Case-insensitive: RFC 2648 makes the sub-namespace token case-insensitive. */
  getSubNamespace(name: string): IetfRegistryEntry | undefined;
  /** Exact match: RFC 3553 compares params names as exact strings. */
  getParam(name: string): IetfRegistryEntry | undefined;
}

export interface Registry {
  /** "registry last updated" date of the snapshot. */
  readonly snapshotDate: string;
  readonly entries: readonly RegistryEntry[];
  /** The entry for a NID, in any case (NIDs are case-insensitive, RFC 8141 §3.1). */
  get(nid: string): RegistryEntry | undefined;
  isRegistered(nid: string): boolean;
  readonly ietf: IetfRegistry;
}

export const registry: Registry = {
  snapshotDate: NAMESPACES_SNAPSHOT_DATE,
  entries: NAMESPACE_ENTRIES,
  get: (nid) => namespaces.get(nid) ?? namespaces.get(nid.toLowerCase()),
  isRegistered: (nid) => namespaces.has(nid) || namespaces.has(nid.toLowerCase()),
  ietf: {
    snapshotDate: IETF_SNAPSHOT_DATE,
    subNamespaces: IETF_SUBNAMESPACES,
    params: IETF_PARAMS,
    getSubNamespace: (name) => subNamespaces.get(name) ?? subNamespaces.get(name.toLowerCase()),
    getParam: (name) => params.get(name),
  },
};
