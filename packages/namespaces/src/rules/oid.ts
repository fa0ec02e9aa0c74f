// urn:oid, RFC 3061 §2: dotted decimal arcs without leading zeros. Equivalence is exact string
// match, and the written form is already canonical.

import { error } from "../issue.js";
import type { NamespaceRule } from "../rule.js";
import { nssOffset } from "../rule.js";

const OID = /^(?:0|[1-9][0-9]*)(?:\.(?:0|[1-9][0-9]*))*$/;

export const oidRule: NamespaceRule = {
  nid: "oid",
  validate(urn) {
    if (OID.test(urn.nss)) return [];
    const at = nssOffset(urn) + firstBad(urn.nss);
    return [
      error("oid-syntax", "an OID is decimal numbers without leading zeros joined by dots", at),
    ];
  },
  equivalenceKey: (urn) => urn.equivalenceKey,
};

/** Where the dotted-decimal form first goes wrong. */
function firstBad(nss: string): number {
  let arcStart = 0;
  for (let i = 0; i < nss.length; i++) {
    const c = nss[i] ?? "";
    if (c === ".") {
      if (i === arcStart) return i;
      arcStart = i + 1;
    } else if (
      c < "0" ||
      c > "9" ||
      (c === "0" && i === arcStart && /[0-9]/.test(nss[i + 1] ?? ""))
    ) {
      return i;
    }
  }
  return nss.length - 1;
}
