// ISO/IEC 7064 check character systems used by URN namespaces: MOD 37,36 (ISAN, RFC 4246; EIDR,
// RFC 7972), MOD 11-2 (ISNI) and MOD 97-10 (LEI, ISO 17442).

const ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Values of 0-9, A-Z (either case) in the alphanumeric systems, -1 elsewhere, by char code. */
const VALUES = new Int8Array(128).fill(-1);
for (let v = 0; v < 36; v++) {
  const c = ALNUM.charCodeAt(v);
  VALUES[c] = v;
  if (v >= 10) VALUES[c | 0x20] = v;
}

/**
 * The value of 0-9, A-Z (either case) in the alphanumeric systems; -1 for anything else. A table:
 * in base-36 strings range tests mispredict too often.
 */
export function alnumValue(code: number): number {
  return code < 128 ? (VALUES[code] as number) : -1;
}

/**
 * MOD 37,36 (hybrid system): the check character ("0"-"9", "A"-"Z") for `chars`. Hyphens are
 * skipped: ISAN and EIDR write their digits in hyphen-separated groups.
 */
export function mod37_36CheckChar(chars: string): string {
  let p = 36;
  for (let i = 0; i < chars.length; i++) {
    const c = chars.charCodeAt(i);
    if (c !== 0x2d) p = mod37_36Step(p, c);
  }
  return mod37_36Completion(p);
}

/** ISO 7064's step: from running value p (1-36), with a character of value v (0-35). */
function step(p: number, v: number): number {
  return (2 * ((p + v) % 36 || 36)) % 37;
}

/**
 * Every step worked out, indexed by p·128 + the char code: one load per character instead of two
 * divisions. (Characters of no value step as value -1 would; callers check the characters.)
 */
const STEPS = new Uint8Array(37 * 128);
for (let p = 1; p <= 36; p++) {
  for (let c = 0; c < 128; c++) STEPS[(p << 7) | c] = step(p, alnumValue(c));
}

/** The MOD 37,36 running value after one more character (char code `c`, 0-9 or A-Z in any case). */
export function mod37_36Step(p: number, c: number): number {
  return c < 128 ? (STEPS[(p << 7) | c] as number) : step(p, -1);
}

/** The check character that completes a MOD 37,36 run which ended at `p`. */
export function mod37_36Completion(p: number): string {
  return ALNUM[(37 - p) % 36] ?? "";
}

/** MOD 11-2: the check character ("0"-"9" or "X") for a string of decimal digits. */
export function mod11_2CheckChar(digits: string): string {
  let p = 0;
  for (const c of digits) p = ((p + (c.charCodeAt(0) - 48)) * 2) % 11;
  const check = (12 - p) % 11;
  return check === 10 ? "X" : String(check);
}

/**
 * MOD 97-10: letters count 10..35 and the whole string (or chars[from, to)) is read as one decimal
 * number; a string that ends in its two check digits leaves remainder 1. NaN when a character is
 * not 0-9 or A-Z.
 */
export function mod97_10Remainder(chars: string, from = 0, to = chars.length): number {
  let r = 0;
  for (let i = from; i < to; i++) {
    const v = alnumValue(chars.charCodeAt(i));
    if (v < 0) return Number.NaN;
    r = mod97_10Step(r, v);
  }
  return r;
}

/**
 * How far a character of each value shifts the number: 10 for a digit, 100 for a letter. A table:
 * in a mix of digits and letters the comparison mispredicts.
 */
const SHIFTS = Uint8Array.from({ length: 36 }, (_, v) => (v < 10 ? 10 : 100));

/**
 * The MOD 97-10 remainder after two more characters, of values `v` and then `w`: what two steps
 * give, with one remainder taken where two steps take two in a row. A digit shifts the number by
 * one decimal place, a letter (10-35) by two.
 */
export function mod97_10Pair(r: number, v: number, w: number): number {
  const shiftW = SHIFTS[w] as number;
  return (r * (((SHIFTS[v] as number) * shiftW) % 97) + v * shiftW + w) % 97;
}

/** The MOD 97-10 remainder after one more character of value `v` (0-35), from remainder `r`. */
export function mod97_10Step(r: number, v: number): number {
  // Reduced at every step: r stays a small integer, and a remainder by a constant of small
  // integers compiles to a multiplication, where one of doubles is a library call.
  return ((v < 10 ? r * 10 : r * 100) + v) % 97;
}
