// RFC 8141 §3.1 URN-equivalence: case normalization (RFC 3986 §6.2.2.1) of the scheme, the NID and
// the hex digits of percent-encoded triplets; percent-encoding is never decoded.

/** `s` with the hex digits of every %hh triplet in uppercase; `s` itself when there are none. */
export function uppercasePercentHex(s: string): string {
  let at = s.indexOf("%");
  if (at < 0) return s;
  let out = "";
  let from = 0;
  while (at >= 0) {
    out += s.slice(from, at + 1) + s.slice(at + 1, at + 3).toUpperCase();
    from = at + 3;
    at = s.indexOf("%", from);
  }
  return out + s.slice(from);
}
