// RFC 8141 §2 on near-URNs, most of them invalid: how fast a bad input is rejected, with the
// error it gets.

import { canParseCase, constructOrCatchCase, parseCase, validateCase } from "../core-cases.js";
import { nearUrns } from "../corpus.js";
import { fastUriCase, urnLibCase, urnsCase } from "../peers.js";
import { scanFloorCase } from "../scan-floor.js";
import { defineSuite } from "../suite.js";

export default defineSuite({
  name: "near-urns",
  title: "near-URNs, about 70% invalid (RFC 8141)",
  corpus: nearUrns,
  unit: "input",
  baselines: ["fast-uri parse", "scan floor"],
  cases: [
    scanFloorCase,
    validateCase("rfc8141"),
    canParseCase("rfc8141"),
    parseCase("rfc8141"),
    constructOrCatchCase("rfc8141"),
    fastUriCase("rfc8141"),
    urnLibCase("rfc8141"),
    urnsCase("rfc8141"),
  ],
});
