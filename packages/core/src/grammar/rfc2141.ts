// RFC 2141 §2 URN syntax (1997), for legacy data:
//
//   <URN>         ::= "urn:" <NID> ":" <NSS>          ; "urn:" in any case
//   <NID>         ::= <let-num> [ 1,31<let-num-hyp> ] ; 1 to 32 characters, may end with "-"
//   <NSS>         ::= 1*<URN chars>
//   <URN chars>   ::= <trans> | "%" <hex> <hex>
//   <trans>       ::= <upper> | <lower> | <number> | <other> | <reserved>
//   <other>       ::= "(" | ")" | "+" | "," | "-" | "." | ":" | "=" | "@" | ";" | "$" | "_" | "!" | "*" | "'"
//
// Prose: the NID "urn" is reserved (§2.1); the reserved characters "/", "?", "#" must not appear
// unencoded (§2.3.2); octet 0 must never be used, not even as %00 (§2.4). There are no r-, q- or
// f-components.

import { CHAR_2141, Char } from "./char-classes.js";
import { Canon, type Marks } from "./marks.js";
import { invalidNidChar, nid, pctEncoded, scheme } from "./rfc8141.js";

const COLON = 0x3a;

/** <URN>: the whole input must be one RFC 2141 URN. Returns false with the error in `m`. */
export function urn2141(s: string, m: Marks): boolean {
  m.reset();
  let i = scheme(s, m);
  if (i < 0) return false;
  i = nid(s, i, m, 1);
  if (i < 0) return false;
  if (i === s.length) {
    m.fail("missing-nss", i, "nss");
    return false;
  }
  if (s.charCodeAt(i) !== COLON) {
    invalidNidChar(s, i, m);
    return false;
  }
  if (i === 7 && isUrn(s, 4)) {
    m.fail("reserved-nid", 4, "nid");
    return false;
  }
  m.nidEnd = i;
  i = nss2141(s, i + 1, m);
  if (i < 0) return false;
  m.nssEnd = i;
  return true;
}

/** <NSS> ::= 1*<URN chars>, to the end of the input. */
export function nss2141(s: string, start: number, m: Marks): number {
  const n = s.length;
  if (start === n) return m.fail("empty-nss", start, "nss");
  let i = start;
  while (i < n) {
    const kind = CHAR_2141[s.charCodeAt(i)];
    if (kind === Char.Plain) {
      i++;
    } else if (kind === Char.Percent) {
      if (pctEncoded(s, i, m, "nss", Canon.NssHex) < 0) return -1;
      if (s.charCodeAt(i + 1) === 0x30 && s.charCodeAt(i + 2) === 0x30) {
        return m.fail("percent-encoded-nul", i, "nss");
      }
      i += 3;
    } else if (kind === Char.Reserved2141) {
      return m.fail("reserved-character", i, "nss");
    } else {
      return m.fail(s.charCodeAt(i) > 0x7f ? "non-ascii-character" : "invalid-character", i, "nss");
    }
  }
  return i;
}

/** "urn" in any case at index i. */
function isUrn(s: string, i: number): boolean {
  return (
    (s.charCodeAt(i) | 0x20) === 0x75 &&
    (s.charCodeAt(i + 1) | 0x20) === 0x72 &&
    (s.charCodeAt(i + 2) | 0x20) === 0x6e
  );
}
