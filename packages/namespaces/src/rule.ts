// RFC 8141 §3.1 and §6.4.2: the plug-in a namespace provides (its own syntax checks and its own
// URN-equivalence rules), plus the helpers every plug-in builds its key with.

import type { URN } from "@urnkit/core";
import { hasUpper } from "./ascii.js";
import type { Automaton } from "./automaton.js";
import { error, type Issue } from "./issue.js";

/**
 * A namespace's rules. checkUrn calls `validate` and then `equivalenceKey` on the same URN (when
 * the rule's `conforming` automaton does not accept it), so a rule that reads its NSS in a pass of
 * its own keeps what it read from the last URN in one record ("lastRead"), filled in place for
 * each URN, and the key reads it when the URN is the same. Allocating a reading per URN cost more
 * than the reading.
 */
export interface NamespaceRule {
  /** The NID in lowercase. */
  nid: string;
  /**
   * Problems with the NSS under this namespace's rules; [] when it conforms. `name` is
   * `urn.assignedName` and `at` is `urn.nssStart` (where the NSS starts in it): every rule reads
   * the NSS in place from there, so the caller hands them over.
   */
  validate(urn: URN, name: string, at: number): Issue[];
  /**
   * The namespace-aware equivalence key, given `name` and `at` as `validate` is. It is always
   * computed from the generic §3.1 key, so it can only merge URNs that the generic key keeps
   * apart, never split two the generic key merges.
   */
  equivalenceKey(urn: URN, name: string, at: number): string;
  /**
   * The common case as data (see automaton.ts): NSSs that conform (validate gives []) and are
   * their own namespace key (equivalenceKey gives the generic key). checkUrn calls neither
   * function for an NSS this accepts. It may accept fewer NSSs than that, never more.
   */
  conforming?: Automaton;
}

/**
 * Where the NSS of a `{head}:{tail}` namespace splits (mpeg, ogc, lex, eidr, dev: both parts
 * non-empty, the head holding no ":"): the index of the first ":" in the NSS, or, when the NSS is
 * not of that form, the error with `code` and `message`, at the NSS or at a ":" nothing follows.
 */
export function headColon(urn: URN, code: string, message: string): number | Issue {
  const name = urn.assignedName;
  const at = urn.nssStart;
  const colon = name.indexOf(":", at);
  if (colon > at && colon < name.length - 1) return colon - at;
  return error(code, message, colon < 0 ? at : colon);
}

/**
 * The generic key with what comes before the NSS's first ":" lowercased as asciiLower does: the
 * generic key itself when that head has no uppercase letter, told from the NSS in place (the
 * key's NSS differs only in the case of %hh hex, which asciiLower keeps). A rule's
 * equivalenceKey as it stands (name and at as NamespaceRule hands them over).
 */
export function lowerHeadKey(urn: URN, name: string, at: number): string {
  const colon = name.indexOf(":", at);
  return colon < 0 || !hasUpper(name, at, colon) ? urn.equivalenceKey : foldKey(urn, lowerHead);
}

/** The NSS as the generic key spells it (hex of %hh in uppercase). */
export function keyNss(urn: URN): string {
  return urn.equivalenceKey.slice(urn.nssStart);
}

/** The generic key with its NSS replaced by `nss` (the generic key itself when that is its NSS). */
export function keyWith(urn: URN, nss: string): string {
  const key = urn.equivalenceKey;
  const at = urn.nssStart;
  return key.length - at === nss.length && key.startsWith(nss, at) ? key : key.slice(0, at) + nss;
}

/**
 * The generic key with `fold` applied to its NSS; the generic key itself when nothing changes
 * (the case conversions return their input then, so the test is usually an identity check).
 */
export function foldKey(urn: URN, fold: (nss: string) => string): string {
  const key = urn.equivalenceKey;
  const at = urn.nssStart;
  const nss = key.slice(at);
  const folded = fold(nss);
  return folded === nss ? key : key.slice(0, at) + folded;
}

/** Lowercase for a key's NSS (ASCII only; an NSS is ASCII), keeping the hex of %HH uppercase. */
export function asciiLower(s: string): string {
  const lower = s.toLowerCase();
  return s.includes("%") ? lower.replace(/%[0-9a-f]{2}/g, (m) => m.toUpperCase()) : lower;
}

/** `s` with its first `end` characters lowercased as asciiLower does; `s` unchanged when end < 0. */
export function asciiLowerBefore(s: string, end: number): string {
  if (end < 0) return s;
  const head = s.slice(0, end);
  const folded = asciiLower(head);
  return folded === head ? s : folded + s.slice(end);
}

/** `s` with what comes before its first ":" lowercased as asciiLower does (unchanged without one). */
export function lowerHead(s: string): string {
  return asciiLowerBefore(s, s.indexOf(":"));
}

/** Uppercase for a key's NSS (the NSS is ASCII; %HH hex is uppercase already). */
export function asciiUpper(s: string): string {
  return s.toUpperCase();
}

/**
 * The key of a namespace that adds no equivalence rule of its own: the generic §3.1 key. checkUrn
 * recognises this function and skips the call.
 */
export function genericKey(urn: URN): string {
  return urn.equivalenceKey;
}
