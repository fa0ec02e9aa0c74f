// Locator ownership (the DNB URN service's URL owners): every locator has an owning organisation.
// Another organisation may attach its own locators to a URN (a mirror, an archive copy) when the
// URN's prefix allows it; each edits only its own; the URN's owner may deactivate any locator on
// its URN. The prefix's URL policy binds the URN owner's locators, its mirror URL policy the
// mirrors'.

import type { OrganisationStore } from "../storage/organisations.js";
import type { Prefix } from "../storage/prefixes.js";
import type { LocatorInput, UrnRecord } from "../storage/records.js";
import type { TokenInfo } from "../storage/tokens.js";
import { Refusal } from "../validation/refusal.js";
import { actFor, liveOrganisation } from "./organisation-scope.js";
import { checkUrls } from "./prefix-policy.js";

/**
 * Checks new locators of a record owned by `recordOrg` written by `token` acting for `actor`:
 * named owners, mirrors, and the URL policy. Returns them with their owner filled in.
 */
export async function ownedLocators(
  store: { readonly organisations: Pick<OrganisationStore, "get"> },
  token: TokenInfo,
  actor: string | null,
  recordOrg: string | null,
  prefix: Prefix | null,
  locators: readonly LocatorInput[] | undefined,
): Promise<LocatorInput[] | undefined> {
  if (locators === undefined) return undefined;
  const out: LocatorInput[] = [];
  const owners = new Set<string>();
  for (const [i, l] of locators.entries()) {
    const owner = l.owner ?? actor;
    if (l.owner != null && !owners.has(l.owner)) {
      actFor(token, l.owner, `locator ${l.url}`);
      await liveOrganisation(store, l.owner, `/locators/${i}/owner`);
      owners.add(l.owner);
    }
    if (owner !== recordOrg && recordOrg !== null && !(prefix?.mirrors ?? false))
      throw new Refusal(
        "forbidden",
        "mirrors-not-allowed",
        `prefix "${prefix?.prefix ?? ""}" does not take locators of other organisations than "${recordOrg}"`,
      );
    out.push({ ...l, owner });
  }
  if (prefix !== null) {
    checkUrls(
      prefix,
      out.filter((l) => l.owner === recordOrg),
    );
    checkUrls(
      prefix,
      out.filter((l) => l.owner !== recordOrg),
      "mirrorUrls",
    );
  }
  return out;
}

/**
 * ownedLocators for a record `token` registers for `owner`: the locators are written for the
 * token's organisation, or for the owner where the token acts for none.
 */
export function registrationLocators(
  store: { readonly organisations: Pick<OrganisationStore, "get"> },
  token: TokenInfo,
  owner: string | null,
  prefix: Prefix | null,
  locators: readonly LocatorInput[] | undefined,
): Promise<LocatorInput[] | undefined> {
  return ownedLocators(store, token, token.organisation ?? owner, owner, prefix, locators);
}

/**
 * A PATCH's locators from `actor` on `record`, split: its own (replaced), and other
 * organisations' locators, which only the record's owner may name, and only to deactivate them
 * (they keep their other fields).
 */
export function patchedLocators(
  record: UrnRecord,
  actor: string,
  locators: readonly LocatorInput[],
): { own: LocatorInput[]; others: LocatorInput[] } {
  const existing = new Map(record.locators.map((l) => [l.url, l]));
  const own: LocatorInput[] = [];
  const others: LocatorInput[] = [];
  for (const l of locators) {
    const have = existing.get(l.url);
    // A locator from before organisations belongs to the record's owner.
    const owner = have === undefined ? actor : (have.owner ?? record.organisation);
    if (owner === actor) own.push(l);
    else if (record.organisation === actor && l.active === false && have !== undefined)
      others.push({
        url: l.url,
        priority: have.priority,
        mediaType: have.mediaType,
        active: false,
      });
    else
      throw new Refusal(
        "forbidden",
        "other-organisation",
        `locator ${l.url} belongs to ${owner === null ? "no organisation" : `organisation "${owner}"`}; the token acts for "${actor}"`,
        { organisation: owner, tokenOrganisation: actor },
      );
  }
  return { own, others };
}
