// RFC 2141 §2 (the 1997 grammar) on valid URNs, against peers; urn-lib is an RFC 2141 parser.

import { constructCase, validateCase } from "../core-cases.js";
import { validRfc2141 } from "../corpus.js";
import { fastUriCase, urnLibCase, urnsCase } from "../peers.js";
import { scanFloorCase } from "../scan-floor.js";
import { defineSuite } from "../suite.js";

export default defineSuite({
  name: "rfc2141",
  title: 'valid RFC 2141 URNs, read with { syntax: "rfc2141" }',
  corpus: validRfc2141,
  unit: "URN",
  baselines: ["fast-uri parse", "scan floor"],
  cases: [
    scanFloorCase,
    validateCase("rfc2141"),
    constructCase("rfc2141"),
    fastUriCase("rfc2141"),
    urnLibCase("rfc2141"),
    urnsCase("rfc2141"),
  ],
});
