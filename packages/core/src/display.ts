// RFC 8141 §4.4 Transport and Display: a URN shown to people with percent-encoded text turned back
// into characters, and warnings about what such a display could hide (§3.2, sixth example).
//
// Only %HH runs that are UTF-8 for a character outside ASCII are decoded. ASCII octets stay
// encoded: every ASCII character has a literal spelling in a URN or is a delimiter, "%", or
// excluded, and §3.1 never decodes, so showing "%2C" as "," (or "%41" as "A") would make two
// URNs that are not URN-equivalent look the same. A non-ASCII character can appear in a URN only
// percent-encoded, so decoding it cannot be mistaken for anything the URN spells literally.

import { asciiLookalike } from "./lookalikes.js";
import { octetAt } from "./percent-encoding.js";
import { URN } from "./urn.js";

export type DisplayWarningCode =
  /** A control character (Unicode Cc), kept percent-encoded. */
  | "control"
  /** A bidirectional control (Unicode Bidi_Control), kept percent-encoded. */
  | "bidi-control"
  /** An invisible character: format (Cf), default-ignorable or a space/separator (Z). */
  | "invisible"
  /** A private-use character (Co), kept percent-encoded: nothing says what it looks like. */
  | "private-use"
  /** An unassigned code point or noncharacter (Cn), kept percent-encoded. */
  | "unassigned"
  /** One label mixes Latin, Greek and Cyrillic letters. */
  | "mixed-script"
  /** A character easily mistaken for an ASCII letter, in a label that could pass for ASCII. */
  | "lookalike";

/** [start, end) in UTF-16 code units. */
export interface TextRange {
  start: number;
  end: number;
}

export interface DisplayWarning {
  code: DisplayWarningCode;
  message: string;
  /** Where the characters concerned are in toDisplayString(urn). */
  display: TextRange;
  /** Where the same characters are in urn.href (percent-encoded there). */
  href: TextRange;
}

/** The human-friendly form of `urn` (RFC 8141 §4.4); `urn.href` stays the canonical form. */
export function toDisplayString(urn: URN | string): string {
  return render(urn).display;
}

/** What the display form hides or could mislead about, in display order. */
export function displayWarnings(urn: URN | string): DisplayWarning[] {
  return render(urn).warnings;
}

/** One character of the display string, where it came from, and whether it was decoded. */
interface Piece {
  ch: string;
  display: number;
  href: number;
  hrefEnd: number;
  /** Part of a label (a letter, mark or digit that is shown as itself). */
  word: boolean;
}

const HIDDEN: readonly [RegExp, DisplayWarningCode, string][] = [
  [/^\p{Cc}$/u, "control", "a control character"],
  [/^\p{Bidi_Control}$/u, "bidi-control", "a bidirectional control, which reorders the text shown"],
  [
    /^[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Z}]$/u,
    "invisible",
    "an invisible or blank character",
  ],
  [/^\p{Co}$/u, "private-use", "a private-use character"],
  [/^\p{Cn}$/u, "unassigned", "an unassigned code point or noncharacter"],
];

const WORD = /^[\p{L}\p{M}\p{N}]$/u;
const LETTER = /^\p{L}$/u;
const SCRIPTS: readonly [RegExp, string][] = [
  [/^\p{Script=Latin}$/u, "Latin"],
  [/^\p{Script=Greek}$/u, "Greek"],
  [/^\p{Script=Cyrillic}$/u, "Cyrillic"],
];

/** Stands for text that is not part of any label. */
const BREAK: Piece = { ch: "", display: 0, href: 0, hrefEnd: 0, word: false };

function render(input: URN | string): { display: string; warnings: DisplayWarning[] } {
  const href = input instanceof URN ? input.href : new URN(input).href;
  // A valid URN without "%" is all ASCII with no controls: it shows as itself, and nothing can mislead.
  if (href.indexOf("%") < 0) return { display: href, warnings: [] };
  const warnings: DisplayWarning[] = [];
  const pieces: Piece[] = [];
  let display = "";
  let i = 0;
  while (i < href.length) {
    if (href.charCodeAt(i) !== 0x25) {
      const ch = href.charAt(i);
      pieces.push({ ch, display: display.length, href: i, hrefEnd: i + 1, word: isAsciiWord(ch) });
      display += ch;
      i++;
      continue;
    }
    const size = sequenceSize(href, i);
    const ch = size > 1 ? decodeSequence(href.slice(i, i + 3 * size)) : null;
    const end = i + 3 * (ch === null ? 1 : size);
    const hidden = ch === null ? hiddenAscii(href, i) : hiddenKind(ch);
    if (ch !== null && hidden === null) {
      pieces.push({ ch, display: display.length, href: i, hrefEnd: end, word: WORD.test(ch) });
      display += ch;
    } else {
      if (hidden !== null) {
        const [code, what] = hidden;
        const cp = ch === null ? octetAt(href, i) : (ch.codePointAt(0) as number);
        warnings.push({
          code,
          message: `${codePoint(cp)} is ${what}; it stays percent-encoded as ${href.slice(i, end)}`,
          display: { start: display.length, end: display.length + end - i },
          href: { start: i, end },
        });
      }
      // Kept encoded, it also ends any label: the triplets are not letters.
      display += href.slice(i, end);
      pieces.push(BREAK);
    }
    i = end;
  }
  checkLabels(pieces, warnings);
  warnings.sort((a, b) => a.display.start - b.display.start);
  return { display, warnings };
}

/** Labels are maximal runs of letters, marks and digits; each is checked on its own. */
function checkLabels(pieces: readonly Piece[], warnings: DisplayWarning[]): void {
  let from = 0;
  for (let k = 0; k <= pieces.length; k++) {
    if (k < pieces.length && (pieces[k] as Piece).word) continue;
    if (k > from) checkLabel(pieces.slice(from, k), warnings);
    from = k + 1;
  }
}

function checkLabel(label: readonly Piece[], warnings: DisplayWarning[]): void {
  const scripts = new Set<string>();
  let couldBeAscii = true;
  const lookalikes: [Piece, string][] = [];
  for (const piece of label) {
    if (!LETTER.test(piece.ch)) continue;
    for (const [re, name] of SCRIPTS) if (re.test(piece.ch)) scripts.add(name);
    if (piece.ch.charCodeAt(0) < 0x80) continue;
    const ascii = asciiLookalike(piece.ch);
    if (ascii === null) couldBeAscii = false;
    else lookalikes.push([piece, ascii]);
  }
  const first = label[0] as Piece;
  const last = label[label.length - 1] as Piece;
  const text = label.map((p) => p.ch).join("");
  const mixed = scripts.size > 1;
  if (mixed) {
    warnings.push({
      code: "mixed-script",
      message: `"${text}" mixes ${[...scripts].join(" and ")} letters in one label`,
      display: { start: first.display, end: last.display + last.ch.length },
      href: { start: first.href, end: last.hrefEnd },
    });
  }
  if (!mixed && !couldBeAscii) return;
  for (const [piece, ascii] of lookalikes) {
    warnings.push({
      code: "lookalike",
      message: `${codePoint(piece.ch.codePointAt(0) as number)} "${piece.ch}" in "${text}" looks like the ASCII letter "${ascii}"`,
      display: { start: piece.display, end: piece.display + piece.ch.length },
      href: { start: piece.href, end: piece.hrefEnd },
    });
  }
}

function isAsciiWord(ch: string): boolean {
  const c = ch.charCodeAt(0) | 0x20;
  return (c >= 0x61 && c <= 0x7a) || (ch >= "0" && ch <= "9");
}

/** The octet of the %HH triplet at i (the URN grammar has checked it is well formed). */
/**
 * How many triplets from i could form one UTF-8 character (RFC 3629 §3): the lead octet's length,
 * when that many triplets with continuation octets follow; 1 otherwise.
 */
function sequenceSize(s: string, i: number): number {
  const lead = octetAt(s, i);
  const size = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : 4;
  if (lead < 0xc2 || lead > 0xf4) return 1;
  for (let k = 1; k < size; k++) {
    const at = i + 3 * k;
    if (s.charCodeAt(at) !== 0x25) return 1;
    const next = octetAt(s, at);
    if (next < 0x80 || next > 0xbf) return 1;
  }
  return size;
}

/**
 * The character a UTF-8 sequence spells, or null when it is not valid UTF-8: the standard decoder
 * rejects overlong forms, surrogates and code points above U+10FFFF (RFC 3629 §4).
 */
function decodeSequence(triplets: string): string | null {
  try {
    return decodeURIComponent(triplets);
  } catch {
    return null;
  }
}

function hiddenKind(ch: string): [DisplayWarningCode, string] | null {
  for (const [re, code, what] of HIDDEN) if (re.test(ch)) return [code, what];
  return null;
}

/** ASCII octets are never decoded; the controls among them are still worth a warning. */
function hiddenAscii(s: string, i: number): [DisplayWarningCode, string] | null {
  const o = octetAt(s, i);
  return o < 0x20 || o === 0x7f ? ["control", "a control character"] : null;
}

function codePoint(cp: number): string {
  return `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}
