// A prefix as most tests and benches start from one: made by the operator, with the default
// policy except where the caller says; with its organisation, where that is new too.

import type { Organisation, OrganisationInput } from "../src/storage/organisations.js";
import { DEFAULT_POLICY, type NewPrefix, type Prefix } from "../src/storage/prefixes.js";
import type { Store } from "../src/storage/store.js";

const operator = { tokenId: null };

/** The prefix, nid and organisation of a new prefix, and any part of its policy. */
export type PrefixSetup = Pick<NewPrefix, "prefix" | "nid" | "organisation"> & Partial<NewPrefix>;

export function createPrefix(store: Pick<Store, "prefixes">, setup: PrefixSetup): Promise<Prefix> {
  return store.prefixes.create({ ...DEFAULT_POLICY, ...setup }, operator);
}

/** A new organisation and a prefix of it. */
export async function organisationWithPrefix(
  store: Pick<Store, "organisations" | "prefixes">,
  organisation: OrganisationInput,
  setup: Omit<PrefixSetup, "organisation">,
): Promise<{ organisation: Organisation; prefix: Prefix }> {
  return {
    organisation: await store.organisations.create(organisation, operator),
    prefix: await createPrefix(store, { ...setup, organisation: organisation.id }),
  };
}
