// Finding URNs in free text. RFC 8141 §2 decides what a URN is; draft-ietf-urnbis-rfc2141bis-urn-03
// §2.5.3 decides where one ends in a textual context: at the first excluded character.
//
// The scan looks for ":" with indexOf (a native search) and only then checks for "urn" before it,
// so text between URNs costs one native scan and no per-character JavaScript.

import { CHAR, Char } from "./grammar/char-classes.js";
import type { UrnSyntaxError } from "./syntax-error.js";
import { URN, type UrnOptions } from "./urn.js";

/** A URN found in text: `text.slice(index, end)` is `urn.href`. Offsets are UTF-16 code units. */
export interface UrnMatch {
  urn: URN;
  index: number;
  end: number;
}

/**
 * Something that starts like a URN but is not one after trimming: `text` is the candidate
 * (`text.slice(index, end)` of the input) and `error` says why the grammar rejects it.
 */
export interface UrnNearMiss {
  urn: null;
  text: string;
  error: UrnSyntaxError;
  index: number;
  end: number;
}

const COLON = 0x3a;
const QUESTION = 0x3f;
const HASH = 0x23;
const PLUS = 0x2b;
const EQUALS = 0x3d;
const APOSTROPHE = 0x27;
const OPEN_PAREN = 0x28;
const CLOSE_PAREN = 0x29;
const ASTERISK = 0x2a;
const UNDERSCORE = 0x5f;

/**
 * Characters that may not come right before "urn:": those a URI scheme name can hold (RFC 3986
 * §3.1: ALPHA, DIGIT, "+", "-", "."), so that "turn:" or "x-urn:" is not read as a URN. Only
 * ASCII: Chinese, Japanese, Thai and other scripts write a URN right after a word, without a space.
 */
const NOT_BEFORE = new Uint8Array(0x80);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-.+") {
  NOT_BEFORE[c.charCodeAt(0)] = 1;
}

/** How the candidate scan treats a character: most are Plain and cost one lookup. */
enum Run {
  Stop = 0,
  Plain = 1,
  /** "(", ")", "'", "?", "#": characters the scan looks at more closely. */
  Special = 2,
}

/** RFC 8141 URN characters (pchar, "%", "/", "?", "#"); anything else ends a candidate. */
const RUN = new Uint8Array(0x10000);
for (let c = 0; c < 0x80; c++) if (CHAR[c] !== Char.Invalid) RUN[c] = Run.Plain;
for (const c of "()'?#") RUN[c.charCodeAt(0)] = Run.Special;

/**
 * The same for RFC 2141, which has no components: "/", "?" and "#" end the NSS, as draft -03
 * §2.5.3 says of every character it excludes ("In a textual context for a URN, the NSS part ends
 * when an octet/character from the excluded character set … is encountered").
 */
const RUN_2141 = RUN.slice();
for (const c of "/?#") RUN_2141[c.charCodeAt(0)] = Run.Stop;

/** Where the scan is: the NSS, the r-component, or past both (q- or f-component). */
const IN_NSS = 0;
const IN_R = 1;
const PAST_R = 2;

/** Trailing characters that are almost always sentence punctuation, not part of the URN. */
const TRAILING = new Uint8Array(0x80);
for (const c of ".,;:!'") TRAILING[c.charCodeAt(0)] = 1;

/**
 * Every URN in `text`, in order. A match starts at "urn:" in any case that does not follow an
 * ASCII letter or digit, "-", "." or "+" (what a URI scheme is made of; "参见urn:ietf:rfc:8141"
 * holds a URN); it ends where the grammar stops (an excluded character, or a "?" in the NSS that
 * does not start "?+" or "?="), less trailing sentence punctuation, a final "?+" or "?=" with
 * nothing after it, any ")" closing a bracket opened before it, and the closing "*" or "_" of
 * Markdown emphasis opened right before it. Candidates that are not URNs are skipped. With
 * RFC 2141 the NSS also ends at "/", "?" and "#" (draft -03 §2.5.3), so "urn:a:b/c", "urn:a:b?c"
 * and "urn:a:b#c" all give urn:a:b; "~" and "&", which RFC 2141 excludes but draft -03 does not,
 * make near misses.
 */
export function extractUrns(text: string, options?: UrnOptions): Generator<UrnMatch> {
  // Without near misses every item is a match; one generator, not one wrapping another.
  return findUrnCandidates(text, options, false) as Generator<UrnMatch>;
}

/** Like extractUrns, but also yields the near misses with the error the grammar reports. */
export function extractUrnCandidates(
  text: string,
  options?: UrnOptions,
): Generator<UrnMatch | UrnNearMiss> {
  return findUrnCandidates(text, options, true);
}

function* findUrnCandidates(
  text: string,
  options: UrnOptions | undefined,
  nearMisses: boolean,
): Generator<UrnMatch | UrnNearMiss> {
  const n = text.length;
  const run = options?.syntax === "rfc2141" ? RUN_2141 : RUN;
  let colon = text.indexOf(":", 3);
  while (colon >= 0) {
    const start = colon - 3;
    if (!isUrnAt(text, start) || !mayStartAfter(text, start)) {
      colon = text.indexOf(":", colon + 1);
      continue;
    }
    // A URN quoted with "'" ends at the closing quote; '"', "<" and ">" are excluded anyway.
    const quoted = start > 0 && text.charCodeAt(start - 1) === APOSTROPHE;
    let i = colon + 1;
    let part = IN_NSS;
    // Where the "?" of a "?+" or "?=" the grammar reads as a delimiter is, or -1.
    let rMark = -1;
    let qMark = -1;
    let brackets = 0;
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      const kind = run[c];
      if (kind === Run.Plain) continue;
      if (kind === Run.Stop) break;
      if (c === OPEN_PAREN) {
        brackets++;
      } else if (c === CLOSE_PAREN) {
        brackets--;
      } else if (c === APOSTROPHE) {
        if (quoted) break;
      } else if (part !== PAST_R) {
        if (c === HASH) {
          part = PAST_R;
        } else if (c === QUESTION) {
          const next = text.charCodeAt(i + 1);
          if (next === EQUALS) {
            // The q-component starts at the first "?=" in the NSS or the r-component.
            qMark = i;
            part = PAST_R;
          } else if (part === IN_NSS) {
            // In the NSS a "?" that starts neither "?+" nor "?=" is not part of a URN, so the
            // grammar stops there: "Is it urn:example:a?" names urn:example:a.
            if (next !== PLUS) break;
            rMark = i;
            part = IN_R;
          }
        }
      }
    }
    const runEnd = i;
    let end = runEnd;
    // Markdown emphasis ("**urn:…**", "_urn:…_"): as many "*" or "_" as open it close it.
    const before = start > 0 ? text.charCodeAt(start - 1) : 0;
    const emphasis = before === ASTERISK || before === UNDERSCORE ? before : -1;
    let emphasized = 0;
    while (emphasis >= 0 && text.charCodeAt(start - 1 - emphasized) === emphasis) emphasized++;
    // Keep at least "urn:" so that a bare scheme is reported as such.
    while (end > colon + 1) {
      const c = text.charCodeAt(end - 1);
      if (c < 0x80 && TRAILING[c] === 1) {
        end--;
      } else if (c === emphasis && emphasized > 0) {
        emphasized--;
        end--;
      } else if ((c === PLUS && end - 2 === rMark) || (c === EQUALS && end - 2 === qMark)) {
        // "?+" or "?=" with nothing after it opens an empty r- or q-component, which RFC 8141
        // forbids: "urn:example:a?= then" names urn:example:a, as "urn:example:a? then" does.
        end -= 2;
      } else if (c === CLOSE_PAREN && brackets < 0) {
        // More ")" than "(" inside: this one closes a bracket opened before the URN.
        brackets++;
        end--;
      } else {
        break;
      }
    }
    const candidate = text.slice(start, end);
    // Checking first costs a second scan of each URN, but a thrown error (with its stack trace)
    // costs far more, and prose can hold many near misses ("the urn: prefix", "URN:ISBN").
    if (nearMisses) {
      const error = URN.validate(candidate, options);
      if (error === null) yield { urn: new URN(candidate, options), index: start, end };
      else yield { urn: null, text: candidate, error, index: start, end };
    } else if (URN.canParse(candidate, options)) {
      yield { urn: new URN(candidate, options), index: start, end };
    }
    colon = runEnd < n ? text.indexOf(":", runEnd + 1) : -1;
  }
}

/** "urn:" in any case at `i` (the colon is known to be at i + 3). */
function isUrnAt(s: string, i: number): boolean {
  return (
    (s.charCodeAt(i) | 0x20) === 0x75 &&
    (s.charCodeAt(i + 1) | 0x20) === 0x72 &&
    (s.charCodeAt(i + 2) | 0x20) === 0x6e &&
    s.charCodeAt(i + 3) === COLON
  );
}

/** A URN may start at `i` unless an ASCII letter, digit, "-", "." or "+" comes right before it. */
function mayStartAfter(s: string, i: number): boolean {
  if (i === 0) return true;
  const c = s.charCodeAt(i - 1);
  return c >= 0x80 || NOT_BEFORE[c] === 0;
}
