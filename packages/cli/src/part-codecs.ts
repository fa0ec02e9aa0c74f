// The URN parts `urnkit encode` and `urnkit decode` work on (RFC 8141 §2: NSS, r-, q- and
// f-component), each with @urnkit/core's encoder and decoder.

import {
  decodeFComponent,
  decodeNss,
  decodeQComponent,
  decodeRComponent,
  encodeFComponent,
  encodeNss,
  encodeQComponent,
  encodeRComponent,
  type UrnSyntax,
} from "@urnkit/core";
import { Option } from "commander";

export type Part = "nss" | "r" | "q" | "f";

interface Codec {
  encode(text: string, syntax: UrnSyntax): string;
  decode(value: string, syntax: UrnSyntax): string;
}

export const PART_CODECS: Record<Part, Codec> = {
  nss: {
    encode: (text, syntax) => encodeNss(text, { syntax }),
    decode: (value, syntax) => decodeNss(value, { syntax }),
  },
  r: { encode: encodeRComponent, decode: decodeRComponent },
  q: { encode: encodeQComponent, decode: decodeQComponent },
  f: { encode: encodeFComponent, decode: decodeFComponent },
};

/** `--part`: which part of a URN the values are, the NSS unless said otherwise. */
export function partOption(): Option {
  return new Option("--part <part>", "the URN part: nss, r (r-component), q or f")
    .choices(Object.keys(PART_CODECS))
    .default("nss");
}
