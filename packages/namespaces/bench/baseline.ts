// The case the namespaces suites time beside their own, for scale: URN.validate, the syntax check
// alone, with its default options. Uses the built package (dist/), like the suites.

import { type AnyCase, defineCase, defineSuite, type Suite } from "../../core/bench/suite.js";
import { URN } from "../../core/dist/index.js";

export const URN_VALIDATE = defineCase({
  name: "URN.validate",
  fn: (s) => URN.validate(s),
  accepts: (e) => e === null,
});

/** A namespaces suite: its own case timed beside URN_VALIDATE, over inputs that are URNs. */
export function besideUrnValidate(
  suite: Pick<Suite, "name" | "title" | "corpus">,
  own: AnyCase,
): Suite {
  return defineSuite({
    ...suite,
    unit: "URN",
    baselines: [URN_VALIDATE.name],
    cases: [URN_VALIDATE, own],
  });
}
