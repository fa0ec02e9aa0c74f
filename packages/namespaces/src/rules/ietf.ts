// urn:ietf, RFC 2648 §2 (rfc, fyi, std, bcp, id, mtg), the sub-namespace registry of RFC 6924
// and urn:ietf:params of RFC 3553 §3. Equivalence: RFC 2648 calls the whole URN case-insensitive
// while RFC 3553 wants params names matched exactly, so the NSS folds for the RFC 2648
// sub-namespaces and only the "params" token folds for params.

import type { URN } from "@urnkit/core";
import { allDigits } from "../ascii.js";
import { error, type Issue, warning } from "../issue.js";
import { type IetfRegistryEntry, registry } from "../registry.js";
import {
  asciiLower,
  foldKey,
  LastReading,
  lowerHead,
  type NamespaceRule,
  nssOffset,
} from "../rule.js";

const NUMBERED = new Set(["rfc", "fyi", "std", "bcp"]);

/** The NSS split at its first ":" and the sub-namespace's registry entry. */
interface Reading {
  nss: string;
  colon: number;
  entry: IetfRegistryEntry | undefined;
  /** Whether the sub-namespace is written as registered (lowercase): nothing in it folds. */
  asRegistered: boolean;
}

// The key's NSS differs from urn.nss only in the case of %hh hex, which no registered
// sub-namespace token holds: one reading serves validate and equivalenceKey.
const memo = new LastReading<Reading>();

function read(urn: URN): Reading {
  const nss = urn.nss;
  const colon = nss.indexOf(":");
  const sub = colon < 0 ? nss : nss.slice(0, colon);
  const entry = registry.ietf.getSubNamespace(sub);
  return { nss, colon, entry, asRegistered: entry?.name === sub };
}

/** Where the part after the sub-namespace starts in the URN (its end when there is none). */
function restOffset(urn: URN, nss: string, colon: number): number {
  return nssOffset(urn) + (colon < 0 ? nss.length : colon + 1);
}

export const ietfRule: NamespaceRule = {
  nid: "ietf",
  validate(urn) {
    const { nss, colon, entry } = memo.get(urn, read);
    if (entry === undefined) {
      const sub = colon < 0 ? nss : nss.slice(0, colon);
      return [
        error(
          "ietf-unregistered-subnamespace",
          `"${sub}" is not in the IANA IETF URN Sub-namespaces registry (RFC 6924)`,
          nssOffset(urn),
        ),
      ];
    }
    // Registered names are lowercase, the form RFC 2648 writes them in.
    const name = entry.name;
    const from = colon < 0 ? nss.length : colon + 1;
    if (NUMBERED.has(name)) {
      if (!allDigits(nss, from)) {
        return [
          error(
            "ietf-syntax",
            `urn:ietf:${name}: is followed by a document number`,
            restOffset(urn, nss, colon),
          ),
        ];
      }
      return nss.length - from > 1 && nss.charCodeAt(from) === 0x30
        ? [
            warning(
              "ietf-leading-zero",
              "leading zeros are not defined as equivalent",
              restOffset(urn, nss, colon),
            ),
          ]
        : [];
    }
    const rest = nss.slice(from);
    if (name === "id" || name === "mtg") {
      const restAt = restOffset(urn, nss, colon);
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
    if (rest === "") {
      return [
        error(
          "ietf-syntax",
          "urn:ietf:params: needs a registered name",
          restOffset(urn, nss, colon),
        ),
      ];
    }
    for (let end = rest.indexOf(":"); ; end = rest.indexOf(":", end + 1)) {
      if (registry.ietf.getParam(end < 0 ? rest : rest.slice(0, end)) !== undefined) return [];
      if (end < 0) break;
    }
    return [
      error(
        "ietf-unregistered-param",
        "this name is not in the IANA URN params registry (RFC 3553)",
        restOffset(urn, nss, colon),
      ),
    ];
  },
  equivalenceKey(urn) {
    const { nss, colon, entry, asRegistered } = memo.get(urn, read);
    if (entry === undefined) return urn.equivalenceKey;
    // params: only the sub-namespace token folds; what follows is matched exactly (RFC 3553).
    if (entry.name === "params" && colon >= 0) {
      return asRegistered ? urn.equivalenceKey : foldKey(urn, lowerHead);
    }
    // A number after a lowercase token: nothing to fold.
    return asRegistered && allDigits(nss, colon + 1)
      ? urn.equivalenceKey
      : foldKey(urn, asciiLower);
  },
};
