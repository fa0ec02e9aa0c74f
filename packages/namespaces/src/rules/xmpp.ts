// urn:xmpp, RFC 4854 §3: {ShortName}[:{SubName}], assigned by the XMPP Registrar. Equivalence is
// the generic one (case-sensitive NSS).

import { AutomatonBuilder } from "../automaton.js";
import { error } from "../issue.js";
import { genericKey, type NamespaceRule } from "../rule.js";

/** A ShortName that is not empty (see NamespaceRule.conforming). */
function conformingXmpp() {
  const b = new AutomatonBuilder();
  b.edge(b.start, "^:", b.rest());
  return b.build();
}

export const xmppRule: NamespaceRule = {
  nid: "xmpp",
  conforming: conformingXmpp(),
  validate(_urn, name, at) {
    return name.charCodeAt(at) === 0x3a
      ? [error("xmpp-syntax", 'the ShortName before the first ":" is empty', at)]
      : [];
  },
  equivalenceKey: genericKey,
};
