// urn:xmpp, RFC 4854 §3: {ShortName}[:{SubName}], assigned by the XMPP Registrar. Equivalence is
// the generic one (case-sensitive NSS).

import { error } from "../issue.js";
import { genericKey, type NamespaceRule, nssOffset } from "../rule.js";

export const xmppRule: NamespaceRule = {
  nid: "xmpp",
  validate(urn) {
    return urn.nss.startsWith(":")
      ? [error("xmpp-syntax", 'the ShortName before the first ":" is empty', nssOffset(urn))]
      : [];
  },
  equivalenceKey: genericKey,
};
