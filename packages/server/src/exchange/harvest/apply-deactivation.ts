// A deactivation a harvested source states, written as POST …/deactivate would (deactivateUrn):
// with the source's reason, or one saying the source gave none (the API requires a reason), and
// the source's first successor. A successor this registry refuses (malformed here, the URN
// itself) does not keep the URN in use: it is deactivated without one, and the successor's
// refusal is thrown after. A URN deactivated here already is a frozen tombstone: it only gains
// the successor, once, when it has none.

import type { URN } from "@urnkit/core";
import type { RecordContext } from "../../registry/action-context.js";
import { deactivateUrn } from "../../registry/record-actions.js";
import type { UrnRecord } from "../../storage/records.js";
import type { TokenInfo } from "../../storage/tokens.js";
import { checkDeactivateBody } from "../../validation/record.js";
import { Refusal } from "../../validation/refusal.js";

/** The reason of a URN its source deactivated without giving one. */
export const NO_REASON_GIVEN = "deactivated at the harvested source, which gave no reason";

/** Deactivates `record` (the record of `urn`) as its source did; whether anything changed. */
export async function applyDeactivation(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  record: UrnRecord,
  reason: string | null,
  successors: readonly string[],
): Promise<boolean> {
  const deactivate = (body: { reason?: string; successor?: string }) =>
    deactivateUrn(ctx, token, urn, checkDeactivateBody(body, ctx.limits));
  const successor = successors[0];
  if (record.status === "deactivated") {
    if (successor === undefined || record.successors.length > 0) return false;
    await deactivate({ successor });
    return true;
  }
  const why = reason !== null && reason.trim() !== "" ? reason : NO_REASON_GIVEN;
  if (successor === undefined) {
    await deactivate({ reason: why });
    return true;
  }
  try {
    await deactivate({ reason: why, successor });
    return true;
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // Refused for anything but the successor, this refuses the same way.
    await deactivate({ reason: why });
    throw new Refusal(
      "unprocessable",
      "successor-refused",
      `${record.urn} is deactivated, but its successor ${successor} was refused: ${error.message}`,
    );
  }
}
