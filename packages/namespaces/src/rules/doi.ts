// urn:doi, IANA template (2023-03-14): {prefix}/{suffix} with any printable ASCII percent-encoded
// as needed. Its equivalence folds ASCII case and decodes %hh before comparing, which only adds
// equivalences (RFC 8141 §3.1 allows that).

import { decodeNss } from "@urnkit/core";
import { hasUpper } from "../ascii.js";
import { error, warning } from "../issue.js";
import { keyNss, keyWith, type NamespaceRule, nssOffset } from "../rule.js";

export const doiRule: NamespaceRule = {
  nid: "doi",
  validate(urn) {
    const nss = urn.nss;
    const slash = nss.indexOf("/");
    if (slash < 0 || slash === nss.length - 1) {
      const end = nssOffset(urn) + nss.length - 1;
      return [error("doi-syntax", "a DOI is {prefix}/{suffix}, both non-empty", end)];
    }
    return nss.charCodeAt(0) === 0x31 && nss.charCodeAt(1) === 0x30 && nss.charCodeAt(2) === 0x2e
      ? []
      : [
          warning(
            "doi-prefix",
            'DOI prefixes begin with the directory indicator "10."',
            nssOffset(urn),
          ),
        ];
  },
  equivalenceKey(urn) {
    const nss = keyNss(urn);
    const encoded = nss.includes("%");
    // Nothing to decode or fold (the common case): the generic key is the key.
    if (!encoded && !hasUpper(nss)) return urn.equivalenceKey;
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
