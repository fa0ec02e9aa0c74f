// ISSN check character (ISO 3297, as the urn:issn IANA template describes it): the first seven
// digits weighted 8..2, modulo 11, "X" for 10. Reads an ISSN as printed: a hyphen is skipped.

/** The check character of an ISSN from its first 7 digits: "0"-"9" or "X". */
export function issnCheckDigit(issn: string): string {
  let sum = 0;
  for (let i = 0, n = 0; n < 7 && i < issn.length; i++) {
    const c = issn.charCodeAt(i);
    if (c !== 0x2d) sum += (8 - n++) * (c - 48);
  }
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}
