// urn:uuid, RFC 9562 §4 (obsoletes RFC 4122 §3): the 8-4-4-4-12 hex string form; hex digits are
// case-insensitive, so the key is the lowercase form RFC 9562 asks generators to produce.

import type { URN } from "@urnkit/core";
import { charClass, HEX, HYPHEN, UPPER } from "../ascii.js";
import { AutomatonBuilder, times } from "../automaton.js";
import { error, warning } from "../issue.js";
import { asciiLower, foldKey, type NamespaceRule } from "../rule.js";

// Module constants: V8 folds these in the loop, where it reloads imported bindings (see core's
// grammar/rfc8141.ts).
const HEX_OR_HYPHEN = HEX | HYPHEN;
const ONE_HYPHEN = HYPHEN;

/**
 * s[from, to) is 36 characters, hyphens at offsets 8, 13, 18 and 23, hex digits elsewhere: the
 * class bits of its characters (see ascii.ts) ORed together, or 0 when it is not of that form.
 */
function readUuid(s: string, from: number, to: number): number {
  if (to - from !== 36) return 0;
  if (s.charCodeAt(from + 8) !== 0x2d || s.charCodeAt(from + 13) !== 0x2d) return 0;
  if (s.charCodeAt(from + 18) !== 0x2d || s.charCodeAt(from + 23) !== 0x2d) return 0;
  let seen = 0;
  let hyphens = 0;
  for (let i = from; i < to; i++) {
    const k = charClass(s.charCodeAt(i));
    if ((k & HEX_OR_HYPHEN) === 0) return 0;
    seen |= k;
    hyphens += k & ONE_HYPHEN;
  }
  // The four hyphens checked above, and no others.
  return hyphens === 4 * ONE_HYPHEN ? seen : 0;
}

const NIL = "00000000-0000-0000-0000-000000000000";
const MAX = "ffffffff-ffff-ffff-ffff-ffffffffffff";

/**
 * The class bits of the NSS (see readUuid), the rule's last reading (see NamespaceRule): a UUID
 * holds no "%", so the key's NSS is the NSS and it serves both.
 */
class Reading {
  urn: URN | undefined = undefined;
  seen = 0;
}

const lastRead = new Reading();

function read(urn: URN): number {
  const name = urn.assignedName;
  lastRead.urn = urn;
  lastRead.seen = readUuid(name, urn.nssStart, name.length);
  return lastRead.seen;
}

/**
 * A lowercase UUID of the RFC 9562 variant and of a version RFC 9562 defines (see
 * NamespaceRule.conforming).
 */
function conformingUuid() {
  const b = new AutomatonBuilder();
  const h = "0-9a-f";
  const last = b.chain(b.start, [
    ...times(h, 8),
    "-",
    ...times(h, 4),
    "-",
    "1-8",
    ...times(h, 3),
    "-",
    "89ab",
    ...times(h, 3),
    "-",
    ...times(h, 12),
  ]);
  return b.accept(last).build();
}

export const uuidRule: NamespaceRule = {
  nid: "uuid",
  conforming: conformingUuid(),
  validate(urn, name, at) {
    if (read(urn) === 0) {
      return [error("uuid-syntax", "a UUID is 32 hex digits grouped 8-4-4-4-12 by hyphens", at)];
    }
    // RFC 9562 §4.1: the variant bits 10xx (hex 8-b at offset 19); Nil and Max are the exceptions.
    const variant = name.charCodeAt(at + 19) | 0x20;
    if ((variant < 0x38 || variant > 0x39) && (variant < 0x61 || variant > 0x62)) {
      const lower = name.slice(at).toLowerCase();
      if (lower !== NIL && lower !== MAX) {
        return [
          warning(
            "uuid-variant",
            `variant nibble "${name[at + 19]}" is not 8, 9, a or b: not an RFC 9562 UUID (RFC 9562 §4.1)`,
            at + 19,
          ),
        ];
      }
      return [];
    }
    // RFC 9562 §4.2: the version nibble (offset 14) of an RFC 9562 UUID is 1 to 8; 0 is unused
    // and 9 to f are reserved for future definition. (Other variants give it no such meaning.)
    const version = name.charCodeAt(at + 14);
    if (version < 0x31 || version > 0x38) {
      return [
        warning(
          "uuid-version",
          `version nibble "${name[at + 14]}" is not one RFC 9562 defines (1 to 8; 0 is unused, 9 to f are reserved) (RFC 9562 §4.2)`,
          at + 14,
        ),
      ];
    }
    return [];
  },
  // The hex digits are case-insensitive (RFC 9562 §4); folding never merges two valid UUIDs. A
  // UUID already in lowercase is its own key.
  equivalenceKey(urn) {
    const seen = lastRead.urn === urn ? lastRead.seen : read(urn);
    return seen !== 0 && (seen & UPPER) === 0 ? urn.equivalenceKey : foldKey(urn, asciiLower);
  },
};
