// urn:doi, IANA template (2023-03-14): {prefix}/{suffix} with any printable ASCII percent-encoded
// as needed. Its equivalence folds ASCII case and decodes %hh before comparing, which only adds
// equivalences (RFC 8141 §3.1 allows that).

import { decodeNss } from "@urnkit/core";
import { hasUpper } from "../ascii.js";
import { AutomatonBuilder } from "../automaton.js";
import { error, warning } from "../issue.js";
import { keyNss, keyWith, type NamespaceRule } from "../rule.js";

/**
 * "10." prefix "/" suffix without uppercase letters or "%", nothing to fold or decode (see
 * NamespaceRule.conforming).
 */
function conformingDoi() {
  const b = new AutomatonBuilder();
  const prefix = b.chain(b.start, ["1", "0", "."]);
  const slash = b.state();
  const suffix = b.state({ accept: "yes" });
  b.edge(prefix, "^/%A-Z", prefix).edge(prefix, "/", slash);
  b.edge(slash, "^%A-Z", suffix).edge(suffix, "^%A-Z", suffix);
  return b.build();
}

export const doiRule: NamespaceRule = {
  nid: "doi",
  conforming: conformingDoi(),
  validate(_urn, name, at) {
    const slash = name.indexOf("/", at);
    if (slash < 0 || slash === name.length - 1) {
      return [error("doi-syntax", "a DOI is {prefix}/{suffix}, both non-empty", name.length - 1)];
    }
    return name.startsWith("10.", at)
      ? []
      : [warning("doi-prefix", 'DOI prefixes begin with the directory indicator "10."', at)];
  },
  equivalenceKey(urn, name, at) {
    // Nothing to decode or fold (the common case): the generic key is the key.
    // (toLowerCase gives back its input when nothing changes: no copy, and a builtin's loop.)
    if (name.indexOf("%", at) < 0) {
      const nss = urn.nss;
      if (nss.toLowerCase() === nss) return urn.equivalenceKey;
    }
    const nss = keyNss(urn);
    const encoded = nss.includes("%");
    let text = nss;
    if (encoded) {
      try {
        text = decodeNss(nss);
      } catch {
        return urn.equivalenceKey; // not UTF-8: nothing to decode to, keep the generic key
      }
    }
    // ASCII case only: the template folds ASCII letters, not the rest of Unicode.
    return keyWith(urn, hasUpper(text) ? text.replace(/[A-Z]+/g, (m) => m.toLowerCase()) : text);
  },
};
