// The registry the tests harvesting one registry into another set up on both sides: the nbn
// namespace, and the organisation "ubx" with its prefix urn:nbn:de:0001- (nbn check digits).

import { nbnDeCheckDigit } from "@urnkit/namespaces";
import type { Store } from "../../src/storage/store.js";
import { organisationWithPrefix } from "../prefix-setup.js";

export const ORG = "ubx";
export const PREFIX = "urn:nbn:de:0001-";

/** urn:nbn:de:0001-{name} with its check digit. */
export const urn = (name: string) => `${PREFIX}${name}${nbnDeCheckDigit(PREFIX + name)}`;

export async function configure(store: Store): Promise<void> {
  await store.namespaces.create({ nid: "nbn" }, { tokenId: null });
  await organisationWithPrefix(
    store,
    { id: ORG, name: "UB X" },
    { prefix: PREFIX, nid: "nbn", check: "nbn" },
  );
}
