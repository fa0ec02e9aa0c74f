// RFC 8141 §2 on valid URNs: validation, parsing and the §3.1 equivalence key, against peers.

import {
  canParseCase,
  constructCase,
  keyCase,
  parseAndKeyCase,
  validateCase,
} from "../core-cases.js";
import { validRfc8141 } from "../corpus.js";
import { fastUriCase, urnLibCase, urnsCase } from "../peers.js";
import { scanFloorCase } from "../scan-floor.js";
import { defineSuite } from "../suite.js";

export default defineSuite({
  name: "rfc8141",
  title: "valid RFC 8141 URNs",
  corpus: validRfc8141,
  unit: "URN",
  baselines: ["fast-uri parse", "scan floor"],
  cases: [
    scanFloorCase,
    validateCase("rfc8141"),
    canParseCase("rfc8141"),
    constructCase("rfc8141"),
    keyCase("rfc8141"),
    parseAndKeyCase("rfc8141"),
    fastUriCase("rfc8141"),
    urnLibCase("rfc8141"),
    urnsCase("rfc8141"),
  ],
});
