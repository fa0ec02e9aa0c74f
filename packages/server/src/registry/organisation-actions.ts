// The registry's writes on organisations, shared by the JSON API, the web UI and the command line:
// only an administrator of the registry creates or changes them. An organisation is never deleted;
// deactivating one stops its tokens and UI sessions (the stores refuse them), its records resolve.

import type { Organisation } from "../storage/organisations.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import type { OrganisationFields, OrganisationInput } from "../validation/organisation.js";
import { Refusal } from "../validation/refusal.js";
import { authorize, REGISTRY } from "./access.js";
import { actorOf } from "./operator.js";
import { refusingTakenKey } from "./taken-key.js";

export async function createOrganisation(
  store: Pick<Store, "organisations">,
  token: TokenInfo,
  input: OrganisationInput,
): Promise<Organisation> {
  authorize(token, "admin", REGISTRY);
  return refusingTakenKey("organisation-exists", () =>
    store.organisations.create(input, actorOf(token)),
  );
}

export async function updateOrganisation(
  store: Pick<Store, "organisations">,
  token: TokenInfo,
  id: string,
  patch: OrganisationFields,
): Promise<Organisation> {
  authorize(token, "admin", REGISTRY);
  const org = await store.organisations.update(id, patch, actorOf(token));
  if (org === null) throw unknownOrganisation(id);
  return org;
}

export function unknownOrganisation(id: string): Refusal {
  return new Refusal("not-found", "unknown-organisation", `there is no organisation "${id}"`);
}
