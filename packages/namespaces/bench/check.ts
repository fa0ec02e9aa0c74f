// Benchmark suite for the core harness (packages/core/bench): checkUrn, the full report (syntax,
// NID class, registration, namespace rules, both keys), against URN.validate (syntax alone) over
// one corpus of namespaced URNs. Target: checkUrn at most 3× URN.validate. Uses the built
// packages (dist/), like the core suites. The harness runs the suites in its own bench/suites/
// folder; a file there re-exporting this one's default export adds it to `npm run bench`.

import { generate, type Random } from "../../core/bench/corpus.js";
import { defineCase } from "../../core/bench/suite.js";
import { URN } from "../../core/dist/index.js";
import {
  type CheckReport,
  checkUrn,
  isbn10CheckDigit,
  isbn13CheckDigit,
  issnCheckDigit,
  mod37_36CheckChar,
} from "../dist/index.js";
import { besideUrnValidate } from "./baseline.js";

const HEX = "0123456789abcdef";
const DIGITS = "0123456789";
const ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";

/** One URN from a namespace people use, mostly valid, in the shares real data might have. */
const MAKERS: ((r: Random) => string)[] = [
  (r) =>
    `urn:uuid:${r.chars(HEX, 8)}-${r.chars(HEX, 4)}-4${r.chars(HEX, 3)}-a${r.chars(HEX, 3)}-${r.chars(HEX, 12)}`,
  (r) => {
    const body = `978${r.chars(DIGITS, 9)}`;
    return `urn:isbn:${body}${isbn13CheckDigit(body)}`;
  },
  (r) => {
    const body = r.chars(DIGITS, 9);
    return `URN:ISBN:${body.slice(0, 1)}-${body.slice(1, 4)}-${body.slice(4)}-${isbn10CheckDigit(body)}`;
  },
  (r) => {
    const body = r.chars(DIGITS, 7);
    return `urn:ISSN:${body.slice(0, 4)}-${body.slice(4)}${issnCheckDigit(body)}`;
  },
  (r) => {
    const hex = r.chars("0123456789ABCDEF", 16);
    return `urn:isan:${hex.match(/.{4}/g)?.join("-")}-${mod37_36CheckChar(hex)}`;
  },
  (r) => `urn:oid:1.3.6.1.4.1.${r.int(1, 60000)}.${r.int(0, 99)}`,
  (r) => `urn:ietf:rfc:${r.int(1, 9999)}`,
  (r) =>
    `urn:ietf:params:${r.pick(["xml:ns", "oauth:grant-type", "acme:error"])}:${r.chars(ALNUM, 8)}`,
  (r) => `urn:nbn:${r.pick(["fi", "se:uu:diva", "ch:bel", "nl:ui:13"])}-${r.chars(ALNUM, 10)}`,
  (r) => `urn:example:${r.chars(ALNUM, 12)}`,
  (r) => `urn:mpeg:mpeg7:schema:${r.int(2001, 2024)}`,
  (r) => `urn:oasis:names:tc:${r.pick(["SAML", "xliff", "opendocument"])}:2.0:${r.chars(ALNUM, 6)}`,
  (r) => `urn:service:sos.${r.pick(["fire", "police", "ambulance"])}`,
  (r) => `urn:epc:id:sgtin:0614141.${r.chars(DIGITS, 6)}.${r.int(1, 99999)}`,
  () => "urn:lei:7LTWFZYICNSX8D621K86",
  (r) => `urn:xmpp:${r.pick(["ping", "mam:2", "jingle:1"])}`,
  (r) => `urn:doi:10.${r.int(1000, 9999)}/${r.chars(ALNUM, 8)}`,
  (r) => `urn:${r.pick(["acme", "widgets", "de-books"])}:${r.chars(ALNUM, 10)}`,
  (r) => `urn:isbn:978-0-395-36341-${r.int(0, 9)}`, // mostly bad check digits
];

export default besideUrnValidate(
  {
    name: "namespaces-check",
    title: "checkUrn vs URN.validate over namespaced URNs (target: at most 3×)",
    corpus: () => generate("namespaced URNs", 4, (r) => r.pick(MAKERS)(r)),
  },
  defineCase<string, CheckReport>({
    name: "checkUrn",
    fn: (s) => checkUrn(s),
    accepts: (report) => report.valid,
    verify: (s, report) => {
      if (report.valid !== (URN.validate(s) === null)) throw new Error(`syntax verdict: ${s}`);
    },
  }),
);
