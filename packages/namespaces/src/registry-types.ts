// RFC 8141 §7.2: the shape of an entry in the IANA "Uniform Resource Names (URN) Namespaces"
// registry, and of the urn:ietf sub-namespace and params registries (RFC 6924, RFC 3553).

export interface RegistryEntry {
  /** The NID as IANA lists it (lowercase in this snapshot). */
  nid: string;
  /** "formal" (§5.1) or "informal" (§5.2, "urn-" and a number). */
  kind: "formal" | "informal";
  /** The reference column in IANA bracket style, e.g. "[RFC8458]" or "[ISO <https://…>]". */
  reference: string;
  /** The bracketed references one by one, without the brackets. */
  references: readonly string[];
  /** The IANA record date (YYYY-MM-DD), absent where IANA records none. */
  date?: string;
  /** Template URL, publication month or history notes from the snapshot. */
  note?: string;
}

export interface IetfRegistryEntry {
  /** The sub-namespace (rfc, params, …) or the params name (xml, acme, capport:unrestricted, …). */
  name: string;
  reference: string;
  references: readonly string[];
  /** URLs of the registries that define the names below this one. */
  registries: readonly string[];
}
