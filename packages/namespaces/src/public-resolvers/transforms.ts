// The transforms rows of the public-resolver table may name, by name (the data file holds the
// name; the code is here).

import { doiName, eidrDoi } from "./doi-name.js";
import { epcSgln, epcSgtin, epcSscc } from "./epc-digital-link.js";
import { ietfNumber } from "./ietf-number.js";
import { ogcDefinition } from "./ogc-definition.js";
import type { Transform } from "./transform.js";

export const TRANSFORMS = {
  ietf: ietfNumber,
  doi: doiName,
  eidr: eidrDoi,
  ogc: ogcDefinition,
  "epc-sgtin": epcSgtin,
  "epc-sscc": epcSscc,
  "epc-sgln": epcSgln,
} as const satisfies Record<string, Transform>;

export type TransformName = keyof typeof TRANSFORMS;

export function isTransformName(name: string): name is TransformName {
  return Object.hasOwn(TRANSFORMS, name);
}
