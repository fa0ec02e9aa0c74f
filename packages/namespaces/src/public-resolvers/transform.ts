// The shape of a transform: code that reads what a resolver's URL needs from a URN where a
// template cannot say it (a number without its leading zeros, a decoded DOI, a GTIN with its
// check digit). Each fills the named placeholders of its rows' templates.

import type { URN } from "@urnkit/core";

export interface Transform {
  /** The placeholders it fills, besides {urn}, {urn%} and {nss}. */
  readonly fills: readonly string[];
  /**
   * The values for `urn`, each ready to stand in the URL as it is (already encoded where it has
   * to be), or null when the URN is not of the form the transform reads: then the row does not
   * apply to it.
   */
  apply(urn: URN): Readonly<Record<string, string>> | null;
}
