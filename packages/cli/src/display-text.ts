// Showing untrusted input on a terminal: RFC 8141 §2 reports errors by UTF-16 index, and a caret
// under that index only lands right if every character before it takes a known number of columns.
// Control characters (which could move the cursor or recolour the screen) and bidirectional
// formatting characters (which could reorder what is shown) are written as escapes instead.

/**
 * Written as escapes: C0 and C1 controls, DEL, line/paragraph separators, bidi formatting marks
 * and lone surrogates (tested one UTF-16 unit at a time, so a surrogate pair never matches).
 */
function isHidden(unit: number): boolean {
  return (
    unit < 0x20 ||
    (unit >= 0x7f && unit <= 0x9f) ||
    unit === 0x61c ||
    unit === 0x200e ||
    unit === 0x200f ||
    (unit >= 0x2028 && unit <= 0x202e) ||
    (unit >= 0x2066 && unit <= 0x2069) ||
    (unit >= 0xd800 && unit <= 0xdfff)
  );
}

function hasHidden(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (isHidden(s.charCodeAt(i))) return true;
  return false;
}

const ZERO_WIDTH = /[\p{Mn}\p{Me}\u200b-\u200d\ufeff]/u;
const WIDE =
  /[\u1100-\u115f\u2e80-\u303e\u3041-\u33ff\u3400-\u4dbf\u4e00-\u9fff\ua000-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\p{Extended_Pictographic}\u{20000}-\u{3fffd}]/u;

const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function escapeOf(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x100
    ? `\\x${cp.toString(16).toUpperCase().padStart(2, "0")}`
    : `\\u${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** How `text` is shown, and the terminal column where each UTF-16 index of it starts. */
export interface DisplayText {
  text: string;
  /** Column of the character at `index` in the original text (`index` may be its length). */
  column(index: number): number;
}

export function displayText(input: string): DisplayText {
  let text = "";
  let width = 0;
  // columns[i] is the column of the character starting at UTF-16 index i of `input`.
  const columns: number[] = [];
  for (const ch of input) {
    columns.push(width);
    if (ch.length === 2) columns.push(width);
    if (ch.length === 1 && isHidden(ch.charCodeAt(0))) {
      const escaped = escapeOf(ch);
      text += escaped;
      width += escaped.length;
    } else {
      text += ch;
      width += ZERO_WIDTH.test(ch) ? 0 : WIDE.test(ch) ? 2 : 1;
    }
  }
  columns.push(width);
  return { text, column: (index) => columns[Math.min(Math.max(index, 0), input.length)] ?? width };
}

/** `input` made safe to print on one terminal line. */
export function visible(input: string): string {
  return hasHidden(input) ? displayText(input).text : input;
}
