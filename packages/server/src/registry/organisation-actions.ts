// The registry's writes on organisations, shared by the JSON API, the web UI and the command line:
// only a server-wide admin token creates or changes them. An organisation is never deleted;
// deactivating one stops its tokens and UI sessions (the stores refuse them), its records resolve.

import { permit } from "../http/auth.js";
import { HttpProblem } from "../http/problem.js";
import { ConflictError } from "../storage/errors.js";
import type { Organisation } from "../storage/organisations.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import { checkOrganisationBody, checkOrganisationPatch } from "../validation/organisation.js";
import { actorOf } from "./operator.js";
import { serverWide } from "./organisation-scope.js";

export async function createOrganisation(
  store: Store,
  token: TokenInfo,
  body: unknown,
): Promise<Organisation> {
  permit(token, "admin", null);
  serverWide(token);
  const input = checkOrganisationBody(body);
  try {
    return await store.organisations.create(input, actorOf(token));
  } catch (error) {
    if (error instanceof ConflictError)
      throw new HttpProblem(409, "organisation-exists", error.message, {
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
  permit(token, "admin", null);
  serverWide(token);
  const patch = checkOrganisationPatch(body);
  const org = await store.organisations.update(id, patch, actorOf(token));
  if (org === null) throw unknownOrganisation(id);
  return org;
}

export function unknownOrganisation(id: string): HttpProblem {
  return new HttpProblem(404, "unknown-organisation", `there is no organisation "${id}"`);
}
