// urn:mpeg, RFC 3614 §2: {standard name}:{assigned string}. The standard-name segment is
// case-insensitive (§3), everything after it case-sensitive.

import { error } from "../issue.js";
import { asciiLowerBefore, foldKey, type NamespaceRule, nssOffset } from "../rule.js";

export const mpegRule: NamespaceRule = {
  nid: "mpeg",
  validate(urn) {
    const nss = urn.nss;
    const colon = nss.indexOf(":");
    if (colon <= 0 || colon === nss.length - 1) {
      const at = nssOffset(urn) + (colon < 0 ? nss.length - 1 : colon === 0 ? 0 : colon);
      return [error("mpeg-syntax", "an MPEG URN is {standard name}:{assigned string}", at)];
    }
    return [];
  },
  // RFC 3614 §3: the standard name (up to the first ":") folds, the assigned string does not.
  equivalenceKey: (urn) => foldKey(urn, (nss) => asciiLowerBefore(nss, nss.indexOf(":"))),
};
