// One harvested URN its source does not have in use (record-pairs.ts: stated reserved or
// deactivated in oai_dc, withdrawn by an epicur record without URLs), written so that it does
// not resolve here either. A deactivated URN arrives deactivated: one not here yet is registered
// reserved, without locators, and then deactivated with the source's reason and successor
// (apply-deactivation.ts); one here is deactivated, whatever the organisation's locators here.
// A reserved URN is not registered: oai_dc and epicur carry nothing of it but its name, and a
// reservation here would have to be activated in reservation mode, which a prefix may not allow;
// it is refused and reported until its source has it in use. One registered here already is left
// as it is (a status only moves forward).

import type { URN } from "@urnkit/core";
import type { RecordContext } from "../../registry/action-context.js";
import { namespaceKey } from "../../registry/namespace-keys.js";
import { registerUrn } from "../../registry/record-actions.js";
import type { UrnRecord } from "../../storage/records.js";
import type { TokenInfo } from "../../storage/tokens.js";
import { checkRegisterFields } from "../../validation/record.js";
import { Refusal } from "../../validation/refusal.js";
import type { StatedStatus } from "../oai/formats/status-statements.js";
import { applyDeactivation } from "./apply-deactivation.js";
import { alreadyRegistered, type PairOutcome, registeredRecord } from "./apply-pair.js";

/** Writes `urn` as its source states it: deactivated here, or refused while reserved there. */
export async function applySourceStatus(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  stated: StatedStatus,
): Promise<PairOutcome> {
  let record: UrnRecord | null = await ctx.store.records.get(namespaceKey(urn));
  if (stated.status === "reserved") {
    if (record !== null) return "unchanged";
    throw new Refusal(
      "unprocessable",
      "reserved-at-source",
      `${urn.href} is reserved at the source, not in use yet: it is registered here once the source gives it a URL`,
    );
  }
  let created = false;
  if (record === null)
    try {
      record = await registerUrn(ctx, token, checkRegisterFields(urn, { status: "reserved" }));
      created = true;
    } catch (error) {
      if (!alreadyRegistered(error)) throw error;
      record = await registeredRecord(ctx, urn);
    }
  const changed = await applyDeactivation(
    ctx,
    token,
    urn,
    record,
    stated.reason,
    stated.successors,
  );
  return created ? "created" : changed ? "updated" : "unchanged";
}
