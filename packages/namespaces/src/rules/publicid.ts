// urn:publicid, RFC 3151 §1: an SGML/XML formal public identifier transcribed after whitespace
// normalization. Only names transcription can produce are valid. Equivalence is the generic one
// (transcription is already canonical).

import { error } from "../issue.js";
import { genericKey, type NamespaceRule } from "../rule.js";

export const publicidRule: NamespaceRule = {
  nid: "publicid",
  validate(urn, _name, at) {
    const nss = urn.nss;
    // A space becomes "+" after runs of whitespace collapse and the ends are trimmed.
    const space = nss.search(/^\+|\+\+|\+$/);
    if (space >= 0) {
      return [
        error(
          "publicid-whitespace",
          "leading, trailing or doubled spaces (+) cannot come out of RFC 3151 transcription",
          at + space,
        ),
      ];
    }
    const raw = nss.search(/[/']/);
    if (raw >= 0) {
      return [
        error(
          "publicid-raw-character",
          `"${nss[raw]}" is transcribed as ${nss[raw] === "/" ? '%2F (or ":" for "//")' : "%27"}`,
          at + raw,
        ),
      ];
    }
    return [];
  },
  equivalenceKey: genericKey,
};
