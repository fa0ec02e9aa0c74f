// urn:ietf, RFC 2648 §2 (rfc, fyi, std, bcp, id, mtg), the sub-namespace registry of RFC 6924
// and urn:ietf:params of RFC 3553 §3. Equivalence: RFC 2648 calls the whole URN case-insensitive
// while RFC 3553 wants params names matched exactly, so the NSS folds for the RFC 2648
// sub-namespaces and only the "params" token folds for params.

import { allDigits } from "../ascii.js";
import { error, type Issue, warning } from "../issue.js";
import { registry } from "../registry.js";
import { asciiLower, asciiLowerBefore, foldKey, type NamespaceRule, nssOffset } from "../rule.js";

const NUMBERED = new Set(["rfc", "fyi", "std", "bcp"]);

export const ietfRule: NamespaceRule = {
  nid: "ietf",
  validate(urn) {
    const nss = urn.nss;
    const at = nssOffset(urn);
    const colon = nss.indexOf(":");
    const sub = colon < 0 ? nss : nss.slice(0, colon);
    const rest = colon < 0 ? "" : nss.slice(colon + 1);
    const restAt = at + Math.min(sub.length + 1, nss.length);
    if (registry.ietf.getSubNamespace(sub) === undefined) {
      return [
        error(
          "ietf-unregistered-subnamespace",
          `"${sub}" is not in the IANA IETF URN Sub-namespaces registry (RFC 6924)`,
          at,
        ),
      ];
    }
    const name = sub.toLowerCase();
    if (NUMBERED.has(name)) {
      if (!allDigits(rest)) {
        return [error("ietf-syntax", `urn:ietf:${name}: is followed by a document number`, restAt)];
      }
      return rest.length > 1 && rest.charCodeAt(0) === 0x30
        ? [warning("ietf-leading-zero", "leading zeros are not defined as equivalent", restAt)]
        : [];
    }
    if (name === "id" || name === "mtg") {
      const bad = rest === "" ? 0 : rest.search(/[^A-Za-z0-9-]/);
      if (bad >= 0) {
        return [
          error("ietf-syntax", `urn:ietf:${name}: takes letters, digits and "-"`, restAt + bad),
        ];
      }
      const issues: Issue[] = [];
      if (name === "id" && rest.toLowerCase().startsWith("draft-")) {
        issues.push(
          warning("ietf-draft-prefix", 'the draft name is written without "draft-"', restAt),
        );
      }
      if (name === "mtg" && !/^[0-9]+-./.test(rest)) {
        issues.push(
          warning("ietf-meeting", "a meeting is <IETF meeting number>-<WG or BOF acronym>", restAt),
        );
      }
      return issues;
    }
    // params: the name may itself hold ":" (capport:unrestricted), so try every prefix.
    if (rest === "")
      return [error("ietf-syntax", "urn:ietf:params: needs a registered name", restAt)];
    for (let end = rest.indexOf(":"); ; end = rest.indexOf(":", end + 1)) {
      if (registry.ietf.getParam(end < 0 ? rest : rest.slice(0, end)) !== undefined) return [];
      if (end < 0) break;
    }
    return [
      error(
        "ietf-unregistered-param",
        "this name is not in the IANA URN params registry (RFC 3553)",
        restAt,
      ),
    ];
  },
  equivalenceKey: (urn) =>
    foldKey(urn, (nss) => {
      const colon = nss.indexOf(":");
      const sub = colon < 0 ? nss : nss.slice(0, colon);
      const entry = registry.ietf.getSubNamespace(sub);
      if (entry === undefined) return nss;
      // params: only the sub-namespace token folds; what follows is matched exactly (RFC 3553).
      return entry.name === "params" && colon >= 0 ? asciiLowerBefore(nss, colon) : asciiLower(nss);
    }),
};
