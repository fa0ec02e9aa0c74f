// urn:epc and urn:epcglobal, RFC 5134 §2: {sub-namespace name}:{rest}, the rest defined by GS1.
// The whole URN is declared case-sensitive; read that as a case-sensitive NSS (RFC 8141 §3.1
// keeps "urn" and the NID case-insensitive), so the generic key applies and leading zeros are
// significant. The pure-identity schemes under urn:epc:id: follow the GS1 EPC Tag Data Standard,
// which was not available: those checks come from a TDS implementation and are unverified
// warnings.

import { decodeNss } from "@urnkit/core";
import { allDigits, equalsAt, isAlnum } from "../ascii.js";
import { ANY, AutomatonBuilder } from "../automaton.js";
import { error, type Issue, unverified } from "../issue.js";
import { genericKey, type NamespaceRule } from "../rule.js";

/** Letters and digits, with hyphens after the first character (RFC 5134 §2): s[from, end). */
function isSubNamespaceName(s: string, from: number, end: number): boolean {
  if (end <= from || !isAlnum(s.charCodeAt(from))) return false;
  for (let i = from + 1; i < end; i++) {
    const c = s.charCodeAt(i);
    if (!isAlnum(c) && c !== 0x2d) return false;
  }
  return true;
}

/**
 * {sub-namespace name}:{rest}; for urn:epc:id:, a pure identity that passes checkPureIdentity's
 * checks (see NamespaceRule.conforming).
 */
function conformingEpc(nid: "epc" | "epcglobal") {
  const b = new AutomatonBuilder();
  const name = b.state();
  const colon = b.state();
  b.edge(name, "A-Za-z0-9-", name).edge(name, ":", colon);
  b.edge(colon, ANY, b.rest());
  if (nid === "epcglobal") {
    b.edge(b.start, "A-Za-z0-9", name);
    return b.build();
  }
  // "i", "id", "id:": the pure identities.
  const i = b.state();
  const id = b.state();
  const idColon = b.state();
  b.edge(b.start, "i", i).edge(b.start, "A-Za-hj-z0-9", name);
  b.edge(i, "d", id).edge(i, "A-Za-ce-z0-9-", name).edge(i, ":", colon);
  b.edge(id, "A-Za-z0-9-", name).edge(id, ":", idColon);
  pureIdentity(b, idColon);
  return b.build();
}

/**
 * The pure identities checkPureIdentity passes, after "urn:epc:id:" (state `from`): a scheme it
 * does not know (nothing to check), or a digit scheme whose serial is digits alone. gid and giai
 * are left to the rule, and so is a serial longer than the least limit of the schemes that share
 * its digits.
 */
function pureIdentity(b: AutomatonBuilder, from: number): void {
  const digitsOf = new Map<string, number>();
  for (const { name, total, parts } of DIGIT_SCHEMES) {
    const key = `${total}/${parts}`;
    let digits = digitsOf.get(key);
    if (digits === undefined) {
      const same = DIGIT_SCHEMES.filter((d) => d.total === total && d.parts === parts);
      digits = gcpAndReference(
        b,
        total,
        parts === 3 ? Math.min(...same.map((d) => d.serialMax ?? 0)) : 0,
      );
      digitsOf.set(key, digits);
    }
    b.edge(b.word(from, name), ":", digits);
  }
  // Along a scheme's name: the NSS may end anywhere (there is no ":", so nothing to check), and
  // any other character makes the scheme one checkPureIdentity does not know. After "gid" and
  // "giai", which it checks, a ":" is left to the rule.
  const checked = ["gid", "giai"];
  const prefixes = new Set<string>();
  for (const name of [...DIGIT_SCHEMES.map((d) => d.name), ...checked]) {
    for (let n = 0; n <= name.length; n++) prefixes.add(name.slice(0, n));
  }
  const states = [...prefixes].map((prefix) => [prefix, b.word(from, prefix)] as const);
  const unknown = b.rest();
  for (const [prefix, state] of states) {
    if (prefix === "") {
      b.otherwise(state, unknown);
    } else if (checked.includes(prefix)) {
      b.otherwise(state, unknown, ":");
    } else {
      b.accept(state).otherwise(state, unknown);
    }
  }
}

/**
 * GCP "." reference with `total` digits between them, the GCP 6 to 12 long, then "." and 1 to
 * `serialMax` digits when serialMax > 0: the state after the ":" that starts them.
 */
function gcpAndReference(b: AutomatonBuilder, total: number, serialMax: number): number {
  const start = b.state();
  const gcp = [start];
  for (let k = 1; k <= 12; k++) gcp.push(b.state());
  // reference[k]: k digits so far, GCP and reference together, in the reference.
  const reference = new Map<number, number>();
  for (let k = 6; k <= total; k++) reference.set(k, b.state());
  for (let k = 1; k <= 12; k++) {
    b.edge(gcp[k - 1] as number, "0-9", gcp[k] as number);
    if (k >= 6 && k <= total) b.edge(gcp[k] as number, ".", reference.get(k) as number);
  }
  for (let k = 7; k <= total; k++) {
    b.edge(reference.get(k - 1) as number, "0-9", reference.get(k) as number);
  }
  const all = reference.get(total) as number;
  if (serialMax === 0) {
    b.accept(all);
    return start;
  }
  const dot = b.state();
  b.edge(all, ".", dot);
  let at = dot;
  for (let k = 1; k <= serialMax; k++) {
    const serial = b.state({ accept: "yes" });
    b.edge(at, "0-9", serial);
    at = serial;
  }
  return start;
}

export function epcRule(nid: "epc" | "epcglobal"): NamespaceRule {
  return {
    nid,
    conforming: conformingEpc(nid),
    validate(_urn, name, at) {
      const colon = name.indexOf(":", at);
      if (colon < 0 || colon === name.length - 1 || !isSubNamespaceName(name, at, colon)) {
        return [
          error(
            `${nid}-syntax`,
            "the NSS is {sub-namespace name}:{rest}, the name letters, digits and inner hyphens",
            at,
          ),
        ];
      }
      const id =
        colon === at + 2 && name.charCodeAt(at) === 0x69 && name.charCodeAt(at + 1) === 0x64;
      if (nid === "epc" && id) return checkPureIdentity(name, colon + 1);
      return [];
    },
    equivalenceKey: genericKey,
  };
}

/** Digits of the GS1 Company Prefix and the following reference, with their fixed total. */
export interface DigitScheme {
  name: string;
  parts: number;
  total: number;
  serialMax?: number;
}

export const DIGIT_SCHEMES: readonly DigitScheme[] = [
  { name: "sgtin", parts: 3, total: 13, serialMax: 20 },
  { name: "sscc", parts: 2, total: 17 },
  { name: "sgln", parts: 3, total: 12, serialMax: 20 },
  { name: "grai", parts: 3, total: 12, serialMax: 16 },
  { name: "gsrn", parts: 2, total: 17 },
  { name: "gsrnp", parts: 2, total: 17 },
  { name: "gdti", parts: 3, total: 12, serialMax: 17 },
];

// GS1 AI encodable character set 82, after decoding %hh.
const SET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/;

/** The pure identity after "urn:epc:id:", s[from, s.length) (its scheme and parts). */
function checkPureIdentity(s: string, from: number): Issue[] {
  const colon = s.indexOf(":", from);
  const end = colon < 0 ? s.length : colon;
  const partsAt = end + 1;
  if (equalsAt(s, from, end, "gid")) return checkGid(s.slice(colon + 1), partsAt);
  if (equalsAt(s, from, end, "giai")) return checkGiai(s.slice(colon + 1), partsAt);
  const shape = DIGIT_SCHEMES.find((d) => equalsAt(s, from, end, d.name));
  if (shape === undefined || colon < 0) return [];
  const scheme = shape.name;
  // GCP "." reference [ "." serial ], all positions in `s`.
  const dot1 = s.indexOf(".", colon + 1);
  const dot2 = dot1 < 0 ? -1 : s.indexOf(".", dot1 + 1);
  const refEnd = dot2 < 0 ? s.length : dot2;
  const gcp = dot1 - colon - 1;
  const digits = refEnd - colon - 1 - 1;
  if (
    dot1 < 0 ||
    (shape.parts === 3) !== dot2 >= 0 ||
    gcp < 6 ||
    gcp > 12 ||
    digits !== shape.total ||
    !allDigits(s, colon + 1, dot1) ||
    (refEnd > dot1 + 1 && !allDigits(s, dot1 + 1, refEnd))
  ) {
    return [
      unverified(
        `epc-tds-${scheme}`,
        `${scheme} needs a GCP of 6-12 digits and ${shape.total} digits with the reference`,
        partsAt,
      ),
    ];
  }
  const max = shape.serialMax;
  if (dot2 >= 0 && max !== undefined) {
    // Digits alone (the usual serial) are in the set: no slice, nothing to decode.
    const digitsOnly = allDigits(s, dot2 + 1, s.length);
    if (digitsOnly ? s.length - dot2 - 1 > max : !isSerial82(s.slice(dot2 + 1), max)) {
      return [
        unverified(
          `epc-tds-${scheme}`,
          `the ${scheme} serial is 1-${max} characters of GS1 character set 82`,
          dot2 + 1,
        ),
      ];
    }
  }
  return [];
}

/** Whether `serial` spells 1 to `max` characters of GS1 character set 82 (after %hh decoding). */
function isSerial82(serial: string, max: number): boolean {
  const text = serial.includes("%") ? decode(serial) : serial;
  return text !== undefined && text !== "" && text.length <= max && SET_82.test(text);
}

/** gid: manager.class.serial, decimal without leading zeros, below 2^28, 2^24 and 2^36. */
function checkGid(rest: string, at: number): Issue[] {
  const parts = rest.split(".");
  const limits = [2 ** 28, 2 ** 24, 2 ** 36];
  const ok =
    parts.length === 3 &&
    parts.every(
      (p, i) => allDigits(p) && (p === "0" || p[0] !== "0") && Number(p) < (limits[i] ?? 0),
    );
  return ok
    ? []
    : [unverified("epc-tds-gid", "gid is manager.class.serial, decimal without leading zeros", at)];
}

/** giai: GCP (6-12 digits) "." asset reference, 30 characters at most in all. */
function checkGiai(rest: string, at: number): Issue[] {
  const dot = rest.indexOf(".");
  const ok =
    dot >= 6 &&
    dot <= 12 &&
    allDigits(rest, 0, dot) &&
    dot < rest.length - 1 &&
    dot + decodedLength(rest.slice(dot + 1)) <= 30;
  return ok
    ? []
    : [
        unverified(
          "epc-tds-giai",
          "giai is GCP (6-12 digits).asset reference, 30 characters at most",
          at,
        ),
      ];
}

/** The text a part of the NSS spells, or undefined when its escapes are not UTF-8. */
function decode(s: string): string | undefined {
  try {
    return decodeNss(s);
  } catch {
    return undefined;
  }
}

function decodedLength(s: string): number {
  return decode(s)?.length ?? s.length;
}
