// urn:uuid, RFC 9562 §4 (obsoletes RFC 4122 §3): the 8-4-4-4-12 hex string form; hex digits are
// case-insensitive, so the key is the lowercase form RFC 9562 asks generators to produce.

import { error, warning } from "../issue.js";
import { asciiLower, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

const UUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const NIL = "00000000-0000-0000-0000-000000000000";
const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";

export const uuidRule: NamespaceRule = {
  nid: "uuid",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    if (!UUID.test(nss)) {
      return [error("uuid-syntax", "a UUID is 32 hex digits grouped 8-4-4-4-12 by hyphens", at)];
    }
    const lower = nss.toLowerCase();
    // RFC 9562 §4.1: the variant bits 10xx (hex 8-b at offset 19); Nil and Max are the exceptions.
    if (lower !== NIL && lower !== MAX && !"89ab".includes(lower[19] ?? "")) {
      return [
        warning(
          "uuid-variant",
          `variant nibble "${nss[19]}" is not 8, 9, a or b: not an RFC 9562 UUID (RFC 9562 §4.1)`,
          at + 19,
        ),
      ];
    }
    return [];
  },
  equivalenceKey(urn) {
    const nss = keyNss(urn);
    return UUID.test(nss) ? keyWith(urn, asciiLower(nss)) : urn.equivalenceKey;
  },
};
