// urn:ietf, RFC 2648 §2 (rfc, fyi, std, bcp, id, mtg), the sub-namespace registry of RFC 6924
// and urn:ietf:params of RFC 3553 §3. Equivalence: RFC 2648 calls the whole URN case-insensitive
// while RFC 3553 wants params names matched exactly, so the NSS folds for the RFC 2648
// sub-namespaces and only the "params" token folds for params.

import type { URN } from "@urnkit/core";
import { allDigits } from "../ascii.js";
import { ANY, AutomatonBuilder } from "../automaton.js";
import { error, type Issue, warning } from "../issue.js";
import { type IetfRegistryEntry, registry } from "../registry.js";
import { asciiLower, foldKey, lowerHead, type NamespaceRule } from "../rule.js";

/** The sub-namespace of the NSS and what follows it, read in place in the assigned name. */
class Reading {
  /** The URN read last; the fields below are about it. */
  urn: URN | undefined = undefined;
  /** Where the sub-namespace ends: at the first ":" of the NSS, or at the assigned name's end. */
  subEnd = 0;
  entry: IetfRegistryEntry | undefined = undefined;
  /** Whether RFC 2648 numbers documents in the sub-namespace (rfc, fyi, std, bcp). */
  numberedSub = false;
  /** Whether the sub-namespace is written as registered (lowercase): nothing in it folds. */
  asRegistered = false;
  /** Whether a ":" and decimal digits alone follow the sub-namespace. */
  numbered = false;
}

// The rule's last reading (see NamespaceRule). The key's NSS differs from the NSS only in the case
// of %hh hex, which no registered sub-namespace token holds, so the reading serves both.
const lastRead = new Reading();

const SUB_NAMESPACES = registry.ietf.subNamespaces;

/** Whether each registered sub-namespace, by its place in the registry, numbers documents. */
const NUMBERED_SUB = SUB_NAMESPACES.map((e) => ["rfc", "fyi", "std", "bcp"].includes(e.name));

/**
 * Reads the URN's sub-namespace into `lastRead`: the registered one s[at, subEnd) spells in any
 * case (RFC 2648), matched in place against the registry's seven names, cheaper than a slice and
 * a Map lookup. The names are lowercase letters (digits and "-" would do too): | 0x20 lowercases
 * an ASCII letter, keeps a digit or "-", and turns no other character an NSS may hold into one of
 * those.
 */
function readIetf(urn: URN): Reading {
  const r = lastRead;
  const name = urn.assignedName;
  const at = urn.nssStart;
  const colon = name.indexOf(":", at);
  const subEnd = colon < 0 ? name.length : colon;
  r.urn = urn;
  r.subEnd = subEnd;
  r.entry = undefined;
  r.numberedSub = false;
  r.asRegistered = false;
  r.numbered = colon >= 0 && allDigits(name, colon + 1, name.length);
  for (let k = 0; k < SUB_NAMESPACES.length; k++) {
    const entry = SUB_NAMESPACES[k] as IetfRegistryEntry;
    const sub = entry.name;
    if (sub.length !== subEnd - at) continue;
    let i = 0;
    let folded = 0;
    for (; i < sub.length; i++) {
      const c = name.charCodeAt(at + i);
      const lower = sub.charCodeAt(i);
      if ((c | 0x20) !== lower) break;
      folded |= c ^ lower;
    }
    if (i === sub.length) {
      r.entry = entry;
      r.numberedSub = NUMBERED_SUB[k] as boolean;
      r.asRegistered = folded === 0;
      break;
    }
  }
  return r;
}

/**
 * Whether a registered params name is all of s from `from` on, or starts it followed by ":" (the
 * name may itself hold ":", as capport:unrestricted does). RFC 3553 compares names exactly; the
 * names are grouped by their first character so that one or two are compared in place.
 */
function registeredParamAt(s: string, from: number): boolean {
  const names = PARAMS_BY_FIRST[s.charCodeAt(from)];
  if (names === undefined) return false;
  for (const name of names) {
    const end = from + name.length;
    if (s.startsWith(name, from) && (end === s.length || s.charCodeAt(end) === 0x3a)) return true;
  }
  return false;
}

/** The registered params names by the char code of their first character (ASCII, < 128). */
const PARAMS_BY_FIRST: (string[] | undefined)[] = new Array(128).fill(undefined);
for (const { name } of registry.ietf.params) {
  const first = name.charCodeAt(0);
  PARAMS_BY_FIRST[first] = [...(PARAMS_BY_FIRST[first] ?? []), name];
}

/**
 * In lowercase: an RFC 2648 document number without leading zeros, or params: and a registered
 * name (see NamespaceRule.conforming).
 */
function conformingIetf() {
  const b = new AutomatonBuilder({
    finish: (s, nssStart) => registeredParamAt(s, nssStart + "params:".length),
  });
  const colon = b.state();
  const zero = b.state({ accept: "yes" });
  const number = b.state({ accept: "yes" });
  for (const sub of ["rfc", "fyi", "std", "bcp"]) b.edge(b.word(b.start, sub), ":", colon);
  b.edge(colon, "0", zero).edge(colon, "1-9", number).edge(number, "0-9", number);
  const params = b.word(b.start, "params:");
  b.edge(params, ANY, b.rest("finish"));
  return b.build();
}

export const ietfRule: NamespaceRule = {
  nid: "ietf",
  conforming: conformingIetf(),
  validate(urn, name, at) {
    const { subEnd, entry, numberedSub, numbered } = readIetf(urn);
    // Where the part after the sub-namespace starts (the name's end when there is none).
    const from = Math.min(subEnd + 1, name.length);
    if (entry === undefined) {
      return [
        error(
          "ietf-unregistered-subnamespace",
          `"${name.slice(at, subEnd)}" is not in the IANA IETF URN Sub-namespaces registry (RFC 6924)`,
          at,
        ),
      ];
    }
    // Registered names are lowercase, the form RFC 2648 writes them in.
    const sub = entry.name;
    if (numberedSub) {
      if (!numbered) {
        return [error("ietf-syntax", `urn:ietf:${sub}: is followed by a document number`, from)];
      }
      return name.length - from > 1 && name.charCodeAt(from) === 0x30
        ? [warning("ietf-leading-zero", "leading zeros are not defined as equivalent", from)]
        : [];
    }
    if (sub === "id" || sub === "mtg") {
      const rest = name.slice(from);
      const bad = rest === "" ? 0 : rest.search(/[^A-Za-z0-9-]/);
      if (bad >= 0) {
        return [error("ietf-syntax", `urn:ietf:${sub}: takes letters, digits and "-"`, from + bad)];
      }
      const issues: Issue[] = [];
      if (sub === "id" && rest.toLowerCase().startsWith("draft-")) {
        issues.push(
          warning("ietf-draft-prefix", 'the draft name is written without "draft-"', from),
        );
      }
      if (sub === "mtg" && !/^[0-9]+-./.test(rest)) {
        issues.push(
          warning("ietf-meeting", "a meeting is <IETF meeting number>-<WG or BOF acronym>", from),
        );
      }
      return issues;
    }
    // params: the name may itself hold ":" (capport:unrestricted), so try every prefix.
    if (from === name.length) {
      return [error("ietf-syntax", "urn:ietf:params: needs a registered name", from)];
    }
    if (registeredParamAt(name, from)) return [];
    return [
      error(
        "ietf-unregistered-param",
        "this name is not in the IANA URN params registry (RFC 3553)",
        from,
      ),
    ];
  },
  equivalenceKey(urn, name) {
    const r = lastRead.urn === urn ? lastRead : readIetf(urn);
    const { subEnd, entry, asRegistered, numbered } = r;
    if (entry === undefined) return urn.equivalenceKey;
    // params: only the sub-namespace token folds; what follows is matched exactly (RFC 3553).
    if (entry.name === "params" && subEnd < name.length) {
      return asRegistered ? urn.equivalenceKey : foldKey(urn, lowerHead);
    }
    // A number after a lowercase token: nothing to fold.
    return asRegistered && numbered ? urn.equivalenceKey : foldKey(urn, asciiLower);
  },
};
