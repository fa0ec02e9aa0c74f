// RFC 8141 §5.1 and §5.2 for the commands: core's classifyNid, with a string that is not a NID at
// all (§2) answered as the kind "invalid" instead of thrown, since commands show it as a result.

import { classifyNid, type NidKind, UrnSyntaxError } from "@urnkit/core";

export interface NidClassOrInvalid {
  kind: NidKind | "invalid";
  reason: string;
}

export function nidClassOf(nid: string): NidClassOrInvalid {
  try {
    return classifyNid(nid);
  } catch (e) {
    if (!(e instanceof UrnSyntaxError)) throw e;
    return { kind: "invalid", reason: `not a NID: ${e.message}` };
  }
}
