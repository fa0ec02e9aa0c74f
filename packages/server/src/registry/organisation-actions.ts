// The registry's writes on organisations, shared by the JSON API, the web UI and the command line:
// only an administrator of the registry creates or changes them. An organisation is never deleted;
// deactivating one stops its tokens and UI sessions (the stores refuse them), its records resolve.

import { ConflictError } from "../storage/errors.js";
import type { Organisation } from "../storage/organisations.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import { checkOrganisationBody, checkOrganisationPatch } from "../validation/organisation.js";
import { Refusal } from "../validation/refusal.js";
import { authorize, REGISTRY } from "./access.js";
import { actorOf } from "./operator.js";

export async function createOrganisation(
  store: Store,
  token: TokenInfo,
  body: unknown,
): Promise<Organisation> {
  authorize(token, "admin", REGISTRY);
  const input = checkOrganisationBody(body);
  try {
    return await store.organisations.create(input, actorOf(token));
  } catch (error) {
    if (error instanceof ConflictError)
      throw new Refusal("conflict", "organisation-exists", error.message, {
        existing: error.existing,
      });
    throw error;
  }
}

export async function updateOrganisation(
  store: Store,
  token: TokenInfo,
  id: string,
  body: unknown,
): Promise<Organisation> {
  authorize(token, "admin", REGISTRY);
  const patch = checkOrganisationPatch(body);
  const org = await store.organisations.update(id, patch, actorOf(token));
  if (org === null) throw unknownOrganisation(id);
  return org;
}

export function unknownOrganisation(id: string): Refusal {
  return new Refusal("not-found", "unknown-organisation", `there is no organisation "${id}"`);
}
