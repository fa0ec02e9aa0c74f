// One report on a URN: RFC 8141 §2 syntax, the NID's class (§5.1, §5.2) and IANA registration
// (§7.2), the namespace's own rules (§6.4.2) and both equivalence keys (§3.1).

import { classifyNid, type NidClass, URN, type UrnSyntax, UrnSyntaxError } from "@urnkit/core";
import { type Automaton, runAutomaton } from "./automaton.js";
import { type Issue, warning } from "./issue.js";
import { ruleFor } from "./namespace-rules.js";
import { type RegistryEntry, registry } from "./registry.js";
import { genericKey, type NamespaceRule } from "./rule.js";

export interface CheckReport {
  input: string;
  /** The syntax verdict (RFC 8141 §2, or RFC 2141 when asked). */
  valid: boolean;
  error?: { code: string; index: number; component: string; message: string };
  nid?: string;
  nidClass?: NidClass;
  registration?: "formal" | "informal" | "unregistered" | "reserved";
  /** The IANA entry; undefined when the NID is not registered. */
  registryEntry?: RegistryEntry | undefined;
  /** The namespace rules' findings, and a warning for an unregistered or reserved NID. */
  issues: Issue[];
  /** The generic §3.1 key. */
  equivalenceKey?: string;
  /** The namespace-aware key (the generic key when the namespace has no rules here). */
  namespaceKey?: string;
  /** Valid syntax and no error-severity issue. */
  ok: boolean;
}

export interface CheckOptions {
  syntax?: UrnSyntax;
}

/** What a report says about a NID, the same for every URN in that namespace. */
interface NidFacts {
  /** The NID as spelled in the URNs these facts are for. */
  nid: string;
  nidClass: NidClass;
  registration: "formal" | "informal" | "unregistered" | "reserved";
  entry: RegistryEntry | undefined;
  rule: NamespaceRule | undefined;
  /** The rule's automaton for the common case (read here: rules are objects of many shapes). */
  conforming: Automaton | undefined;
  /** Whether the rule has a key of its own (most keep the generic one: no call needed). */
  ownKey: boolean;
  /** The registration warning's code and message, when the NID needs one. */
  noticeCode: string | undefined;
  noticeMessage: string;
}

// NIDs repeat across a corpus: working out each distinct spelling once keeps bulk checks cheap.
const nidFacts = new Map<string, NidFacts>();

// In front of the Map, a small table indexed by a few of the NID's characters: comparing the NID
// with the one in its slot is cheaper than hashing it for the Map. (The mix keeps the common NIDs,
// in their usual spellings, in slots of their own.)
const recent: (NidFacts | undefined)[] = new Array(256).fill(undefined);

/**
 * The facts for `nid`, the NID of a valid URN as written. The NID is a fresh slice, but comparing
 * two strings is one builtin call, where finding the NID's end and comparing it in place took a
 * charCodeAt per character, each a check of the string's representation.
 */
function factsFor(nid: string): NidFacts {
  const n = nid.length;
  const h =
    ((nid.charCodeAt(0) * 29 + nid.charCodeAt(n >> 1)) * 29 + nid.charCodeAt(n - 1)) * 7 + n;
  const at = (h ^ (h >>> 6)) & 255;
  const seen = recent[at];
  if (seen !== undefined && seen.nid === nid) return seen;
  const facts = lookUp(nid);
  recent[at] = facts;
  return facts;
}

function lookUp(nid: string): NidFacts {
  let facts = nidFacts.get(nid);
  if (facts !== undefined) return facts;
  let nidClass: NidClass;
  try {
    nidClass = classifyNid(nid);
  } catch {
    // An RFC 2141 NID (one character, or a final "-") is no RFC 8141 NID at all.
    nidClass = {
      kind: "reserved",
      reason: "not a NID under RFC 8141 §2, so it cannot be registered",
    };
  }
  const entry = registry.get(nid);
  const registration = entry?.kind ?? (nidClass.kind === "reserved" ? "reserved" : "unregistered");
  const rule = ruleFor(nid);
  facts = {
    nid,
    nidClass,
    registration,
    entry,
    rule,
    conforming: rule?.conforming,
    ownKey: rule !== undefined && rule.equivalenceKey !== genericKey,
    noticeCode:
      registration === "unregistered"
        ? "nid-unregistered"
        : registration === "reserved"
          ? "nid-reserved"
          : undefined,
    noticeMessage:
      registration === "unregistered"
        ? `"${nid}" is not in the IANA registry of ${registry.snapshotDate}`
        : nidClass.reason,
  };
  if (nidFacts.size < 4096) nidFacts.set(nid, facts);
  return facts;
}

/**
 * Everything this package knows about one URN (see CheckReport). Never throws for bad input: a
 * string that is not a URN gets `valid: false` and the syntax error.
 */
export function checkUrn(input: string | URN, options?: CheckOptions): CheckReport {
  let urn: URN;
  if (typeof input === "string") {
    // One scan of the input: URN.validate and then the constructor would scan valid input (the
    // common case) twice.
    try {
      urn = new URN(input, options);
    } catch (e) {
      if (e instanceof UrnSyntaxError) return invalid(e);
      throw e;
    }
  } else {
    urn = input;
  }
  const facts = factsFor(urn.nid);
  const rule = facts.rule;
  // A fresh warning per report: callers may change the issues they are given. (A NID with a
  // notice, unregistered or reserved, has no rule here: one array of the right size.)
  const notice =
    facts.noticeCode === undefined ? undefined : warning(facts.noticeCode, facts.noticeMessage, 4);
  const key = urn.equivalenceKey;
  let issues: Issue[];
  let namespaceKey = key;
  // No rule, or its automaton accepts: no issue but the notice, a warning.
  let ok = true;
  const conforming = facts.conforming;
  if (
    rule === undefined ||
    (conforming !== undefined && runAutomaton(conforming, urn.assignedName, urn.nssStart))
  ) {
    issues = notice === undefined ? [] : [notice];
  } else {
    const name = urn.assignedName;
    const at = urn.nssStart;
    issues = rule.validate(urn, name, at);
    if (notice !== undefined) issues.push(notice);
    if (facts.ownKey) namespaceKey = rule.equivalenceKey(urn, name, at);
    ok = !hasError(issues);
  }
  return {
    input: urn.href,
    valid: true,
    nid: facts.nid,
    nidClass: facts.nidClass,
    registration: facts.registration,
    registryEntry: facts.entry,
    issues,
    equivalenceKey: key,
    namespaceKey,
    ok,
  };
}

function invalid(e: UrnSyntaxError): CheckReport {
  return {
    input: e.input,
    valid: false,
    error: { code: e.code, index: e.index, component: e.component, message: e.message },
    issues: [],
    ok: false,
  };
}

function hasError(issues: readonly Issue[]): boolean {
  for (let i = 0; i < issues.length; i++) if (issues[i]?.severity === "error") return true;
  return false;
}
