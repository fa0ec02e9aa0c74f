// The JSON line `urnkit check --json` writes for one input. Compact by default: what is the same
// for every URN of a namespace (the IANA entry, the reason for the NID's class) would otherwise
// fill most of each line (122 MB of JSON for 5.4 MB of input); `--details` puts it back.

import type { CheckReport } from "@urnkit/namespaces";
import type { InputItem } from "./inputs.js";

/**
 * The report of `item` as one JSON object: where the input came from ("line" or "argument" and
 * its number), then the report's members in their order, compacted unless `details`.
 */
export function checkJson(
  item: InputItem,
  report: CheckReport,
  details: boolean,
): Record<string, unknown> {
  const line: Record<string, unknown> = { [item.source]: item.number };
  for (const [key, value] of Object.entries(report)) {
    if (details) line[key] = value;
    else if (key === "nidClass") line[key] = { kind: report.nidClass?.kind };
    else if (key !== "registryEntry") line[key] = value;
  }
  return line;
}
