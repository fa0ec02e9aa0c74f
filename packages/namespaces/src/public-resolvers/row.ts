// Where a URN resolves publicly: one row of the curated table of public resolvers (a namespace, or
// an equivalence-key prefix within one, and the service that answers for it), and the candidate
// URL publicResolvers builds from a row for one URN.

import type { TransformName } from "./transforms.js";

/**
 * What the resolver answers with: an HTTP redirect to the resource, an HTML landing or metadata
 * page, or a list of locations (RFC 2483 `text/uri-list` and the like).
 */
export type AnswerKind = "redirect" | "landing-page" | "uri-list";

/**
 * `live`: a dated source shows the template in use. `unverified`: the template is known, but no
 * source shows that it works (secondary sources, inferences, services last seen long ago).
 * `retired`: a source shows it stopped working; kept for the record and never offered.
 */
export type ResolverStatus = "live" | "unverified" | "retired";

export interface PublicResolverRow {
  /** A short unique name for the row: "nbn-fi", "ietf-rfc", "doi". */
  id: string;
  /**
   * The equivalence-key prefix the row serves, in lowercase: a namespace ("urn:issn"), a
   * sub-namespace ("urn:ietf:rfc") or an NBN country or sub-namespace ("urn:nbn:de",
   * "urn:nbn:no:ntnu"). It matches where the key goes on with ":" or "-", or ends.
   */
  prefix: string;
  /** The service's name ("URN.fi") and who runs it. */
  name: string;
  operator: string;
  /**
   * The URL, with placeholders: `{urn}` the URN as written (raw), `{urn%}` the same encoded as a
   * query value, `{nss}` its NSS as written, and those of the row's transform.
   */
  template: string;
  kind: AnswerKind;
  /** The code that reads what the template needs from the URN, where a template cannot. */
  transform?: TransformName;
  /** Whether the URN's r- and q-components go along in `{urn}` (they are dropped otherwise). */
  components?: boolean;
  /** A URN this resolver knows, which `urnkit resolvers check` asks it about. */
  example: string;
  /** Where the template comes from. */
  source: string;
  /** When a source last showed it working: YYYY, YYYY-MM or YYYY-MM-DD; null when undated. */
  confirmed: string | null;
  status: ResolverStatus;
  note?: string;
}

/** One place a URN can be resolved, from one row. */
export interface PublicResolverCandidate {
  url: string;
  id: string;
  prefix: string;
  name: string;
  operator: string;
  kind: AnswerKind;
  /** Never `retired`: retired rows are not offered. */
  status: "live" | "unverified";
  confirmed: string | null;
  source: string;
}
