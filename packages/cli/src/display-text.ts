// Showing untrusted input on a terminal. Control characters (which could move the cursor or
// recolour the screen) and bidirectional formatting characters (which could reorder what is shown)
// are written as escapes. A caret under an error's index needs no width table: RFC 8141 §2 allows
// only printable ASCII, so every character before the first error is one column wide, and the
// offending character itself (whatever it is) starts at that same column.

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

const NAMED: Record<string, string> = { "\t": "\\t", "\n": "\\n", "\r": "\\r" };

function escapeOf(ch: string): string {
  const named = NAMED[ch];
  if (named !== undefined) return named;
  const cp = ch.codePointAt(0) ?? 0;
  return cp < 0x100
    ? `\\x${cp.toString(16).toUpperCase().padStart(2, "0")}`
    : `\\u${cp.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** `input` made safe to print on one terminal line. */
export function visible(input: string): string {
  if (!hasHidden(input)) return input;
  let text = "";
  for (const ch of input) text += ch.length === 1 && isHidden(ch.charCodeAt(0)) ? escapeOf(ch) : ch;
  return text;
}

/** What an input is shown as: `visible(input)`, or a marker when it is empty (an empty line). */
export function shownInput(input: string): string {
  return input === "" ? "(empty)" : visible(input);
}
