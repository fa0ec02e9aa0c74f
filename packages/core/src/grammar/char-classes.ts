// Character classes of RFC 3986 §2–§3.3 as used by RFC 8141 §2 and RFC 2141 §2, as lookup tables.
//
// Each table has an entry for every UTF-16 code unit, so a scanner classifies a character with
// one indexed load and no range check; everything outside ASCII is class 0 (invalid).

/** Classes of characters inside the NSS and the r-, q- and f-components (RFC 8141 §2). */
export const enum Char {
  Invalid = 0,
  /** pchar without "%": unreserved / sub-delims / ":" / "@" (RFC 3986 §3.3). */
  Plain = 1,
  Percent = 2,
  Slash = 3,
  Question = 4,
  Hash = 5,
  /** RFC 2141 §2.3 reserved characters "/", "?", "#", which that grammar forbids unencoded. */
  Reserved2141 = 6,
}

/** Classes of characters in a NID (RFC 8141 §2 `ldh`): bit flags, so a scan can OR them up. */
export const enum NidChar {
  Invalid = 0,
  LowerOrDigit = 1,
  Upper = 2,
  Hyphen = 4,
}

const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT = "0123456789";
/** RFC 3986 §2.3 unreserved, less ALPHA and DIGIT. */
const UNRESERVED_MARKS = "-._~";
/** RFC 3986 §2.2 sub-delims. */
const SUB_DELIMS = "!$&'()*+,;=";
/** RFC 3986 §3.3 pchar without pct-encoded. */
const PCHAR_PLAIN = `${ALPHA}${DIGIT}${UNRESERVED_MARKS}${SUB_DELIMS}:@`;
/** RFC 2141 §2.2 <other>: what the 1997 grammar allows besides letters, digits and "%". */
const OTHER_2141 = "()+,-.:=@;$_!*'";

function table(entries: [string, number][]): Uint8Array {
  const t = new Uint8Array(0x10000);
  for (const [chars, value] of entries) {
    for (let i = 0; i < chars.length; i++) t[chars.charCodeAt(i)] = value;
  }
  return t;
}

/** RFC 8141 NSS, r-, q- and f-component characters. */
export const CHAR = table([
  [PCHAR_PLAIN, Char.Plain],
  ["%", Char.Percent],
  ["/", Char.Slash],
  ["?", Char.Question],
  ["#", Char.Hash],
]);

/** RFC 2141 NSS characters. "~" and "&" are excluded there (§2.4) and so stay Invalid. */
export const CHAR_2141 = table([
  [ALPHA + DIGIT + OTHER_2141, Char.Plain],
  ["%", Char.Percent],
  ["/?#", Char.Reserved2141],
]);

/**
 * 1 for the characters a scan steps over without a decision: pchar less "%", and "/". These make
 * up an NSS after its first character, and an r-component but for the "?" that may end it
 * (RFC 8141 §2). One test per character
 * instead of one per class keeps the branch predictable on real text, where "/" and sub-delims
 * are mixed in with letters.
 */
export const RUN_NSS = table([[`${PCHAR_PLAIN}/`, 1]]);

/** The same plus "?": what q- and f-components are made of (RFC 3986 §3.4, §3.5). */
export const RUN_FRAGMENT = table([[`${PCHAR_PLAIN}/?`, 1]]);

export const NID_CHAR = table([
  [`abcdefghijklmnopqrstuvwxyz${DIGIT}`, NidChar.LowerOrDigit],
  ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", NidChar.Upper],
  ["-", NidChar.Hyphen],
]);

/** Hex digit classes: 1 for 0-9 and A-F, 2 for a-f (lowercase, which normalization changes). */
export const HEX = table([
  [`${DIGIT}ABCDEF`, 1],
  ["abcdef", 2],
]);

export const HEX_LOWER = 2;
