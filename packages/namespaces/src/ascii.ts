// ASCII character classes (RFC 5234 B.1: DIGIT, HEXDIG, ALPHA) and in-place comparison for the
// namespace rules' scanners: char-code tests instead of regular expressions keep checkUrn within a
// small multiple of the syntax scan. One table lookup per character: range tests branch on every
// character, and in random-looking identifiers (hex, base 36) those branches mispredict about
// half the time.

export const DIGIT = 1;
export const UPPER = 2;
export const LOWER = 4;
/** 0-9, A-F, a-f. */
export const HEX = 8;
export const HYPHEN = 16;
export const ALPHA = UPPER | LOWER;
export const ALNUM = DIGIT | ALPHA;

const CLASSES = new Uint8Array(128);
for (let c = 0x30; c <= 0x39; c++) CLASSES[c] = DIGIT | HEX;
for (let c = 0x41; c <= 0x5a; c++) CLASSES[c] = UPPER | (c <= 0x46 ? HEX : 0);
for (let c = 0x61; c <= 0x7a; c++) CLASSES[c] = LOWER | (c <= 0x66 ? HEX : 0);
CLASSES[0x2d] = HYPHEN;

/** The class bits of a char code (0 for anything outside these classes, NaN included). */
export function charClass(c: number): number {
  return c < 128 ? (CLASSES[c] as number) : 0;
}

export function isDigit(c: number): boolean {
  return (charClass(c) & DIGIT) !== 0;
}

export function isAlpha(c: number): boolean {
  return (charClass(c) & ALPHA) !== 0;
}

export function isAlnum(c: number): boolean {
  return (charClass(c) & ALNUM) !== 0;
}

/** Whether s[from, to) is non-empty and all decimal digits. */
export function allDigits(s: string, from = 0, to = s.length): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) if (!isDigit(s.charCodeAt(i))) return false;
  return true;
}

/** Whether s[from, to) has an ASCII uppercase letter. */
export function hasUpper(s: string, from = 0, to = s.length): boolean {
  return firstUpper(s, from, to) >= 0;
}

/** Where s[from, to) has its first ASCII uppercase letter; -1 when it has none. */
export function firstUpper(s: string, from: number, to: number): number {
  for (let i = from; i < to; i++) if ((charClass(s.charCodeAt(i)) & UPPER) !== 0) return i;
  return -1;
}

/**
 * Whether s[from, end) is `word`, compared in place: cheaper than slicing it out to compare or to
 * look up (a fresh slice has to be hashed for a Map).
 */
export function equalsAt(s: string, from: number, end: number, word: string): boolean {
  return word.length === end - from && s.startsWith(word, from);
}
