// The case the namespaces suites time beside their own, for scale: URN.validate, the syntax check
// alone, with its default options. Uses the built package (dist/), like the suites.

import { defineCase } from "../../core/bench/suite.js";
import { URN } from "../../core/dist/index.js";

export const URN_VALIDATE = defineCase({
  name: "URN.validate",
  fn: (s) => URN.validate(s),
  accepts: (e) => e === null,
});
