// RFC 8141 §2.2 and RFC 3986 §2.1: turning text into URN parts and back.
//
// Text is encoded as UTF-8 and every octet that the part cannot hold literally becomes %HH with
// uppercase hex (the canonical form, RFC 3986 §2.1). Nothing else is encoded, so the result is the
// shortest valid spelling. Decoding is strict: malformed UTF-8 is an error, never U+FFFD.

import { CHAR, CHAR_2141, Char } from "./grammar/char-classes.js";
import { checkPart } from "./grammar/scan.js";
import { type UrnComponent, type UrnSyntax, UrnSyntaxError } from "./syntax-error.js";

export interface EncodingOptions {
  /** RFC 2141 NSSs also need "/", "?", "#", "~" and "&" encoded. Default "rfc8141". */
  syntax?: UrnSyntax;
}

const HEX_DIGITS = "0123456789ABCDEF";
const SLASH = 0x2f;
const EQUALS = 0x3d;
const EMPTY = { nss: "empty-nss", r: "empty-r-component", q: "empty-q-component" } as const;

/**
 * Text as a canonical NSS: "%", "?", "#" and a leading "/" are encoded, with all non-pchar.
 * Throws UrnSyntaxError for empty text and for an unpaired surrogate.
 */
export function encodeNss(text: string, options?: EncodingOptions): string {
  if (options?.syntax === "rfc2141") {
    // RFC 2141 §2.4: octet 0 must never be used, so no RFC 2141 NSS can spell it, not even as %00.
    const nul = text.indexOf("\0");
    if (nul >= 0) throw new UrnSyntaxError("percent-encoded-nul", nul, "nss", text, "rfc2141");
    return encode(text, "nss", (c) => CHAR_2141[c] === Char.Plain);
  }
  return encode(text, "nss", (c, i) => CHAR[c] === Char.Plain || (c === SLASH && i > 0));
}

/** Text as an r-component: "/" and "?" are literal except first, and a "?" before "=" is encoded. */
export function encodeRComponent(text: string): string {
  return encode(text, "r", (c, i, next) => {
    const kind = CHAR[c];
    if (kind === Char.Plain) return true;
    if (kind === Char.Slash) return i > 0;
    return kind === Char.Question && i > 0 && next !== EQUALS;
  });
}

/** Text as a q-component: "/" and "?" are literal except as the first character. */
export function encodeQComponent(text: string): string {
  return encode(text, "q", (c, i) => {
    const kind = CHAR[c];
    return kind === Char.Plain || ((kind === Char.Slash || kind === Char.Question) && i > 0);
  });
}

/** Text as an f-component: pchar, "/" and "?" are literal. */
export function encodeFComponent(text: string): string {
  return encode(text, "f", (c) => {
    const kind = CHAR[c];
    return kind === Char.Plain || kind === Char.Slash || kind === Char.Question;
  });
}

/** The text an NSS spells. Throws UrnSyntaxError for an invalid NSS or malformed UTF-8. */
export function decodeNss(nss: string, options?: EncodingOptions): string {
  return decode(nss, "nss", options?.syntax ?? "rfc8141");
}

export function decodeRComponent(r: string): string {
  return decode(r, "r", "rfc8141");
}

export function decodeQComponent(q: string): string {
  return decode(q, "q", "rfc8141");
}

export function decodeFComponent(f: string): string {
  return decode(f, "f", "rfc8141");
}

/**
 * Encodes `text`, keeping an ASCII character literal where `literal(code, index, nextCode)` says.
 * `index` counts characters of the output so far, so "first character" rules hold for it.
 */
function encode(
  text: string,
  component: "nss" | "r" | "q" | "f",
  literal: (code: number, index: number, next: number) => boolean,
): string {
  // An NSS, r- or q-component cannot be empty, so empty text has no spelling as one.
  if (text === "" && component !== "f")
    throw new UrnSyntaxError(EMPTY[component], 0, component, text);
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      out += literal(c, out.length, text.charCodeAt(i + 1)) ? text[i] : pct(c);
      continue;
    }
    let cp = c;
    if (c >= 0xd800 && c <= 0xdfff) {
      const low = text.charCodeAt(i + 1);
      if (c > 0xdbff || !(low >= 0xdc00 && low <= 0xdfff)) {
        throw new UrnSyntaxError("unpaired-surrogate", i, component, text);
      }
      cp = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
      i++;
    }
    out += utf8(cp);
  }
  return out;
}

function pct(octet: number): string {
  return `%${HEX_DIGITS[octet >> 4]}${HEX_DIGITS[octet & 15]}`;
}

/** The UTF-8 octets of a code point above U+007F, percent-encoded (RFC 3629 §3). */
function utf8(cp: number): string {
  if (cp < 0x800) return pct(0xc0 | (cp >> 6)) + pct(0x80 | (cp & 63));
  if (cp < 0x10000) {
    return pct(0xe0 | (cp >> 12)) + pct(0x80 | ((cp >> 6) & 63)) + pct(0x80 | (cp & 63));
  }
  return (
    pct(0xf0 | (cp >> 18)) +
    pct(0x80 | ((cp >> 12) & 63)) +
    pct(0x80 | ((cp >> 6) & 63)) +
    pct(0x80 | (cp & 63))
  );
}

function decode(value: string, component: UrnComponent, syntax: UrnSyntax): string {
  checkPart(value, component, syntax);
  if (value.indexOf("%") < 0) return value;
  let out = "";
  let i = 0;
  while (i < value.length) {
    if (value.charCodeAt(i) !== 0x25) {
      out += value[i++];
      continue;
    }
    const lead = octetAt(value, i);
    const size =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (size === 0) throw new UrnSyntaxError("invalid-utf8", i, component, value, syntax);
    let cp = size === 1 ? lead : lead & (0x7f >> size);
    for (let k = 1; k < size; k++) {
      const at = i + 3 * k;
      const octet = value.charCodeAt(at) === 0x25 ? octetAt(value, at) : -1;
      const [low, high] = k === 1 ? secondOctetRange(lead) : [0x80, 0xbf];
      if (octet < low || octet > high) {
        throw new UrnSyntaxError("invalid-utf8", i, component, value, syntax);
      }
      cp = (cp << 6) | (octet & 63);
    }
    out += String.fromCodePoint(cp);
    i += 3 * size;
  }
  return out;
}

/** The octet of the %HH triplet at i (already checked to be well formed). */
export function octetAt(s: string, i: number): number {
  return Number.parseInt(s.slice(i + 1, i + 3), 16);
}

/**
 * RFC 3629 §4: the second octet's range excludes overlong forms (E0, F0), UTF-16 surrogates (ED)
 * and code points above U+10FFFF (F4).
 */
function secondOctetRange(lead: number): [number, number] {
  if (lead === 0xe0) return [0xa0, 0xbf];
  if (lead === 0xed) return [0x80, 0x9f];
  if (lead === 0xf0) return [0x90, 0xbf];
  if (lead === 0xf4) return [0x80, 0x8f];
  return [0x80, 0xbf];
}
