// The percent-encoder and decoder of each URN part (RFC 8141 §2 NSS, r-, q- and f-components, and
// the RFC 2141 §2 NSS), with a URN that holds an encoded value in that part, so that a test can
// check the value stays there. Shared by the table tests and the properties.

import {
  decodeFComponent,
  decodeNss,
  decodeQComponent,
  decodeRComponent,
  encodeFComponent,
  encodeNss,
  encodeQComponent,
  encodeRComponent,
  URN,
  type UrnSyntax,
} from "../src/index.js";
import type { EncodedPart } from "./vectors.js";

export interface PartCodec {
  encode: (text: string) => string;
  decode: (value: string) => string;
  /** A URN with `value` in this part; the delimiters after it show where the part must end. */
  urn: (value: string) => string;
  syntax: UrnSyntax;
  /** This part of a parsed URN. */
  read: (urn: URN) => string | null;
}

export const PART_CODECS: Record<EncodedPart, PartCodec> = {
  nss: {
    encode: encodeNss,
    decode: decodeNss,
    urn: (v) => `urn:ab:${v}`,
    syntax: "rfc8141",
    read: (u) => u.nss,
  },
  r: {
    encode: encodeRComponent,
    decode: decodeRComponent,
    urn: (v) => `urn:ab:c?+${v}?=q`,
    syntax: "rfc8141",
    read: (u) => u.rComponent,
  },
  q: {
    encode: encodeQComponent,
    decode: decodeQComponent,
    urn: (v) => `urn:ab:c?=${v}#f`,
    syntax: "rfc8141",
    read: (u) => u.qComponent,
  },
  f: {
    encode: encodeFComponent,
    decode: decodeFComponent,
    urn: (v) => `urn:ab:c#${v}`,
    syntax: "rfc8141",
    read: (u) => u.fComponent,
  },
  nss2141: {
    encode: (text) => encodeNss(text, { syntax: "rfc2141" }),
    decode: (value) => decodeNss(value, { syntax: "rfc2141" }),
    urn: (v) => `urn:ab:${v}`,
    syntax: "rfc2141",
    read: (u) => u.nss,
  },
};

/** The value `codec` puts in its part, read back from a whole URN. */
export function readBackInUrn(codec: PartCodec, value: string): string | null {
  return codec.read(new URN(codec.urn(value), { syntax: codec.syntax }));
}
