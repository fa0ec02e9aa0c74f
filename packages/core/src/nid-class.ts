// RFC 8141 §5.1 and §5.2: which kind of namespace a NID can name. Syntax (§2) allows every NID
// this module calls reserved; registration (§5) does not.

import { checkPart } from "./grammar/scan.js";

export type NidKind = "formal" | "informal" | "reserved";

export interface NidClass {
  kind: NidKind;
  /** Why, citing the rule. */
  reason: string;
}

/**
 * Classifies a NID (any case) as the NID of an informal namespace ("urn-" and a positive integer
 * without leading zeros), one reserved from registration, or a possible formal NID. Whether a
 * formal NID is actually registered is a question for the IANA registry (@urnkit/namespaces).
 * Throws UrnSyntaxError when `nid` is not a NID at all.
 */
export function classifyNid(nid: string): NidClass {
  checkPart(nid, "nid", "rfc8141");
  const lower = nid.toLowerCase();
  if (lower === "urn") {
    return reserved(
      '"urn" is the URI scheme itself and may never be a NID (draft-ietf-urnbis-rfc2141bis-urn-03 §2.1)',
    );
  }
  if (lower.startsWith("urn-")) {
    return /^urn-[1-9][0-9]*$/.test(lower)
      ? {
          kind: "informal",
          reason:
            'informal namespace: "urn-" and a positive integer assigned by IANA (RFC 8141 §5.2)',
        }
      : reserved(
          '"urn-" is reserved for informal namespaces, "urn-" and a positive integer without leading zeros (RFC 8141 §5.1 rule 2, §5.2)',
        );
  }
  if (nid.length === 2) {
    return reserved("formal NIDs must be more than two characters long (RFC 8141 §5.1 rule 3)");
  }
  if (/^[a-z]{2}-/.test(lower)) {
    return reserved(
      lower[3] === "-"
        ? 'two letters and "--" (as in "xn--") are reserved for DNS A-labels and similar strings (RFC 8141 §5.1 rule 3)'
        : 'two letters and "-" are reserved for ISO 3166-1 country-code namespaces (RFC 8141 §5.1 rule 3)',
    );
  }
  if (lower.startsWith("x-")) {
    return reserved(
      '"X-" was the experimental prefix of RFC 3406 and may not start a formal NID (RFC 8141 §5.1 rule 4)',
    );
  }
  return { kind: "formal", reason: "may be registered as a formal namespace (RFC 8141 §5.1)" };
}

function reserved(reason: string): NidClass {
  return { kind: "reserved", reason };
}
