// RFC 8141 §2 URN syntax: one function per ABNF production, plus the prose rules of §2 and §2.3.
//
//   namestring    = assigned-name [ rq-components ] [ "#" f-component ]
//   assigned-name = "urn" ":" NID ":" NSS
//   NID           = (alphanum) 0*30(ldh) (alphanum)
//   NSS           = pchar *(pchar / "/")
//   rq-components = [ "?+" r-component ] [ "?=" q-component ]
//   r-component   = pchar *( pchar / "/" / "?" )
//   q-component   = pchar *( pchar / "/" / "?" )
//   f-component   = fragment                     ; RFC 3986: *( pchar / "/" / "?" )
//
// Prose: the r-component ends at the first "?=" or "#" (§2.3.1), the q-component at "#" (§2.3.2),
// and outside r/q/f a "?" not followed by "+" or "=" is a syntax error (§2).
//
// Every production takes the index where it starts and returns the index where it stops, or -1
// after recording the error in `m`.

import type { UrnComponent } from "../syntax-error.js";
import {
  HEX_LOWER,
  HEX as HEX_TABLE,
  NID_CHAR as NID_TABLE,
  NidChar,
  RUN_FRAGMENT as RUN_FRAGMENT_TABLE,
  RUN_NSS as RUN_NSS_TABLE,
} from "./char-classes.js";
import { Canon, type Marks } from "./marks.js";

// V8 reads a module's own constants faster than imported bindings, which it cannot fold.
const HEX = HEX_TABLE;
const NID_CHAR = NID_TABLE;
const RUN_NSS = RUN_NSS_TABLE;
const RUN_FRAGMENT = RUN_FRAGMENT_TABLE;
// The same for the enum members the hot paths read: under isolatedModules TypeScript does not
// inline another module's const enum, and a property load on every NID character shows in the
// benchmark.
const NID_INVALID = NidChar.Invalid;
const NID_UPPER = NidChar.Upper;
const NID_HYPHEN = NidChar.Hyphen;
const CANON_NID = Canon.Nid;
const CANON_NSS_HEX = Canon.NssHex;
const CANON_COMPONENT_HEX = Canon.ComponentHex;

const COLON = 0x3a;
const QUESTION = 0x3f;
const PLUS = 0x2b;
const EQUALS = 0x3d;
const HASH = 0x23;
const HYPHEN = 0x2d;
const SLASH = 0x2f;
const PERCENT = 0x25;

/** namestring: the whole input must be one URN. Returns false with the error in `m`. */
export function namestring(s: string, m: Marks): boolean {
  m.reset();
  let i = scheme(s, m);
  if (i < 0) return false;
  i = nid(s, i, m, 2);
  if (i < 0) return false;
  const n = s.length;
  // nid() stopped at ":" or the end of the input.
  if (i === n) {
    m.fail("missing-nss", i, "nss");
    return false;
  }
  m.nidEnd = i;
  i = nss(s, i + 1, m);
  if (i < 0) return false;
  m.nssEnd = i;
  return i === n || components(s, i, m);
}

// The hot path (namestring and the productions most URNs go through) is kept small, with rare
// cases and error diagnosis in functions of their own, so that V8 can inline all of it into the
// caller's loop: a call costs about as much as scanning several characters.
//
// Every index read is checked against the length first: reading past the end gives NaN, and V8
// deoptimizes the whole scanner the first time a charCodeAt does that.

/** rq-components and f-component, after an NSS that stopped at "#" or at "?+" or "?=". */
function components(s: string, start: number, m: Marks): boolean {
  m.clearComponents();
  const n = s.length;
  let i = start;
  let c = s.charCodeAt(i);
  // rq-components: at most one r-component, then at most one q-component (§2.3).
  if (c === QUESTION && s.charCodeAt(i + 1) === PLUS) {
    m.rStart = i + 2;
    i = rComponent(s, i + 2, m);
    if (i < 0) return false;
    m.rEnd = i;
    if (i === n) return true;
    c = s.charCodeAt(i);
  }
  if (c === QUESTION && s.charCodeAt(i + 1) === EQUALS) {
    m.qStart = i + 2;
    i = qComponent(s, i + 2, m);
    if (i < 0) return false;
    m.qEnd = i;
    if (i === n) return true;
    c = s.charCodeAt(i);
  }
  if (c === HASH) {
    m.fStart = i + 1;
    if (fComponent(s, i + 1, m) < 0) return false;
  }
  return true;
}

/** "urn" ":", the scheme in any case (RFC 3986 §3.1). Returns the index after the colon. */
export function scheme(s: string, m: Marks): number {
  // Nearly every URN is written "urn:"; other spellings take the long way.
  if (
    s.length >= 4 &&
    s.charCodeAt(0) === 0x75 &&
    s.charCodeAt(1) === 0x72 &&
    s.charCodeAt(2) === 0x6e &&
    s.charCodeAt(3) === COLON
  ) {
    return 4;
  }
  return schemeAnyCase(s, m);
}

function schemeAnyCase(s: string, m: Marks): number {
  // Setting bit 0x20 lowercases an ASCII letter; no other character becomes "u", "r" or "n".
  if (
    s.length < 4 ||
    (s.charCodeAt(0) | 0x20) !== 0x75 ||
    (s.charCodeAt(1) | 0x20) !== 0x72 ||
    (s.charCodeAt(2) | 0x20) !== 0x6e ||
    s.charCodeAt(3) !== COLON
  ) {
    return badScheme(s, m);
  }
  m.canon |= Canon.Scheme;
  return 4;
}

/**
 * The error for an input that does not start with "urn:": the first character that differs, or
 * "empty" for nothing at all (an empty line, an empty form field), which is no wrong scheme.
 */
function badScheme(s: string, m: Marks): -1 {
  if (s.length === 0) return m.fail("empty", 0, "scheme");
  let i = 0;
  while (i < 3 && i < s.length && (s.charCodeAt(i) | 0x20) === "urn".charCodeAt(i)) i++;
  return m.fail("scheme-not-urn", i, "scheme");
}

/**
 * NID = (alphanum) 0*30(ldh) (alphanum), or for RFC 2141 (minLength 1) let-num 0*31(let-num-hyp).
 * Returns the index of the first character that is not a letter, digit or "-", which is ":" or the
 * end of the input: any other character there is the error, whatever the NID's length so far.
 */
export function nid(s: string, start: number, m: Marks, minLength: 1 | 2): number {
  const n = s.length;
  let i = start;
  let seen = 0;
  for (; i < n; i++) {
    const kind = NID_CHAR[s.charCodeAt(i)] as number;
    if (kind === NID_INVALID) break;
    seen |= kind;
  }
  if ((seen & NID_UPPER) !== 0) m.canon |= CANON_NID;
  const length = i - start;
  // Most NIDs pass one test; those with "-" and the wrong ones take the long way.
  if (
    length >= minLength &&
    length <= 32 &&
    (i === n || s.charCodeAt(i) === COLON) &&
    (seen & NID_HYPHEN) === 0
  ) {
    return i;
  }
  return nidRules(s, start, i, m, minLength);
}

/** The rules of §2 in order, for a NID from `start` to `end`: `end`, or -1 with the error. */
function nidRules(s: string, start: number, end: number, m: Marks, minLength: 1 | 2): number {
  const length = end - start;
  if (length > 0 && s.charCodeAt(start) === HYPHEN) {
    return m.fail("nid-leading-hyphen", start, "nid");
  }
  if (length > 32) return m.fail("nid-too-long", start + 32, "nid");
  // "urn:a_b:…" has a bad character in its NID, not a 1-character NID.
  if (end < s.length && s.charCodeAt(end) !== COLON) return invalidNidChar(s, end, m);
  // "urn::…" or "urn:" alone.
  if (length === 0) return m.fail("empty-nid", start, "nid");
  if (length < minLength) return m.fail("nid-too-short", start, "nid");
  if (minLength === 2 && s.charCodeAt(end - 1) === HYPHEN) {
    return m.fail("nid-trailing-hyphen", end - 1, "nid");
  }
  return end;
}

export function invalidNidChar(s: string, i: number, m: Marks): -1 {
  return m.fail(s.charCodeAt(i) > 0x7f ? "non-ascii-character" : "invalid-nid-character", i, "nid");
}

/**
 * NSS = pchar *(pchar / "/"). Stops at the end, at "#", or at a "?" that starts "?+" or "?=".
 */
export function nss(s: string, start: number, m: Marks): number {
  const n = s.length;
  let i = start;
  if (i < n && s.charCodeAt(i) === SLASH) return m.fail("nss-leading-slash", i, "nss");
  while (i < n) {
    i = skipNssPairs(s, i);
    if (i === n) break;
    const c = s.charCodeAt(i);
    if (RUN_NSS[c] !== 0) {
      i++;
    } else if (c === PERCENT) {
      if (pctEncoded(s, i, m, "nss", CANON_NSS_HEX) < 0) return -1;
      i += 3;
    } else {
      break;
    }
  }
  // Most NSSs are not empty and run to the end of the input.
  return i === n && i > start ? i : nssStop(s, start, i, m);
}

/** Where an NSS that started at `start` and stopped at `i` ends, or its error. */
function nssStop(s: string, start: number, i: number, m: Marks): number {
  if (i === s.length || s.charCodeAt(i) === HASH || isRqDelimiter(s, i)) {
    // Nothing matched pchar when the NSS ends where it starts.
    return i === start ? m.fail("empty-nss", i, "nss") : i;
  }
  return badChar(s, i, m, "nss");
}

/** r-component = pchar *( pchar / "/" / "?" ), ended by "?=" or "#" (§2.3.1). */
export function rComponent(s: string, start: number, m: Marks): number {
  const n = s.length;
  let i = start;
  if (i < n) {
    const c = s.charCodeAt(i);
    if (c === SLASH || (c === QUESTION && !isQDelimiter(s, i))) {
      return m.fail("bad-component-start", i, "r");
    }
  }
  // It stops at "?=", so "?" is taken one at a time (RUN_NSS has no "?").
  while (i < n) {
    const c = s.charCodeAt(i);
    if (RUN_NSS[c] !== 0) {
      i++;
    } else if (c === PERCENT) {
      if (pctEncoded(s, i, m, "r", CANON_COMPONENT_HEX) < 0) return -1;
      i += 3;
    } else if (c === QUESTION && !isQDelimiter(s, i)) {
      i++;
    } else if (c === QUESTION || c === HASH) {
      break;
    } else {
      return badChar(s, i, m, "r");
    }
  }
  return i === start ? m.fail("empty-r-component", i, "r") : i;
}

/** q-component = pchar *( pchar / "/" / "?" ), ended by "#" (§2.3.2). */
export function qComponent(s: string, start: number, m: Marks): number {
  const n = s.length;
  let i = start;
  if (i < n) {
    const c = s.charCodeAt(i);
    if (c === SLASH || c === QUESTION) return m.fail("bad-component-start", i, "q");
  }
  while (i < n) {
    const c = s.charCodeAt(i);
    if (RUN_FRAGMENT[c] !== 0) {
      i++;
    } else if (c === PERCENT) {
      if (pctEncoded(s, i, m, "q", CANON_COMPONENT_HEX) < 0) return -1;
      i += 3;
    } else if (c === HASH) {
      break;
    } else {
      return badChar(s, i, m, "q");
    }
  }
  return i === start ? m.fail("empty-q-component", i, "q") : i;
}

/** f-component = fragment = *( pchar / "/" / "?" ) (RFC 3986 §3.5); it may be empty. */
export function fComponent(s: string, start: number, m: Marks): number {
  const n = s.length;
  let i = start;
  while (i < n) {
    const c = s.charCodeAt(i);
    if (RUN_FRAGMENT[c] !== 0) {
      i++;
    } else if (c === PERCENT) {
      if (pctEncoded(s, i, m, "f", CANON_COMPONENT_HEX) < 0) return -1;
      i += 3;
    } else {
      return badChar(s, i, m, "f");
    }
  }
  return i;
}

/**
 * Steps over NSS run characters (RUN_NSS) two at a time, returning the index of the first pair
 * that holds one that is not, or of the last character. That halves the loop tests on the NSS,
 * the longest part of most URNs. Components, shorter and rarer, are scanned a character at a
 * time: more code to inline there cost more than it saved.
 */
function skipNssPairs(s: string, i: number): number {
  const n = s.length;
  while (
    i + 1 < n &&
    ((RUN_NSS[s.charCodeAt(i)] as number) & (RUN_NSS[s.charCodeAt(i + 1)] as number)) !== 0
  ) {
    i += 2;
  }
  return i;
}

/** pct-encoded = "%" HEXDIG HEXDIG (RFC 3986 §2.1), at index i. Notes lowercase hex for §3.1. */
export function pctEncoded(
  s: string,
  i: number,
  m: Marks,
  where: UrnComponent,
  lower: Canon,
): number {
  if (i + 2 >= s.length) return m.fail("bad-percent-encoding", i, where);
  const h1 = HEX[s.charCodeAt(i + 1)];
  const h2 = HEX[s.charCodeAt(i + 2)];
  if (h1 === 0 || h2 === 0) return m.fail("bad-percent-encoding", i, where);
  if (h1 === HEX_LOWER || h2 === HEX_LOWER) m.canon |= lower;
  return i + 3;
}

/** "?=" at index i, where "?" is known to be: the delimiter that ends an r-component. */
function isQDelimiter(s: string, i: number): boolean {
  return i + 1 < s.length && s.charCodeAt(i + 1) === EQUALS;
}

/** "?+" or "?=" at index i: the delimiters that end an NSS (§2.3). */
function isRqDelimiter(s: string, i: number): boolean {
  if (s.charCodeAt(i) !== QUESTION || i + 1 === s.length) return false;
  const next = s.charCodeAt(i + 1);
  return next === PLUS || next === EQUALS;
}

/** The error for a character that no rule allows at i (which is not the end of the input). */
function badChar(s: string, i: number, m: Marks, where: UrnComponent): -1 {
  const c = s.charCodeAt(i);
  if (c > 0x7f) return m.fail("non-ascii-character", i, where);
  if (c === QUESTION) return m.fail("bare-question-mark", i, where);
  return m.fail("invalid-character", i, where);
}
