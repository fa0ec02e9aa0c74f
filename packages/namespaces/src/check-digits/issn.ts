// ISSN check character (ISO 3297, as the urn:issn IANA template describes it): the first seven
// digits weighted 8..2, modulo 11, "X" for 10.

/** The check character of an ISSN from its first 7 digits: "0"-"9" or "X". */
export function issnCheckDigit(first7: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += (8 - i) * (first7.charCodeAt(i) - 48);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? "X" : String(check);
}
