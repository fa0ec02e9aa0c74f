// urn:uuid, RFC 9562 §4 (obsoletes RFC 4122 §3): the 8-4-4-4-12 hex string form; hex digits are
// case-insensitive, so the key is the lowercase form RFC 9562 asks generators to produce.

import { isHexDigit } from "../ascii.js";
import { error, warning } from "../issue.js";
import { asciiLower, foldKey, type NamespaceRule, nssOffset } from "../rule.js";

/** 36 characters, hyphens at offsets 8, 13, 18 and 23, hex digits elsewhere. */
function isUuid(s: string): boolean {
  if (s.length !== 36) return false;
  for (let i = 0; i < 36; i++) {
    const c = s.charCodeAt(i);
    if (i === 8 || i === 13 || i === 18 || i === 23 ? c !== 0x2d : !isHexDigit(c)) return false;
  }
  return true;
}

const NIL = "00000000-0000-0000-0000-000000000000";
const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";

export const uuidRule: NamespaceRule = {
  nid: "uuid",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    if (!isUuid(nss)) {
      return [error("uuid-syntax", "a UUID is 32 hex digits grouped 8-4-4-4-12 by hyphens", at)];
    }
    // RFC 9562 §4.1: the variant bits 10xx (hex 8-b at offset 19); Nil and Max are the exceptions.
    const variant = nss.charCodeAt(19) | 0x20;
    if ((variant < 0x38 || variant > 0x39) && (variant < 0x61 || variant > 0x62)) {
      const lower = nss.toLowerCase();
      if (lower !== NIL && lower !== MAX) {
        return [
          warning(
            "uuid-variant",
            `variant nibble "${nss[19]}" is not 8, 9, a or b: not an RFC 9562 UUID (RFC 9562 §4.1)`,
            at + 19,
          ),
        ];
      }
    }
    return [];
  },
  // The hex digits are case-insensitive (RFC 9562 §4); folding never merges two valid UUIDs.
  equivalenceKey: (urn) => foldKey(urn, asciiLower),
};
