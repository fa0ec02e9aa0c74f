// urn:mpeg, RFC 3614 §2: {standard name}:{assigned string}. The standard-name segment is
// case-insensitive (§3), everything after it case-sensitive.

import { ANY, AutomatonBuilder } from "../automaton.js";
import { headColon, lowerHeadKey, type NamespaceRule } from "../rule.js";

/**
 * A standard name with no uppercase letter, then ":" and an assigned string that is not empty (see
 * NamespaceRule.conforming).
 */
function conformingMpeg() {
  const b = new AutomatonBuilder();
  const name = b.state();
  const colon = b.state();

  b.edge(b.start, "^:A-Z", name).edge(name, "^:A-Z", name).edge(name, ":", colon);
  b.edge(colon, ANY, b.rest());
  return b.build();
}

export const mpegRule: NamespaceRule = {
  nid: "mpeg",
  conforming: conformingMpeg(),
  validate(urn) {
    const colon = headColon(urn, "mpeg-syntax", "an MPEG URN is {standard name}:{assigned string}");
    return typeof colon === "number" ? [] : [colon];
  },
  // RFC 3614 §3: the standard name (up to the first ":") folds, the assigned string does not.
  equivalenceKey: lowerHeadKey,
};
