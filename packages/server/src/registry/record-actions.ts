// The registry's writes (RFC 8141 §1.1: names assigned once, never reassigned; §6 registration
// templates; §6.4.6 resolution policy), as plain functions of the store, the acting token and the
// input. The JSON API and the web UI both call these, so role and scope checks, validation,
// namespace rules and audit rows are the same whichever way a registrar comes in. Refusals are
// refusals: their status and code say what went wrong to either caller.

import type { URN } from "@urnkit/core";
import type { Actor } from "../storage/audit.js";
import { ConflictError, keyTaken, StateError } from "../storage/errors.js";
import type { NamespaceStore } from "../storage/namespaces.js";
import type { OrganisationStore } from "../storage/organisations.js";
import type { Prefix, PrefixStore } from "../storage/prefixes.js";
import type { NewRecord, RecordPatch, RecordStore, UrnRecord } from "../storage/records.js";
import type { TokenInfo } from "../storage/tokens.js";
import type {
  DeactivateInput,
  MintInput,
  RecordFields,
  RegisterInput,
} from "../validation/record.js";
import { Refusal } from "../validation/refusal.js";
import { registrationUrn } from "../validation/urn.js";
import { permit } from "./access.js";
import type { ActionContext, RecordContext } from "./action-context.js";
import { ownedLocators, patchedLocators, registrationLocators } from "./locator-owners.js";
import { mintNss } from "./mint.js";
import { servedNamespace } from "./namespace-actions.js";
import { namespaceKey } from "./namespace-keys.js";
import { actorOf } from "./operator.js";
import { actFor, liveOrganisation } from "./organisation-scope.js";
import { checkNaming, requireMode } from "./prefix-policy.js";
import { registrationTarget, type Target } from "./registration.js";
import { takenKey } from "./taken-key.js";

const MINT_ATTEMPTS = 100;

function found(record: UrnRecord | null, urn: string): UrnRecord {
  if (record === null)
    throw new Refusal("not-found", "unknown-urn", `${urn} is not registered here`);
  return record;
}

/** The store's refusal as a problem: a taken key or a lifecycle step backwards is a 409. */
export function storeRefusal(error: ConflictError | StateError): Refusal {
  if (error instanceof ConflictError) return takenKey("already-registered", error);
  return new Refusal("conflict", error.code, error.message);
}

/** Rethrows the store's refusals as problems, anything else as it is. */
function refused(error: unknown): never {
  if (error instanceof ConflictError || error instanceof StateError) throw storeRefusal(error);
  throw error;
}

/**
 * What a registration reads: the store, or a caller's view of it that answers repeated reads from
 * memory (a harvest page reads each prefix and organisation once, and its records in one go).
 */
export interface RegistrationReads {
  readonly namespaces: Pick<NamespaceStore, "get">;
  readonly prefixes: Pick<PrefixStore, "get">;
  readonly organisations: Pick<OrganisationStore, "get">;
  readonly records: Pick<RecordStore, "get">;
}

/** The prefix a URN belongs to: the longest of its namespace's prefixes that matches. */
async function owningPrefix(
  reads: { readonly prefixes: Pick<PrefixStore, "get"> },
  target: Target,
): Promise<Prefix | null> {
  const route = target.ns.routes.owner(target.key);
  return route === null ? null : reads.prefixes.get(route.prefix);
}

/**
 * The record a registration or a mint creates: `target` under its owning prefix (if any), of
 * the prefix's organisation or the one named, reserved unless asked active.
 */
function newRecord(
  target: Target,
  input: Pick<RecordFields, "metadata" | "identifiers"> & { status?: NewRecord["status"] },
  locators: NewRecord["locators"],
  prefix: Prefix | null,
  owner: string | null,
): NewRecord {
  return {
    urn: target.urn.href,
    key: target.key,
    nid: target.nid,
    status: input.status ?? "reserved",
    locators,
    metadata: input.metadata ?? null,
    organisation: owner,
    prefix: prefix?.prefix ?? null,
    identifiers: input.identifiers,
  };
}

/** What a registration that passed every check writes (planRegistration). */
export type RegistrationPlan =
  /** A new record. */
  | { kind: "create"; input: NewRecord; actor: Actor }
  /** A URN the organisation reserved, registered in reservation mode. */
  | { kind: "reserved"; urn: string; key: string; patch: RecordPatch; actor: Actor }
  /** An equivalent URN is registered already: the registration is refused (409). */
  | { kind: "taken"; existing: UrnRecord };

/**
 * The decision of POST /api/v1/urns without its write: every check registerUrn makes (role and
 * scope, the body, the URN and its namespace's rules, the owning prefix and its organisation,
 * locator ownership and URL policy, registration mode and naming policy) against what `reads`
 * answers. Refusals are thrown as refusals.
 */
export async function planRegistration(
  { store }: RecordContext,
  token: TokenInfo,
  input: RegisterInput,
  reads: RegistrationReads = store,
): Promise<RegistrationPlan> {
  // Scope first, so a token outside its namespace learns nothing about the URN's namespace rules.
  permit(token, "registrar", input.urn.nid.toLowerCase());
  if (input.organisation !== undefined) actFor(token, input.organisation, "the registration");
  const target = await registrationTarget(reads, input.urn);
  const prefix = await owningPrefix(reads, target);
  // An organisation's registrar has its organisation's prefixes as its scope, nothing outside.
  const owner =
    prefix?.organisation ?? (token.organisation === null ? (input.organisation ?? null) : null);
  actFor(token, owner, prefix === null ? target.urn.href : `prefix "${prefix.prefix}"`);
  if (prefix !== null && input.organisation !== undefined && input.organisation !== owner)
    throw new Refusal(
      "forbidden",
      "other-organisation",
      `${target.urn.href} is under prefix "${prefix.prefix}" of organisation "${owner}", not "${input.organisation}"`,
    );
  if (owner !== null) await liveOrganisation(reads, owner);
  else if ((input.identifiers ?? []).length > 0)
    throw new Refusal(
      "unprocessable",
      "organisation-required",
      "identifiers belong to an organisation: name it in organisation",
    );
  const locators = await registrationLocators(reads, token, owner, prefix, input.locators);
  const actor = actorOf(token);
  const existing = await reads.records.get(target.key);
  if (existing !== null) {
    if (prefix === null || existing.status !== "reserved" || existing.organisation !== owner)
      return { kind: "taken", existing };
    requireMode(prefix, "reservation");
    return {
      kind: "reserved",
      urn: target.urn.href,
      key: target.key,
      patch: {
        locators,
        metadata: input.metadata,
        owner: owner ?? undefined,
        activate: input.status === "active",
        identifiers: input.identifiers,
      },
      actor,
    };
  }
  if (prefix !== null) {
    requireMode(prefix, "registrar", target.urn.href);
    checkNaming(prefix, target.urn);
  }
  return {
    kind: "create",
    input: newRecord(target, input, locators, prefix, owner),
    actor,
  };
}

/** Writes what planRegistration decided; the store's refusals (a key taken meanwhile) as 409s. */
export async function writeRegistration(
  { store }: ActionContext<"records">,
  plan: RegistrationPlan,
): Promise<UrnRecord> {
  try {
    if (plan.kind === "taken") throw keyTaken(plan.existing.urn);
    if (plan.kind === "reserved")
      return found(await store.records.update(plan.key, plan.patch, plan.actor), plan.urn);
    return await store.records.create(plan.input, plan.actor);
  } catch (error) {
    refused(error);
  }
}

/**
 * POST /api/v1/urns: registers a URN (reserved or active) in a namespace served here. Under a
 * prefix it belongs to the prefix's organisation: a URN the organisation reserved is registered
 * in reservation mode, any other in registrar mode, each only when the prefix allows it.
 */
export async function registerUrn(
  ctx: RecordContext,
  token: TokenInfo,
  input: RegisterInput,
): Promise<UrnRecord> {
  return writeRegistration(ctx, await planRegistration(ctx, token, input));
}

/** Mints the namespace's next URN, atomically; numbers taken by hand are skipped. */
export async function mintUrn(
  { store, limits }: RecordContext,
  token: TokenInfo,
  nidInput: string,
  input: MintInput,
): Promise<UrnRecord> {
  const nid = nidInput.toLowerCase();
  permit(token, "registrar", nid);
  const ns = await servedNamespace(store, nid);
  if (ns.mint === null)
    throw new Refusal("conflict", "no-mint-policy", `namespace "${nid}" has no minting policy`);
  // The sequence never goes back, so a number already taken is skipped for the next one.
  for (let attempt = 0; attempt < MINT_ATTEMPTS; attempt++) {
    const n = await store.namespaces.nextMintNumber(nid, actorOf(token));
    const minted = registrationUrn(`urn:${nid}:${mintNss(ns.mint, n)}`, limits);
    const target = await registrationTarget(store, minted);
    const prefix = await owningPrefix(store, target);
    const owner = prefix?.organisation ?? null;
    actFor(token, owner, prefix === null ? target.urn.href : `prefix "${prefix.prefix}"`);
    const locators = await ownedLocators(store, token, owner, owner, prefix, input.locators);
    try {
      return await store.records.create(
        newRecord(target, input, locators, prefix, owner),
        actorOf(token),
      );
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }
  throw new Refusal(
    "conflict",
    "mint-exhausted",
    `${MINT_ATTEMPTS} minted numbers in a row were already taken`,
  );
}

/** The key of the URN a lifecycle write names (any equivalent spelling), once the token may touch it. */
function recordKey(token: TokenInfo, urn: URN): string {
  permit(token, "registrar", urn.nid);
  return namespaceKey(urn);
}

/** The record a lifecycle write of an organisation's token names: only its owner's. */
async function ownRecord(ctx: ActionContext<"records">, token: TokenInfo, key: string, urn: URN) {
  if (token.organisation === null) return;
  const record = found(await ctx.store.records.get(key), urn.href);
  actFor(token, record.organisation, urn.href);
}

/**
 * Replaces the active locators and/or the metadata of a record. A token of an organisation
 * replaces its own locators only: the record's owner may also deactivate anyone's locator, and
 * another organisation attaches its own locators (mirrors) when the record's prefix allows it.
 * `read`: the record as the caller has just read it (the URN's), to decide the patch on; it is
 * not read again (the write itself works on the stored record, in its transaction).
 */
export async function patchRecord(
  ctx: RecordContext,
  token: TokenInfo,
  urn: URN,
  patch: RecordFields,
  read?: UrnRecord,
): Promise<UrnRecord> {
  const key = recordKey(token, urn);
  const { store } = ctx;
  if (read !== undefined && read.key !== key)
    throw new Error(`patchRecord was given the record of ${read.urn} for ${urn.href}`);
  const record = read ?? found(await store.records.get(key), urn.href);
  const prefix = record.prefix === null ? null : await store.prefixes.get(record.prefix);
  const actor = token.organisation;
  let change: RecordPatch;
  if (actor === null) {
    const locators = await ownedLocators(
      store,
      token,
      record.organisation,
      record.organisation,
      prefix,
      patch.locators,
    );
    change = { ...patch, locators };
  } else {
    if (actor !== record.organisation && (patch.metadata !== undefined || !prefix?.mirrors))
      actFor(token, record.organisation, urn.href);
    change = { ...patch, owner: actor };
    if (patch.locators !== undefined) {
      const { own, others } = patchedLocators(record, actor, patch.locators);
      const owned = await ownedLocators(store, token, actor, record.organisation, prefix, own);
      change.locators = [...(owned ?? []), ...others];
    }
  }
  try {
    return found(await store.records.update(key, change, actorOf(token)), urn.href);
  } catch (error) {
    refused(error);
  }
}

/** reserved → active. */
export async function activateUrn(
  ctx: ActionContext<"records">,
  token: TokenInfo,
  urn: URN,
): Promise<UrnRecord> {
  const key = recordKey(token, urn);
  await ownRecord(ctx, token, key, urn);
  try {
    return found(await ctx.store.records.activate(key, actorOf(token)), urn.href);
  } catch (error) {
    refused(error);
  }
}

/**
 * → deactivated, with the reason and an optional successor (a 301 target from then on). A URN
 * already deactivated is a frozen tombstone: only a successor may still be recorded, once, when
 * it has none.
 */
export async function deactivateUrn(
  ctx: ActionContext<"records">,
  token: TokenInfo,
  urn: URN,
  change: DeactivateInput,
): Promise<UrnRecord> {
  const key = recordKey(token, urn);
  await ownRecord(ctx, token, key, urn);
  const current = found(await ctx.store.records.get(key), urn.href);
  if (current.status === "deactivated" && change.successor === undefined)
    throw new Refusal(
      "conflict",
      "already-deactivated",
      `${current.urn} is already deactivated; only a successor can still be recorded, once`,
    );
  if (current.status !== "deactivated" && (change.reason ?? "").trim() === "")
    throw new Refusal(
      "unprocessable",
      "reason-required",
      'say why the URN is deactivated: {"reason": "…"}',
    );
  let successor: { urn: string; key: string } | null = null;
  if (change.successor !== undefined) {
    const s = change.successor;
    successor = { urn: s.assignedName, key: namespaceKey(s) };
    if (successor.key === key)
      throw new Refusal("unprocessable", "self-successor", "a URN cannot be its own successor");
  }
  try {
    return found(
      await ctx.store.records.deactivate(
        key,
        { reason: change.reason ?? "", successor },
        actorOf(token),
      ),
      urn.href,
    );
  } catch (error) {
    refused(error);
  }
}
