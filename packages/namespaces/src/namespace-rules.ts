// The namespaces this package knows the rules of (RFC 8141 §6.4.2: each namespace's own syntax
// and equivalence), looked up by NID in any case.

import type { NamespaceRule } from "./rule.js";
import { devRule } from "./rules/dev.js";
import { doiRule } from "./rules/doi.js";
import { dottedLabelsRule } from "./rules/dotted-labels.js";
import { eidrRule } from "./rules/eidr.js";
import { epcRule } from "./rules/epc.js";
import { gs1Rule } from "./rules/gs1.js";
import { ietfRule } from "./rules/ietf.js";
import { isanRule } from "./rules/isan.js";
import { isbnRule } from "./rules/isbn.js";
import { isniRule } from "./rules/isni.js";
import { isoRule } from "./rules/iso.js";
import { issnRule } from "./rules/issn.js";
import { leiRule } from "./rules/lei.js";
import { lexRule } from "./rules/lex.js";
import { mpegRule } from "./rules/mpeg.js";
import { mrnRule } from "./rules/mrn.js";
import { nbnRule } from "./rules/nbn.js";
import { oasisRule } from "./rules/oasis.js";
import { ogcRule } from "./rules/ogc.js";
import { oidRule } from "./rules/oid.js";
import { opaqueRule } from "./rules/opaque.js";
import { publicidRule } from "./rules/publicid.js";
import { uuidRule } from "./rules/uuid.js";
import { xmppRule } from "./rules/xmpp.js";

/** Every built-in rule, one per NID. */
export const namespaceRules: readonly NamespaceRule[] = [
  uuidRule,
  oidRule,
  isbnRule,
  issnRule,
  isanRule,
  nbnRule,
  ietfRule,
  opaqueRule("example"), // RFC 6963: any NSS, generic equivalence
  epcRule("epc"),
  epcRule("epcglobal"),
  mpegRule,
  xmppRule,
  doiRule,
  isniRule,
  leiRule,
  lexRule,
  publicidRule,
  opaqueRule("3gpp"), // RFC 5279: opaque, generic equivalence
  ogcRule,
  oasisRule,
  isoRule,
  dottedLabelsRule("service", "RFC 5031", 27),
  eidrRule,
  devRule,
  mrnRule,
  gs1Rule,
  dottedLabelsRule("urn-7", "RFC 6050"),
];

const byNid = new Map(namespaceRules.map((rule) => [rule.nid, rule]));

/** The rule for a NID (case-insensitive), or undefined when this package has none. */
export function ruleFor(nid: string): NamespaceRule | undefined {
  return byNid.get(nid) ?? byNid.get(nid.toLowerCase());
}
