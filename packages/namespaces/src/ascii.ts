// ASCII character classes (RFC 5234 B.1: DIGIT, HEXDIG, ALPHA) for the namespace rules'
// scanners: char-code tests instead of regular expressions keep checkUrn within a small multiple
// of the syntax scan.

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

export function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

export function isAlnum(c: number): boolean {
  return isDigit(c) || isAlpha(c);
}

export function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Whether s[from, to) is non-empty and all decimal digits. */
export function allDigits(s: string, from = 0, to = s.length): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Whether s[from, to) is non-empty and all hex digits. */
export function allHex(s: string, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (!isHexDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Whether s has an ASCII uppercase letter. */
export function hasUpper(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) return true;
  }
  return false;
}
