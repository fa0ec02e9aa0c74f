// One harvested URN with its URLs written to the registry as the harvesting organisation, through
// the registry actions the API uses (planRegistration and writeRegistration, which registerUrn is
// made of, and patchRecord): the same validation, prefix policies, locator ownership and audit
// rows. What "update" means for a harvest: a URN already
// here gets the URLs it does not have yet as active locators of the organisation; its other
// locators, the organisation's own included, stay as they are (a harvest only adds, so a
// provider that drops a URL from a record never silently unlinks it here), and nobody else's
// locator is touched. A URN of another organisation is refused, as the API refuses it.

import type { URN } from "@urnkit/core";
import type { RecordContext } from "../../registry/action-context.js";
import { namespaceKey } from "../../registry/namespace-keys.js";
import { actFor } from "../../registry/organisation-scope.js";
import {
  patchRecord,
  planRegistration,
  type RegistrationPlan,
  writeRegistration,
} from "../../registry/record-actions.js";
import type { UrnRecord } from "../../storage/records.js";
import type { TokenInfo } from "../../storage/tokens.js";
import {
  checkPatchBody,
  checkRegisterFields,
  type LocatorFields,
  type RegisterInput,
} from "../../validation/record.js";
import { Refusal } from "../../validation/refusal.js";

export type PairOutcome = "created" | "updated" | "unchanged";

/** The acting token of a harvest for `organisation`: its registrar, stored as no token. */
export function harvestToken(organisation: string): TokenInfo {
  return {
    id: 0,
    role: "registrar",
    namespace: null,
    organisation,
    label: "harvest",
    created: "",
  };
}

/**
 * Adds to `existing` (the record of `urn`) the locators it has no active one at the URL of, as the
 * organisation's; its other locators, the organisation's own included, stay as they are. Whether
 * anything was added.
 */
export async function addLocators(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  existing: UrnRecord,
  locators: readonly LocatorFields[],
): Promise<boolean> {
  actFor(token, existing.organisation, existing.urn);
  const active = new Set(existing.locators.filter((l) => l.active).map((l) => l.url));
  const missing = locators.filter((l) => !active.has(l.url));
  if (missing.length === 0) return false;
  const own = existing.locators.filter(
    (l) => l.active && (l.owner ?? existing.organisation) === token.organisation,
  );
  const patch = checkPatchBody({
    locators: [
      ...own.map((l) => ({ url: l.url, priority: l.priority, mediaType: l.mediaType })),
      ...missing,
    ],
  });
  await patchRecord(ctx, token, urn, patch);
  return true;
}

/** The record of a URN the registration found registered already (409 when it went meanwhile). */
export async function registeredRecord(ctx: RecordContext, urn: URN): Promise<UrnRecord> {
  const existing = await ctx.store.records.get(namespaceKey(urn));
  if (existing === null)
    throw new Refusal("conflict", "already-registered", `${urn.href} changed meanwhile`);
  return existing;
}

/** Whether a registration was refused because the URN is registered already. */
export function alreadyRegistered(error: unknown): boolean {
  return error instanceof Refusal && error.code === "already-registered";
}

/** 422 when a harvested record names `urn` (as written there) but no URL for it. */
export function requireUrls(urn: string, urls: readonly string[]): void {
  if (urls.length === 0)
    throw new Refusal(
      "unprocessable",
      "no-locator",
      `the record names ${urn} but no http(s) URL for it: nothing to register`,
    );
}

/** The registration a harvested pair asks for, checked as an API body is; 422 without a URL. */
export function pairRegistration(urn: URN, urls: readonly string[]): RegisterInput {
  requireUrls(urn.href, urls);
  return checkRegisterFields(urn, { status: "active", locators: urls.map((url) => ({ url })) });
}

/**
 * Writes a pair's planned registration (planRegistration of pairRegistration's body): a new or
 * reserved URN is registered; a URN registered already (found so by the plan, or registered
 * meanwhile) gets the locators it lacks.
 */
export async function applyPlan(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  locators: readonly LocatorFields[],
  plan: RegistrationPlan,
): Promise<PairOutcome> {
  if (plan.kind !== "taken")
    try {
      const record = await writeRegistration(ctx, plan);
      return record.created === record.updated ? "created" : "updated";
    } catch (error) {
      if (!alreadyRegistered(error)) throw error;
    }
  const existing = plan.kind === "taken" ? plan.existing : await registeredRecord(ctx, urn);
  return (await addLocators(ctx, token, urn, existing, locators)) ? "updated" : "unchanged";
}

/**
 * Registers `urn` (active, with `urls` as its locators) or adds the URLs it lacks, as POST
 * /api/v1/urns would (a URN the organisation reserved is registered in reservation mode), then
 * PATCH. Refusals are thrown as the API's refusals.
 */
export async function applyPair(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  urls: readonly string[],
): Promise<PairOutcome> {
  const input = pairRegistration(urn, urls);
  return applyPlan(
    ctx,
    token,
    urn,
    input.locators ?? [],
    await planRegistration(ctx, token, input),
  );
}
