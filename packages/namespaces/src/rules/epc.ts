// urn:epc and urn:epcglobal, RFC 5134 §2: {sub-namespace name}:{rest}, the rest defined by GS1.
// The whole URN is declared case-sensitive; read that as a case-sensitive NSS (RFC 8141 §3.1
// keeps "urn" and the NID case-insensitive), so the generic key applies and leading zeros are
// significant. The pure-identity schemes under urn:epc:id: follow the GS1 EPC Tag Data Standard,
// which was not available: those checks come from a TDS implementation and are unverified
// warnings.

import { allDigits } from "../ascii.js";
import { error, type Issue, unverified } from "../issue.js";
import { type NamespaceRule, nssOffset } from "../rule.js";

const SUBNAMESPACE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

export function epcRule(nid: "epc" | "epcglobal"): NamespaceRule {
  return {
    nid,
    validate(urn) {
      const nss = urn.nss;
      const at = nssOffset(urn);
      const colon = nss.indexOf(":");
      if (colon < 0 || colon === nss.length - 1 || !SUBNAMESPACE.test(nss.slice(0, colon))) {
        return [
          error(
            `${nid}-syntax`,
            "the NSS is {sub-namespace name}:{rest}, the name letters, digits and inner hyphens",
            at,
          ),
        ];
      }
      if (nid === "epc" && nss.startsWith("id:")) return checkPureIdentity(nss.slice(3), at + 3);
      return [];
    },
    equivalenceKey: (urn) => urn.equivalenceKey,
  };
}

/** Digits of the GS1 Company Prefix and the following reference, with their fixed total. */
const DIGIT_SCHEMES: Record<string, { parts: number; total: number; serialMax?: number }> = {
  sgtin: { parts: 3, total: 13, serialMax: 20 },
  sscc: { parts: 2, total: 17 },
  sgln: { parts: 3, total: 12, serialMax: 20 },
  grai: { parts: 3, total: 12, serialMax: 16 },
  gsrn: { parts: 2, total: 17 },
  gsrnp: { parts: 2, total: 17 },
  gdti: { parts: 3, total: 12, serialMax: 17 },
};

// GS1 AI encodable character set 82, after decoding %hh.
const SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

function checkPureIdentity(body: string, at: number): Issue[] {
  const colon = body.indexOf(":");
  const scheme = colon < 0 ? body : body.slice(0, colon);
  const parts = body.slice(colon + 1).split(".");
  const partsAt = at + scheme.length + 1;
  if (scheme === "gid") {
    const limits = [2 ** 28, 2 ** 24, 2 ** 36];
    const ok =
      parts.length === 3 &&
      parts.every((p, i) => /^(?:0|[1-9][0-9]*)$/.test(p) && Number(p) < (limits[i] ?? 0));
    return ok
      ? []
      : [
          unverified(
            "epc-tds-gid",
            "gid is manager.class.serial, decimal without leading zeros",
            partsAt,
          ),
        ];
  }
  if (scheme === "giai") {
    const [gcp = "", ref = ""] = parts;
    const ok =
      parts.length >= 2 &&
      /^[0-9]{6,12}$/.test(gcp) &&
      ref !== "" &&
      decodedLength(parts.slice(1).join(".")) + gcp.length <= 30;
    return ok
      ? []
      : [
          unverified(
            "epc-tds-giai",
            "giai is GCP (6-12 digits).asset reference, 30 characters at most",
            partsAt,
          ),
        ];
  }
  const shape = DIGIT_SCHEMES[scheme];
  if (shape === undefined || colon < 0) return [];
  const [gcp = "", ref = "", serial] = parts;
  if (
    parts.length !== shape.parts ||
    gcp.length < 6 ||
    gcp.length > 12 ||
    !allDigits(gcp) ||
    (ref !== "" && !allDigits(ref)) ||
    gcp.length + ref.length !== shape.total
  ) {
    return [
      unverified(
        `epc-tds-${scheme}`,
        `${scheme} needs a GCP of 6-12 digits and ${shape.total} digits with the reference`,
        partsAt,
      ),
    ];
  }
  if (serial !== undefined && shape.serialMax !== undefined) {
    const text = serial.includes("%") ? decode(serial) : serial;
    if (text === undefined || text === "" || text.length > shape.serialMax || !SET_82.test(text)) {
      return [
        unverified(
          `epc-tds-${scheme}`,
          `the ${scheme} serial is 1-${shape.serialMax} characters of GS1 character set 82`,
          partsAt + gcp.length + ref.length + 2,
        ),
      ];
    }
  }
  return [];
}

function decode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

function decodedLength(s: string): number {
  return decode(s)?.length ?? s.length;
}
