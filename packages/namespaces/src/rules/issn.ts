// urn:issn, IANA template (2017, ISO 3297:2007), which replaced RFC 3044 (RFC 8254): 4DIGIT ["-"]
// 3DIGIT check. Equivalence: "x" is read as "X" and the hyphen is optional. An ISSN-L (linking
// ISSN) has the same form and is checked the same way; the URN does not mark the difference.

import type { URN } from "@urnkit/core";
import { allDigits } from "../ascii.js";
import { issnCheckDigit } from "../check-digits/issn.js";
import { error } from "../issue.js";
import { keyWith, LastReading, type NamespaceRule, nssOffset } from "../rule.js";

/** The 7 digits and the check character (as written), or undefined when not NNNN[-]NNNC. */
function readIssn(nss: string): [digits: string, check: string] | undefined {
  const hyphen = nss.length === 9;
  if (!hyphen && nss.length !== 8) return undefined;
  if (hyphen && nss.charCodeAt(4) !== 0x2d) return undefined;
  const rest = hyphen ? 5 : 4;
  if (!allDigits(nss, 0, 4) || !allDigits(nss, rest, rest + 3)) return undefined;
  const check = nss[nss.length - 1] ?? "";
  if (!(check === "X" || check === "x" || allDigits(check))) return undefined;
  return [nss.slice(0, 4) + nss.slice(rest, rest + 3), check];
}

// The reading of urn.nss serves the key too: the key's NSS differs only in the case of %hh
// hex, and any "%" makes both readings fail.
const memo = new LastReading<ReturnType<typeof readIssn>>();
const read = (urn: URN) => readIssn(urn.nss);

export const issnRule: NamespaceRule = {
  nid: "issn",
  validate(urn) {
    const at = nssOffset(urn);
    const issn = memo.get(urn, read);
    if (issn === undefined) {
      return [error("issn-syntax", "an ISSN is NNNN-NNNC: 7 digits and a check digit or X", at)];
    }
    const want = issnCheckDigit(issn[0]);
    return issn[1].toUpperCase() === want
      ? []
      : [error("issn-check-digit", `check digit should be ${want}`, at + urn.nss.length - 1)];
  },
  equivalenceKey(urn) {
    const issn = memo.get(urn, read);
    if (issn === undefined) return urn.equivalenceKey;
    const [digits, check] = issn;
    return keyWith(urn, `${digits.slice(0, 4)}-${digits.slice(4)}${check.toUpperCase()}`);
  },
};
