// urn:oid, RFC 3061 §2: dotted decimal arcs without leading zeros. Equivalence is exact string
// match, and the written form is already canonical.

import { isDigit } from "../ascii.js";
import { error } from "../issue.js";
import { genericKey, type NamespaceRule, nssOffset } from "../rule.js";

export const oidRule: NamespaceRule = {
  nid: "oid",
  validate(urn) {
    const bad = firstBad(urn.nss);
    return bad < 0
      ? []
      : [
          error(
            "oid-syntax",
            "an OID is decimal numbers without leading zeros joined by dots",
            nssOffset(urn) + bad,
          ),
        ];
  },
  equivalenceKey: genericKey,
};

/** Where `number *("." number)` first fails, a number being "0" or digits not starting with 0; -1 if never. */
function firstBad(nss: string): number {
  let arcStart = 0;
  for (let i = 0; i < nss.length; i++) {
    const c = nss.charCodeAt(i);
    if (c === 0x2e) {
      if (i === arcStart) return i;
      arcStart = i + 1;
    } else if (!isDigit(c) || (c === 0x30 && i === arcStart && isDigit(nss.charCodeAt(i + 1)))) {
      return i;
    }
  }
  return arcStart === nss.length ? nss.length - 1 : -1;
}
