// ISSN check character (ISO 3297, as the urn:issn IANA template describes it): the first seven
// digits weighted 8..2, modulo 11, "X" for 10. Reads an ISSN as printed: a hyphen is skipped.

import { weightedMod11CheckChar } from "./mod11.js";

/** The check character of an ISSN from its first 7 digits: "0"-"9" or "X". */
export function issnCheckDigit(issn: string): string {
  return weightedMod11CheckChar(issn, 7);
}
