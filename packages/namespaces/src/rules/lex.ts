// urn:lex, IANA template (2022-11-18) and RFC 9676: jurisdiction ":" local-name. RFC 9676 itself
// was not available; the structure of the local name (work = authority:measure:details, "@"
// expression, "$" manifestation) comes from secondary notes and is checked as unverified
// warnings only. LEX is case-sensitive, so the generic key applies.

import { type Issue, unverified } from "../issue.js";
import { genericKey, headColon, type NamespaceRule } from "../rule.js";

export const lexRule: NamespaceRule = {
  nid: "lex",
  validate(urn, _name, at) {
    const colon = headColon(urn, "lex-syntax", "a LEX name is {jurisdiction}:{local-name}");
    if (typeof colon !== "number") return [colon];
    const nss = urn.nss;
    const issues: Issue[] = [];
    const jurisdiction = nss.slice(0, colon);
    if (!/^[a-z]{2,}(?:[;.][a-z0-9.-]+)*$/i.test(jurisdiction)) {
      issues.push(
        unverified(
          "lex-jurisdiction",
          'the jurisdiction is a country or supranational code, sub-units joined by ";"',
          at,
        ),
      );
    }
    const localName = nss.slice(colon + 1);
    const work = localName.split(/[@$]/, 1)[0] ?? "";
    if (work.split(":").length < 3) {
      issues.push(
        unverified("lex-work", "the work is {authority}:{measure}:{details}", at + colon + 1),
      );
    }
    return issues;
  },
  equivalenceKey: genericKey,
};
