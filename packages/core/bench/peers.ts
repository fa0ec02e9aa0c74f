// Other URN parsers on npm, each called the way its README says, as benchmark cases. Every case
// checks that what the peer returns for a URN it accepts carries the right NID, so no peer is
// timed doing less than parsing.

import fastUri from "fast-uri";
import urnLib from "urn-lib";
import { parseURN } from "urns";
import { URN, type UrnSyntax } from "../dist/index.js";
import { defineCase } from "./suite.js";

/** Throws unless `nid` is the NID of `input` (peers may lowercase it). */
function checkNid(input: string, nid: string | null | undefined, syntax: UrnSyntax): void {
  const ours = URN.parse(input, { syntax });
  // A peer may accept what is not a URN to us; then there is no NID to compare with.
  if (ours !== null && nid?.toLowerCase() !== ours.nid.toLowerCase()) {
    throw new Error(`NID ${JSON.stringify(nid)}, expected ${ours.nid}`);
  }
}

type FastUriResult = ReturnType<typeof fastUri.parse>;

function fastUriAccepts(r: FastUriResult): boolean {
  return r.error === undefined && r.scheme?.toLowerCase() === "urn" && r.nid !== undefined;
}

/** fast-uri's `parse`, which has a URN scheme handler splitting NID and NSS (RFC 8141). */
export function fastUriCase(syntax: UrnSyntax) {
  return defineCase<string, FastUriResult>({
    name: "fast-uri parse",
    fn: (s) => fastUri.parse(s),
    accepts: fastUriAccepts,
    verify: (s, r) => {
      if (fastUriAccepts(r)) checkNid(s, r.nid as string, syntax);
    },
  });
}

type UrnLibResult = ReturnType<typeof urnLib.RFC2141.validate> | undefined;

/** urn-lib's RFC 2141 util: `parse`, then `validate` the parsed object (null means valid). */
export function urnLibCase(syntax: UrnSyntax) {
  return defineCase<string, UrnLibResult>({
    name: "urn-lib parse+validate",
    fn: (s) => {
      const parsed = urnLib.RFC2141.parse(s);
      return parsed === null ? undefined : urnLib.RFC2141.validate(parsed);
    },
    accepts: (errors) => errors === null,
    verify: (s, errors) => {
      if (errors === null) checkNid(s, urnLib.RFC2141.parse(s)?.nid, syntax);
    },
  });
}

type UrnsResult = ReturnType<typeof parseURN> | null;

/** urns' `parseURN`, an RFC 8141 regular expression; it throws on a non-URN. */
export function urnsCase(syntax: UrnSyntax) {
  return defineCase<string, UrnsResult>({
    name: "urns parseURN",
    fn: (s) => {
      try {
        return parseURN(s);
      } catch {
        return null;
      }
    },
    accepts: (r) => r !== null,
    verify: (s, r) => {
      if (r !== null) checkNid(s, r.nid, syntax);
    },
  });
}
