// The rules' automata for the common case (NamespaceRule.conforming, automaton.ts): checkUrn skips
// a rule's own code for the NSSs its automaton accepts, so an accepted NSS must be one the rule
// finds nothing wrong with and keys generically. The automata may accept fewer NSSs than that;
// the vectors show which conforming names they leave to the rule's code.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import fc from "fast-check";
import { runAutomaton } from "../src/automaton.js";
import { namespaceRules } from "../src/index.js";
import { vectorsDir } from "./shared-data.js";

const examples: { nid: string; urn: string }[] = JSON.parse(
  readFileSync(resolve(vectorsDir, "urn-namespace-test-vectors.json"), "utf8"),
).examples;

const withAutomaton = namespaceRules.filter((rule) => rule.conforming !== undefined);

function accepts(urn: URN): boolean {
  const automaton = namespaceRules.find((r) => r.nid === urn.nid.toLowerCase())?.conforming;
  return automaton !== undefined && runAutomaton(automaton, urn.assignedName, urn.nssStart);
}

/** What the rule's own code says: no issue, and the generic key. */
function conformsWithGenericKey(urn: URN): boolean {
  const rule = namespaceRules.find((r) => r.nid === urn.nid.toLowerCase());
  const name = urn.assignedName;
  const at = urn.nssStart;
  return (
    rule !== undefined &&
    rule.validate(urn, name, at).length === 0 &&
    rule.equivalenceKey(urn, name, at) === urn.equivalenceKey
  );
}

// Characters the namespaces' shapes turn on: digits, hex and other letters in both cases, the
// separators, check characters, and percent-encodings.
const ALPHABET = [..."0123456789abcdefxyzABCDEFXYZ-.:/_"].concat(["%2F", "%41", "%3a"]);
const piece = fc.constantFrom(...ALPHABET);

/** Vector NSSs of a namespace, edited at one place: a character replaced, dropped or added. */
function edited(seeds: string[]) {
  return fc
    .tuple(fc.constantFrom(...seeds), fc.nat(), fc.constantFrom(0, 1, 2), piece)
    .map(([s, at, how, c]) => {
      const i = at % (s.length + 1);
      if (how === 0) return s.slice(0, i) + c + s.slice(i + 1);
      if (how === 1) return s.slice(0, i) + s.slice(i + 1);
      return s.slice(0, i) + c + s.slice(i);
    });
}

/** NSSs built around the automata's counted limits, where an off-by-one would hide. */
const shaped: Record<string, fc.Arbitrary<string>> = {
  // GCP and reference lengths around each scheme's total, serial lengths (urn:epc:id:).
  epc: fc
    .tuple(
      fc.constantFrom(
        "sgtin",
        "sscc",
        "sgln",
        "grai",
        "gsrn",
        "gsrnp",
        "gdti",
        "gid",
        "giai",
        "sg",
      ),
      fc.constantFrom(12, 13, 17),
      fc.integer({ min: 4, max: 14 }),
      fc.integer({ min: -1, max: 1 }),
      fc.option(fc.integer({ min: 0, max: 22 })),
    )
    .map(([scheme, total, gcp, off, serial]) => {
      const reference = Math.max(0, total + off - gcp);
      const tail = serial === null ? "" : `.${"7".repeat(serial)}`;
      return `id:${scheme}:${"1".repeat(gcp)}.${"2".repeat(reference)}${tail}`;
    }),
  // The first label's limit of 27 (urn:service).
  service: fc
    .tuple(fc.integer({ min: 1, max: 30 }), fc.constantFrom("", ".fire", "-", "-x"))
    .map(([n, tail]) => "s".repeat(n) + tail),
  // Groups of hex digits in either case, the version and variant nibbles anything (urn:uuid).
  uuid: fc
    .array(fc.constantFrom(..."0123456789abcdefABCDEF"), { minLength: 32, maxLength: 32 })
    .map((h) => h.join(""))
    .map(
      (h) =>
        `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`,
    ),
  // Arcs with and without leading zeros, empty arcs, first arcs around 0-2 and second arcs
  // around 39 (urn:oid).
  oid: fc
    .array(fc.constantFrom("0", "1", "2", "3", "00", "01", "10", "39", "40", "374", "999", ""), {
      minLength: 1,
      maxLength: 6,
    })
    .map((arcs) => arcs.join(".")),
  // Document numbers with leading zeros, sub-namespaces in either case (urn:ietf).
  ietf: fc
    .tuple(
      fc.constantFrom("rfc", "RFC", "fyi", "std", "bcp", "id", "mtg", "params", "Params", "rfcx"),
      fc.constantFrom("", ":", ":0", ":00", ":07", ":2141", ":xml:ns:x", ":oauth", ":2141:x"),
    )
    .map(([sub, rest]) => sub + rest),
  // Element counts after each class, empty elements (urn:oasis).
  oasis: fc
    .tuple(
      fc.constantFrom("names:tc", "names:specification", "names:technical", "member", "names:x"),
      fc.array(fc.constantFrom("a", "", "2.0"), { maxLength: 4 }),
    )
    .map(([head, elements]) => [head, ...elements].join(":")),
  // Country codes (de among them), sub-namespaces, what follows the "-" (urn:nbn).
  nbn: fc
    .tuple(
      fc.constantFrom("de", "dk", "fi", "Fi", "d", "se:uu", "se::uu", "se:Uu", "ch:bel:"),
      fc.constantFrom("-", ""),
      fc.constantFrom("", "x", "/x", "X-1", "12%41"),
    )
    .map(([prefix, dash, rest]) => prefix + dash + rest),
  // Prefixes, suffixes with "%" and uppercase (urn:doi).
  doi: fc
    .tuple(
      fc.constantFrom("10.1000", "10.", "11.1", "10.1/2"),
      fc.constantFrom("/", ""),
      fc.constantFrom("", "182", "ABC", "a%2Fb", "x/y"),
    )
    .map(([prefix, slash, suffix]) => prefix + slash + suffix),
};

describe("an automaton accepts only NSSs that conform and key generically", () => {
  for (const rule of withAutomaton) {
    it(rule.nid, () => {
      const seeds = examples
        .filter((e) => e.nid === rule.nid)
        .map((e) => URN.parse(e.urn)?.nss)
        .filter((s): s is string => s !== undefined);
      const random = fc.array(piece, { minLength: 1, maxLength: 40 }).map((p) => p.join(""));
      const own = shaped[rule.nid];
      const nss = fc.oneof(
        { arbitrary: random, weight: 1 },
        ...(seeds.length > 0 ? [{ arbitrary: edited(seeds), weight: 2 }] : []),
        ...(own !== undefined ? [{ arbitrary: own, weight: 2 }] : []),
      );
      fc.assert(
        fc.property(nss, fc.constantFrom("urn", "URN"), (s, scheme) => {
          const urn = URN.parse(`${scheme}:${rule.nid}:${s}`);
          if (urn === null || !accepts(urn)) return;
          assert.ok(conformsWithGenericKey(urn), `${urn.href} accepted`);
        }),
        { numRuns: 3000 },
      );
    });
  }
});

describe("the automata accept the vectors' conforming names", () => {
  // Left to the rules' code: the Nil UUID (no RFC 9562 variant), urn:nbn:de (its check digit),
  // the urn:ietf sub-namespaces id and mtg (their warnings) and the EPC gid and giai schemes
  // (numeric limits, decoded lengths).
  const leftToRules = new Set([
    "urn:uuid:00000000-0000-0000-0000-000000000000",
    "urn:epc:id:gid:95100000.12345.400",
    "urn:epc:id:giai:0614141.12345400",
    "urn:nbn:de:bvb:19-146642",
    "urn:ietf:mtg:41-urn",
    "urn:ietf:id:ietf-urn-ietf-06",
  ]);
  for (const rule of withAutomaton) {
    const names = examples
      .filter((e) => e.nid === rule.nid)
      .map((e) => URN.parse(e.urn))
      .filter((urn): urn is URN => urn !== null && conformsWithGenericKey(urn));
    if (names.length === 0) continue;
    it(rule.nid, () => {
      for (const urn of names) {
        assert.equal(accepts(urn), !leftToRules.has(urn.href), urn.href);
      }
    });
  }
});
