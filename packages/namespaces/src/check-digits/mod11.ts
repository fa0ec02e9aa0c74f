// The weighted modulo 11 check character that ISBN-10 (ISO 2108) and ISSN (ISO 3297) share: the
// first n digits weighted n+1 down to 2, the check the amount that brings the sum to a multiple of
// 11, "X" standing for 10. Digits are read as printed: hyphens are skipped.

/** The check characters by value: "X" stands for 10. */
export const CHECK_CHARS = "0123456789X";

/** The check character of the first `digits` digits of `s`: "0"-"9" or "X". */
export function weightedMod11CheckChar(s: string, digits: number): string {
  let sum = 0;
  for (let i = 0, n = 0; n < digits && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x2d) sum += (digits + 1 - n++) * (c - 48);
  }
  const check = (11 - (sum % 11)) % 11;
  return CHECK_CHARS.charAt(check);
}
