// The registry's writes on prefixes (sub-namespaces), shared by the JSON API, the web UI and the
// command line: an administrator of the registry or of the namespace creates them and changes
// their policies, as does the owning organisation's administrator for its own; the organisation's
// registrars mint, reserve and ask for suggestions, each number taken from the prefix's one atomic
// sequence, so no number is minted, reserved or suggested twice.

import type { Actor } from "../storage/audit.js";
import { ConflictError } from "../storage/errors.js";
import { DEFAULT_POLICY, type Prefix } from "../storage/prefixes.js";
import type { NewRecord, UrnRecord } from "../storage/records.js";
import type { TokenInfo } from "../storage/tokens.js";
import { unknownPrefix } from "../validation/parameters/prefix.js";
import type { PrefixFields, PrefixInput, ReservationInput } from "../validation/prefix.js";
import type { MintInput } from "../validation/record.js";
import { Refusal } from "../validation/refusal.js";
import { registrationUrn } from "../validation/urn.js";
import { authorize, permit } from "./access.js";
import type { ActionContext, RecordConcerns } from "./action-context.js";

/** What minting and reserving in a prefix read and write: a record's concerns and a batch. */
type PrefixWriteContext = ActionContext<RecordConcerns | "writeBatch">;

import { registrationLocators } from "./locator-owners.js";
import { mintUrnOf } from "./mint.js";
import { servedNamespace } from "./namespace-actions.js";
import { actorOf } from "./operator.js";
import { actFor, liveOrganisation } from "./organisation-scope.js";
import { prefixKey } from "./prefix-key.js";
import { requireMode } from "./prefix-policy.js";
import { registrationTarget, targetIn } from "./registration.js";
import { refusingTakenKey } from "./taken-key.js";

/** Numbers in a row found taken (registered by hand, or inside a nested prefix) before giving up. */
const MINT_ATTEMPTS = 100;

/** The prefix named in a path (any spelling of its key), or 404. */
export async function prefixOf(
  { store }: ActionContext<"prefixes">,
  nidInput: string,
  text: string,
): Promise<Prefix> {
  const nid = nidInput.toLowerCase();
  let key: string;
  try {
    key = prefixKey(nid, text);
  } catch {
    throw unknownPrefix(nid, text);
  }
  const prefix = await store.prefixes.get(key);
  if (prefix === null || prefix.nid !== nid) throw unknownPrefix(nid, text);
  return prefix;
}

export async function createPrefix(
  ctx: ActionContext<"prefixes" | "namespaces" | "organisations">,
  token: TokenInfo,
  nidInput: string,
  input: PrefixInput,
): Promise<Prefix> {
  const nid = nidInput.toLowerCase();
  authorize(token, "admin", { kind: "namespace", nid });
  await servedNamespace(ctx.store, nid);
  const key = prefixKey(nid, input.prefix);
  await liveOrganisation(ctx.store, input.organisation);
  const { prefix: _text, ...policy } = input;
  // Two prefixes are disjoint or one nests in the other (the longest match owns a URN), so the
  // one overlap to refuse is the same prefix twice.
  return refusingTakenKey("prefix-exists", () =>
    ctx.store.prefixes.create({ ...DEFAULT_POLICY, ...policy, prefix: key, nid }, actorOf(token)),
  );
}

export async function updatePrefix(
  ctx: ActionContext<"prefixes">,
  token: TokenInfo,
  nid: string,
  text: string,
  patch: PrefixFields,
): Promise<Prefix> {
  permit(token, "admin", nid.toLowerCase());
  const prefix = await prefixOf(ctx, nid, text);
  // An organisation's administrator sets its own prefixes' policies.
  authorize(token, "admin", {
    kind: "organisation",
    organisation: prefix.organisation,
    nid: prefix.nid,
  });
  const after = await ctx.store.prefixes.update(prefix.prefix, patch, actorOf(token));
  if (after === null) throw unknownPrefix(nid, text);
  return after;
}

/** The prefix a registrar of the token may write under: its organisation's, in scope. */
async function writablePrefix(
  ctx: ActionContext<"prefixes" | "organisations">,
  token: TokenInfo,
  nid: string,
  text: string,
): Promise<Prefix> {
  permit(token, "registrar", nid.toLowerCase());
  const prefix = await prefixOf(ctx, nid, text);
  actFor(token, prefix.organisation, `prefix "${prefix.prefix}"`);
  // A token of the organisation was found live, so the organisation is active.
  if (token.organisation !== prefix.organisation)
    await liveOrganisation(ctx.store, prefix.organisation);
  return prefix;
}

/**
 * The URNs numbered `first`, `first + 1`, … that belong to the prefix itself (not to a prefix
 * nested in it) and are free, each handed to `write` until it has `count`.
 */
async function numbered<T>(
  ctx: PrefixWriteContext,
  prefix: Prefix,
  numbers: () => Promise<number>,
  write: (urn: string, key: string) => Promise<T | null>,
): Promise<T> {
  for (let attempt = 0; attempt < MINT_ATTEMPTS; attempt++) {
    const minted = registrationUrn(mintUrnOf(prefix, await numbers()), ctx.limits);
    const target = await registrationTarget(ctx.store, minted);
    if (target.ns.routes.owner(target.key)?.prefix !== prefix.prefix) continue;
    const done = await write(target.urn.href, target.key);
    if (done !== null) return done;
  }
  throw mintExhausted(prefix);
}

function mintExhausted(prefix: Prefix): Refusal {
  return new Refusal(
    "conflict",
    "mint-exhausted",
    `${MINT_ATTEMPTS} numbers in a row of prefix "${prefix.prefix}" were taken`,
  );
}

/** POST …/prefixes/{prefix}/mint: the prefix's next URN, registered (resolver mode). */
export async function mintInPrefix(
  ctx: PrefixWriteContext,
  token: TokenInfo,
  nid: string,
  text: string,
  input: MintInput,
): Promise<UrnRecord> {
  const prefix = await writablePrefix(ctx, token, nid, text);
  requireMode(prefix, "resolver");
  const owner = prefix.organisation;
  const locators = await registrationLocators(ctx.store, token, owner, prefix, input.locators);
  const actor = actorOf(token);
  const record = (urn: string, key: string): NewRecord => ({
    urn,
    key,
    nid: prefix.nid,
    status: input.status ?? "reserved",
    locators,
    metadata: input.metadata ?? null,
    organisation: owner,
    prefix: prefix.prefix,
    identifiers: input.identifiers,
  });
  const { store } = ctx;
  const minted = await mintedTogether(ctx, prefix, 1, record, "prefix.mint", actor);
  if (minted !== undefined) {
    if (minted[0] === undefined) throw mintExhausted(prefix);
    return minted[0];
  }
  return numbered(
    ctx,
    prefix,
    () => store.prefixes.takeNumbers(prefix.prefix, 1, "prefix.mint", actor),
    async (urn, key) => {
      try {
        return await store.records.create(record(urn, key), actor);
      } catch (error) {
        if (error instanceof ConflictError) return null;
        throw error;
      }
    },
  );
}

/**
 * `count` records of `prefix`, numbers and records taken in one transaction where the store can
 * (mintMany, SQLite), each number checked as ownNumbers does; undefined where it cannot.
 */
async function mintedTogether(
  ctx: PrefixWriteContext,
  prefix: Prefix,
  count: number,
  record: (urn: string, key: string) => NewRecord,
  action: string,
  actor: Actor,
): Promise<UrnRecord[] | undefined> {
  const { records } = ctx.store;
  if (records.mintMany === undefined) return undefined;
  const make = await ownNumbers(ctx, prefix, record);
  const minted = await records.mintMany(prefix.prefix, count, make, MINT_ATTEMPTS, action, actor);
  if (minted === null) throw mintExhausted(prefix);
  return minted;
}

/**
 * What a number of `prefix` becomes: the record `record` makes of its URN, or null when the URN
 * belongs to a prefix nested in this one.
 */
async function ownNumbers(
  ctx: PrefixWriteContext,
  prefix: Prefix,
  record: (urn: string, key: string) => NewRecord,
): Promise<(n: number) => NewRecord | null> {
  const ns = await ctx.store.namespaces.get(prefix.nid);
  return (n) => {
    const target = targetIn(ns, registrationUrn(mintUrnOf(prefix, n), ctx.limits));
    const own = target.ns.routes.owner(target.key)?.prefix === prefix.prefix;
    return own ? record(target.urn.href, target.key) : null;
  };
}

/**
 * POST …/prefixes/{prefix}/reservations: the next `count` URNs of the prefix, recorded as
 * reserved records of its organisation (reservation mode), all in one transaction: a reservation
 * that fails part-way leaves none of its URNs behind. Numbers found taken are skipped.
 */
export async function reserveInPrefix(
  ctx: PrefixWriteContext,
  token: TokenInfo,
  nid: string,
  text: string,
  { count }: ReservationInput,
): Promise<{ prefix: string; organisation: string; urns: string[] }> {
  const prefix = await writablePrefix(ctx, token, nid, text);
  requireMode(prefix, "reservation");
  const actor = actorOf(token);
  const reserved = (urn: string, key: string): NewRecord => ({
    urn,
    key,
    nid: prefix.nid,
    status: "reserved",
    organisation: prefix.organisation,
    prefix: prefix.prefix,
  });
  const { store } = ctx;
  const made = await mintedTogether(ctx, prefix, count, reserved, "prefix.reserve", actor);
  const reserve = () => reserveInSteps(ctx, prefix, count, reserved, actor);
  const urns =
    made?.map((r) => r.urn) ??
    (await (store.writeBatch === undefined ? reserve() : store.writeBatch(reserve)));
  return { prefix: prefix.prefix, organisation: prefix.organisation, urns };
}

/** A reservation in steps (a number, a record, …), which the caller runs in one transaction. */
async function reserveInSteps(
  ctx: PrefixWriteContext,
  prefix: Prefix,
  count: number,
  reserved: (urn: string, key: string) => NewRecord,
  actor: Actor,
): Promise<string[]> {
  const urns: string[] = [];
  let next = await ctx.store.prefixes.takeNumbers(prefix.prefix, count, "prefix.reserve", actor);
  let left = count;
  const numbers = async () => {
    if (left > 0) {
      left -= 1;
      return next++;
    }
    return ctx.store.prefixes.takeNumbers(prefix.prefix, 1, "prefix.reserve", actor);
  };
  while (urns.length < count)
    urns.push(
      await numbered(ctx, prefix, numbers, async (urn, key) => {
        try {
          await ctx.store.records.create(reserved(urn, key), actor);
          return urn;
        } catch (error) {
          if (error instanceof ConflictError) return null;
          throw error;
        }
      }),
    );
  return urns;
}

/**
 * GET …/prefixes/{prefix}/suggestion: the prefix's next free URN, not registered (the DNB's
 * urn-suggestion). Its number is taken from the prefix's sequence and the audit log records it,
 * so the same URN is never suggested (nor minted, nor reserved) again, in any process.
 */
export async function suggestInPrefix(
  ctx: PrefixWriteContext,
  token: TokenInfo,
  nid: string,
  text: string,
): Promise<{ urn: string; prefix: string }> {
  const prefix = await writablePrefix(ctx, token, nid, text);
  requireMode(prefix, "registrar");
  const actor = actorOf(token);
  const urn = await numbered(
    ctx,
    prefix,
    () => ctx.store.prefixes.takeNumbers(prefix.prefix, 1, "prefix.suggest", actor),
    async (urn, key) => ((await ctx.store.records.get(key)) === null ? urn : null),
  );
  return { urn, prefix: prefix.prefix };
}
