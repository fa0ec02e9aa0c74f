// Benchmark suite for the core harness (packages/core/bench): publicResolvers per URN over a mixed
// corpus, URNs of the namespaces the public-resolver table has rows for (NBNs of many countries
// and sub-namespaces, ietf, issn, doi, oid, lex, nir, cts, ogc, eidr, isni, epc) and of others it
// has none for. Target: at most 2 µs per URN (an absolute figure; URN.validate runs beside it for
// scale). Uses the built packages (dist/). Registered by a re-export in core's bench/suites/.

import { generate, type Random } from "../../core/bench/corpus.js";
import { defineCase } from "../../core/bench/suite.js";
import { type PublicResolverCandidate, publicResolvers } from "../dist/index.js";
import { besideUrnValidate } from "./baseline.js";

const DIGITS = "0123456789";
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

const NBN_PREFIXES = [
  "de:bsz:14",
  "de:101:1",
  "ch:bel",
  "at:at-ubtuw:1",
  "fi",
  "fi:tkk",
  "se:uu:diva",
  "NO",
  "no:ntnu:diva",
  "nl:ui:29",
  "cz:nk",
  "hr:168",
  "hu",
  "it:unifi",
  "SI:FSD:MAG",
  "sk:snk",
];

/** One URN each, in the shares a citation list might have. */
const MAKERS: ((r: Random) => string)[] = [
  (r) => `urn:nbn:${r.pick(NBN_PREFIXES)}-${r.chars(ALNUM, 8)}`,
  (r) => `URN:NBN:${r.pick(NBN_PREFIXES)}-${r.chars(DIGITS, 6)}`,
  (r) => `urn:nbn:${r.pick(NBN_PREFIXES)}-${r.chars(ALNUM, 6)}?=lang=en`,
  (r) => `urn:ietf:${r.pick(["rfc", "bcp", "std", "fyi", "RFC"])}:${r.int(1, 9999)}`,
  (r) => `urn:ietf:params:xml:ns:${r.chars(ALNUM, 6)}`,
  (r) => `urn:issn:${r.chars(DIGITS, 4)}-${r.chars(DIGITS, 4)}`,
  (r) => `urn:doi:10.${r.int(1000, 9999)}/${r.chars(ALNUM, 8)}`,
  (r) => `urn:doi:10.${r.int(1000, 9999)}/%28${r.chars(ALNUM, 6)}%29`,
  (r) => `urn:oid:1.3.6.1.4.1.${r.int(1, 60000)}`,
  (r) => `urn:lex:br:federal:lei:${r.int(1990, 2025)}-01-01;${r.int(1, 15000)}`,
  (r) => `urn:nir:stato:legge:${r.int(1950, 2025)}-01-01;${r.int(1, 500)}`,
  (r) => `urn:cts:greekLit:tlg00${r.int(10, 99)}.tlg001.perseus-grc2:1.${r.int(1, 50)}`,
  (r) => `urn:ogc:def:crs:EPSG::${r.int(2000, 32767)}`,
  (r) => `urn:eidr:10.5240:${r.chars("0123456789ABCDEF", 4)}-8534-2C23-9030-8610-5`,
  (r) => `urn:isni:000000012${r.chars(DIGITS, 7)}`,
  (r) => `urn:epc:id:sgtin:0614141.${r.chars(DIGITS, 6)}.${r.int(1, 99999)}`,
  (r) => `urn:epc:id:sscc:0614141.${r.chars(DIGITS, 10)}`,
  (r) => `urn:epc:id:sgln:0614141.${r.chars(DIGITS, 5)}.${r.int(0, 9)}`,
  (r) => `urn:uuid:${r.chars("0123456789abcdef", 8)}-0000-4000-8000-000000000000`,
  (r) => `urn:isbn:978${r.chars(DIGITS, 10)}`,
  (r) => `urn:example:${r.chars(ALNUM, 10)}`,
];

export default besideUrnValidate(
  {
    name: "namespaces-public-resolvers",
    title: "publicResolvers per URN over a mixed corpus (target: at most 2 µs per URN)",
    corpus: () => generate("URNs for public resolution", 22, (r) => r.pick(MAKERS)(r)),
  },
  defineCase<string, PublicResolverCandidate[]>({
    name: "publicResolvers",
    fn: (s) => publicResolvers(s),
    accepts: (found) => found.length > 0,
  }),
);
