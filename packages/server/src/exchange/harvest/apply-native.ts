// One record harvested in urnkit's native format (exchange/oai/formats/urnkit.ts) written to the
// registry as the harvesting organisation, through the registry actions the API uses: what oai_dc
// and epicur cannot carry arrives too. The URN is registered with its status (reserved, or active
// with its active locators, their priorities and media types) and its metadata; a deactivated URN
// is registered reserved with them, so that it never resolves here, and then deactivated with its
// reason and successor (apply-deactivation.ts). A URN registered here already gets the locators
// it lacks (as apply-pair.ts: a harvest only adds), the source's metadata when it differs,
// activation when it is reserved here and active at the source, and deactivation (or, once, the
// successor of a tombstone that has none). The organisation's own identifiers are not taken over:
// they are the providing organisation's numbering, not the harvesting one's.

import type { URN } from "@urnkit/core";
import type { RecordContext } from "../../registry/action-context.js";
import { namespaceKey } from "../../registry/namespace-keys.js";
import { activateUrn, patchRecord, registerUrn } from "../../registry/record-actions.js";
import type { UrnRecord } from "../../storage/records.js";
import { RECORD_STATUSES } from "../../storage/records.js";
import type { TokenInfo } from "../../storage/tokens.js";
import {
  checkPatchBody,
  checkRegisterFields,
  type LocatorFields,
} from "../../validation/record.js";
import { Refusal } from "../../validation/refusal.js";
import { applyDeactivation } from "./apply-deactivation.js";
import {
  addLocators,
  alreadyRegistered,
  type PairOutcome,
  registeredRecord,
} from "./apply-pair.js";
import type { NativeRecord } from "./oai-response.js";

/** The record's metadata object (undefined: none); 422 when its text is not a JSON object. */
function metadataOf(native: NativeRecord): Record<string, unknown> | undefined {
  if (native.metadata === null) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(native.metadata);
  } catch {
    value = undefined;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Refusal(
      "unprocessable",
      "invalid-metadata",
      `the metadata of ${native.urn} is not a JSON object: ${native.metadata.slice(0, 80)}`,
    );
  return value as Record<string, unknown>;
}

const STATUSES: readonly string[] = RECORD_STATUSES;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Registers the native record's URN (`urn`, parsed where the record was read) or brings the one
 * registered here up to it.
 */
export async function applyNative(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  native: NativeRecord,
): Promise<PairOutcome> {
  const metadata = metadataOf(native);
  const locators: LocatorFields[] = native.locators
    .filter((l) => l.active)
    .map((l) => ({ url: l.url, priority: l.priority, mediaType: l.mediaType }));
  if (!STATUSES.includes(native.status))
    throw new Refusal(
      "unprocessable",
      "invalid-status",
      `${native.urn} has the status "${native.status}": one of ${STATUSES.join(", ")} was expected`,
    );
  // A deactivated URN is registered reserved first, then deactivated as the API deactivates.
  const status = native.status === "active" ? "active" : "reserved";
  const here = await ctx.store.records.get(namespaceKey(urn));
  let outcome: PairOutcome = "unchanged";
  let record: UrnRecord | null = null;
  // Registered as POST /api/v1/urns would: a new URN, or one the organisation reserved here and
  // the source has in use (reservation mode). Registering a reserved URN again would only touch it.
  if (here === null || (here.status === "reserved" && status !== "reserved")) {
    try {
      const input = checkRegisterFields(urn, {
        status,
        locators,
        ...(metadata === undefined ? {} : { metadata }),
      });
      record = await registerUrn(ctx, token, input);
      outcome = record.created === record.updated ? "created" : "updated";
    } catch (error) {
      if (!alreadyRegistered(error)) throw error;
    }
  }
  if (record === null) {
    record = here ?? (await registeredRecord(ctx, urn));
    if (await bringUp(ctx, token, urn, record, native, locators, metadata)) outcome = "updated";
  }
  if (native.status !== "deactivated") return outcome;
  if (!(await applyDeactivation(ctx, token, urn, record, native.reason, native.successors)))
    return outcome;
  return outcome === "created" ? "created" : "updated";
}

/** A record registered here brought up to the native one, short of deactivation; whether it changed. */
async function bringUp(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  record: UrnRecord,
  native: NativeRecord,
  locators: readonly LocatorFields[],
  metadata: Record<string, unknown> | undefined,
): Promise<boolean> {
  if (record.status === "deactivated") return false;
  let changed = await addLocators(ctx, token, urn, record, locators);
  if (metadata !== undefined && !sameJson(record.metadata, metadata)) {
    await patchRecord(ctx, token, urn, checkPatchBody({ metadata }));
    changed = true;
  }
  if (record.status === "reserved" && native.status === "active") {
    await activateUrn(ctx, token, urn);
    changed = true;
  }
  return changed;
}
