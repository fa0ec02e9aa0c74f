// What a malformed URN would have to look like to be valid, for the errors RFC 8141 §2 fixes by
// percent-encoding (a character outside the allowed set, a literal "?", "/" or "%", non-ASCII
// text as UTF-8 %HH per §2.1). Other errors (wrong scheme, bad NID) have no mechanical fix.

import { URN, type UrnSyntax, type UrnSyntaxErrorCode } from "@urnkit/core";

const ENCODABLE: ReadonlySet<UrnSyntaxErrorCode> = new Set([
  "nss-leading-slash",
  "bare-question-mark",
  "invalid-character",
  "non-ascii-character",
  "reserved-character",
  "bad-percent-encoding",
  "bad-component-start",
  "delimiter-in-component",
]);

/** A URN `input` turns into by percent-encoding the offending characters, or null. */
export function suggestFix(input: string, syntax: UrnSyntax = "rfc8141"): string | null {
  let text = input;
  // Each round encodes one character; a long run of bad characters is not worth a suggestion.
  for (let round = 0; round < 64; round++) {
    const error = URN.validate(text, { syntax });
    if (error === null) return round === 0 ? null : text;
    if (!ENCODABLE.has(error.code)) return null;
    const cp = text.codePointAt(error.index);
    if (cp === undefined || (cp >= 0xd800 && cp <= 0xdfff)) return null;
    const ch = String.fromCodePoint(cp);
    // encodeURIComponent leaves some delimiters alone; encode the UTF-8 octets of this one.
    const encoded = [...Buffer.from(ch, "utf8")]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`)
      .join("");
    text = text.slice(0, error.index) + encoded + text.slice(error.index + ch.length);
  }
  return null;
}
