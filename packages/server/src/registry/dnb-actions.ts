// The writes of the DNB URN-Service API v2, in urnkit's terms. A DNB namespace is a prefix, its
// organisation the prefix's; a URL is a locator with an owner. Each write is one of the registry's
// own actions (registerUrn, patchRecord, deactivateUrn, suggestInPrefix), so role and scope,
// validation, naming and URL policies, audit rows and statistics are those of urnkit's own API.
// What the DNB adds is checked here first: a URL belongs to one URN only (409), a URN keeps at
// least one URL, a priority-only change in `my-urls` is ignored (as the DNB documents), and a
// successor, once recorded, stays (urnkit never reassigns).

import { URN } from "@urnkit/core";
import type { Prefix } from "../storage/prefixes.js";
import type { UrnRecord } from "../storage/records.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import { type DnbUrl, dnbLocator } from "../validation/dnb-requests.js";
import type { LocatorFields } from "../validation/record.js";
import { Refusal } from "../validation/refusal.js";
import type { ActionContext, RecordConcerns } from "./action-context.js";
import { namespaceKey } from "./namespace-keys.js";
import { actFor } from "./organisation-scope.js";
import { suggestInPrefix } from "./prefix-actions.js";
import { prefixKey } from "./prefix-key.js";
import { deactivateUrn, patchRecord, registerUrn } from "./record-actions.js";

/** What the DNB's writes read and write: a record's concerns, and the search for a URL's URNs. */
export type DnbContext = ActionContext<RecordConcerns | "search">;

/** The caller of a DNB write: a token of an organisation. */
export type DnbCaller = TokenInfo & { organisation: string };

/** The most URNs one urn-suggestion gives (the DNB's `count` bound). */
export const MAX_SUGGESTIONS = 50;

function unknownUrn(urn: URN): Refusal {
  return new Refusal("not-found", "unknown-urn", `${urn.href} is not registered here`);
}

/**
 * The record of a URN as the DNB API sees it: registered (active, or deactivated with or without
 * a successor). A reserved URN is not registered yet: 404, as for one unknown.
 */
export async function registeredRecord(
  store: Pick<Store, "records">,
  urn: URN,
): Promise<UrnRecord> {
  const record = await store.records.get(namespaceKey(urn));
  if (record === null || record.status === "reserved") throw unknownUrn(urn);
  return record;
}

/**
 * A page of registered records (reserved ones left out) and how many there are in all: the DNB's
 * lists of URNs, the whole registry's in id order or a namespace's in key order.
 */
export async function registeredRecordPage(
  store: Pick<Store, "records" | "search">,
  filter: { prefix?: string },
  page: { order: "id" | "key"; offset: number; count: number },
): Promise<{ total: number; records: UrnRecord[] }> {
  const query = { ...filter, registeredOnly: true };
  const [total, hits] = await Promise.all([
    store.search.count(query),
    store.search.records({ ...query, order: page.order, offset: page.offset, limit: page.count }),
  ]);
  const records = await store.records.getMany(hits.map((h) => h.record.key));
  return { total, records: hits.flatMap((h) => records.get(h.record.key) ?? []) };
}

/** The organisation owning a locator of `record` (one from before organisations: the record's). */
export function ownerOf(record: UrnRecord, locator: { owner: string | null }): string | null {
  return locator.owner ?? record.organisation;
}

/** The prefix a DNB namespace name means: "urn:nbn:de:hbz:6" is urn:nbn:de:hbz:6- (or itself). */
export async function namespaceByName(
  store: Pick<Store, "prefixes">,
  name: string,
): Promise<Prefix> {
  const nid = /^urn:([A-Za-z0-9][A-Za-z0-9-]{0,31}):/i.exec(name)?.[1];
  if (nid !== undefined)
    for (const text of name.endsWith("-") ? [name] : [`${name}-`, name]) {
      let key: string;
      try {
        key = prefixKey(nid, text);
      } catch {
        break;
      }
      const prefix = await store.prefixes.get(key);
      if (prefix !== null) return prefix;
    }
  throw new Refusal(
    "not-found",
    "unknown-namespace",
    `there is no namespace "${name.slice(0, 200)}" here`,
  );
}

/**
 * 409 unless each URL is free for `record` (or a new URN): not an active locator of another URN,
 * nor of this one under another organisation than `organisation`.
 */
async function urlsFree(
  store: Pick<Store, "search">,
  urls: readonly string[],
  key: string | null,
  organisation: string,
  record: UrnRecord | null,
): Promise<void> {
  for (const url of urls) {
    const here = record?.locators.find((l) => l.active && l.url === url);
    if (here !== undefined && record !== null && ownerOf(record, here) !== organisation)
      throw urlTaken(url, record.urn);
    const elsewhere = await store.search.urlHolder(url, key);
    if (elsewhere !== null) throw urlTaken(url, elsewhere);
  }
}

function urlTaken(url: string, urn: string): Refusal {
  return new Refusal("conflict", "url-registered", `${url} is registered to ${urn} already`, {
    urn,
  });
}

/** POST /urns: registers an active URN with its first URLs (the caller's unless others named). */
export async function registerDnbUrn(
  ctx: DnbContext,
  caller: DnbCaller,
  urn: URN,
  urls: readonly DnbUrl[],
): Promise<UrnRecord> {
  await urlsFree(
    ctx.store,
    urls.map((u) => u.url),
    namespaceKey(urn),
    caller.organisation,
    null,
  );
  return registerUrn(ctx, caller, { urn, status: "active", locators: urls.map(dnbLocator) });
}

/** The caller's active locators on `record`, as a PATCH lists them to keep them. */
function ownActive(record: UrnRecord, organisation: string): LocatorFields[] {
  return record.locators
    .filter((l) => l.active && ownerOf(record, l) === organisation)
    .map((l) => ({ url: l.url, priority: l.priority, mediaType: l.mediaType }));
}

function lastUrl(urn: string): Refusal {
  return new Refusal(
    "conflict",
    "last-url",
    `${urn} would be left without a URL: at least one must remain`,
  );
}

/**
 * PATCH …/my-urls: the caller's URLs on the URN become exactly `urls`; other organisations' stay.
 * A URL the caller has already keeps its priority (the DNB ignores priority-only changes here).
 */
export async function replaceMyUrls(
  ctx: DnbContext,
  caller: DnbCaller,
  urn: URN,
  urls: readonly DnbUrl[],
): Promise<void> {
  const record = await registeredRecord(ctx.store, urn);
  const org = caller.organisation;
  const mine = new Map(ownActive(record, org).map((l) => [l.url, l]));
  const others = record.locators.filter((l) => l.active && ownerOf(record, l) !== org);
  if (urls.length === 0 && others.length === 0) throw lastUrl(record.urn);
  await urlsFree(
    ctx.store,
    urls.filter((u) => !mine.has(u.url)).map((u) => u.url),
    record.key,
    org,
    record,
  );
  const locators = urls.map((u) => mine.get(u.url) ?? dnbLocator(u));
  await patchRecord(ctx, caller, urn, { locators }, record);
}

/** POST …/urls: one more URL of the caller on the URN; the record as it is after. */
export async function addUrl(
  ctx: DnbContext,
  caller: DnbCaller,
  urn: URN,
  url: DnbUrl,
): Promise<UrnRecord> {
  const record = await registeredRecord(ctx.store, urn);
  if (record.locators.some((l) => l.active && l.url === url.url))
    throw urlTaken(url.url, record.urn);
  const org = url.owner ?? caller.organisation;
  actFor(caller, org, `URL ${url.url}`);
  await urlsFree(ctx.store, [url.url], record.key, org, record);
  return patchRecord(
    ctx,
    caller,
    urn,
    { locators: [...ownActive(record, org), dnbLocator({ ...url, owner: undefined })] },
    record,
  );
}

/** The active locator of `url` on the URN, or 404. */
export function activeLocator(record: UrnRecord, url: string) {
  const locator = record.locators.find((l) => l.active && l.url === url);
  if (locator === undefined)
    throw new Refusal("not-found", "unknown-url", `${url} is not a URL of ${record.urn}`);
  return locator;
}

/** PATCH …/urls/base64/{url}: a new priority for one of the caller's URLs. */
export async function setUrlPriority(
  ctx: DnbContext,
  caller: DnbCaller,
  urn: URN,
  url: string,
  priority: number,
): Promise<void> {
  const record = await registeredRecord(ctx.store, urn);
  const locator = activeLocator(record, url);
  actFor(caller, ownerOf(record, locator), `URL ${url}`);
  const locators = ownActive(record, caller.organisation).map((l) =>
    l.url === url ? { ...l, priority } : l,
  );
  await patchRecord(ctx, caller, urn, { locators }, record);
}

/**
 * DELETE …/urls/base64/{url}: one URL off the URN (kept, inactive, for history): the caller's
 * own, or, by the URN's owner, another organisation's. Refused when it is the URN's last.
 */
export async function removeUrl(
  ctx: DnbContext,
  caller: DnbCaller,
  urn: URN,
  url: string,
): Promise<void> {
  const record = await registeredRecord(ctx.store, urn);
  const locator = activeLocator(record, url);
  if (record.locators.filter((l) => l.active).length === 1) throw lastUrl(record.urn);
  const mine = ownActive(record, caller.organisation);
  const own = ownerOf(record, locator) === caller.organisation;
  const locators = own
    ? mine.filter((l) => l.url !== url)
    : [...mine, { url, active: false } satisfies LocatorFields];
  await patchRecord(ctx, caller, urn, { locators }, record);
}

/**
 * PATCH /urns/urn/{urn}: `successor` absent changes nothing; a URN makes it the successor (the
 * URN is deactivated and resolves to it with a 301, as urnkit's successors do); null asks to
 * remove it, which only a URN without one can grant (a no-op).
 */
export async function setSuccessor(
  ctx: DnbContext,
  caller: DnbCaller,
  urn: URN,
  successor: URN | null | undefined,
): Promise<void> {
  const record = await registeredRecord(ctx.store, urn);
  actFor(caller, record.organisation, record.urn);
  if (successor === undefined) return;
  if (successor === null) {
    if (record.successors.length === 0) return;
    throw new Refusal(
      "conflict",
      "successor-permanent",
      `${record.urn} has the successor ${record.successors[0]}; a successor is never removed (URNs are never reassigned)`,
    );
  }
  const key = namespaceKey(successor);
  const same = (text: string) => {
    const other = URN.parse(text);
    return other !== null && namespaceKey(other) === key;
  };
  if (record.successors.some(same)) return;
  await deactivateUrn(ctx, caller, urn, { reason: `replaced by ${successor.href}`, successor });
}

/**
 * GET …/urn-suggestion: `count` URNs of the namespace, each a number taken from its prefix's
 * sequence (audited), so none is suggested, minted or reserved twice.
 */
export async function suggestUrns(
  ctx: Parameters<typeof suggestInPrefix>[0],
  caller: DnbCaller,
  prefix: Prefix,
  count: number,
): Promise<string[]> {
  const urns: string[] = [];
  for (let i = 0; i < Math.min(count, MAX_SUGGESTIONS); i++)
    urns.push((await suggestInPrefix(ctx, caller, prefix.nid, prefix.prefix)).urn);
  return urns;
}
