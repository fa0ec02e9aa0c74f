// urn:mpeg, RFC 3614 §2: {standard name}:{assigned string}. The standard-name segment is
// case-insensitive (§3), everything after it case-sensitive.

import { error } from "../issue.js";
import { asciiLower, keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

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
  equivalenceKey(urn) {
    const nss = keyNss(urn);
    const colon = nss.indexOf(":");
    return colon < 0
      ? urn.equivalenceKey
      : keyWith(urn, asciiLower(nss.slice(0, colon)) + nss.slice(colon));
  },
};
