// Who may write what, once organisations own prefixes: a token of an organisation acts for that
// organisation only, and its registrar scope is the organisation's prefixes; a token without one
// (server-wide, or scoped to a namespace as before organisations) acts for the owner of whatever
// it writes under. Every cross-organisation write is a 403 naming both organisations.

import type { OrganisationStore } from "../storage/organisations.js";
import type { TokenInfo } from "../storage/tokens.js";
import { Refusal } from "../validation/refusal.js";

/**
 * 403 unless `token` may act for `organisation` (null: writes outside any organisation). The
 * message names the write, not a token: a harvest acts for its organisation with none, and its
 * refusals reach a web page and the run's report.
 */
export function actFor(token: TokenInfo, organisation: string | null, what: string): void {
  if (token.organisation === null || token.organisation === organisation) return;
  throw new Refusal(
    "forbidden",
    "other-organisation",
    organisation === null
      ? `${what} belongs to no organisation; this write acts for organisation "${token.organisation}"`
      : `${what} belongs to organisation "${organisation}"; this write acts for organisation "${token.organisation}"`,
    { organisation, tokenOrganisation: token.organisation },
  );
}

/** 422 unless the organisation exists and is active. */
export async function liveOrganisation(
  store: { readonly organisations: Pick<OrganisationStore, "get"> },
  id: string,
  path = "/organisation",
) {
  const org = await store.organisations.get(id);
  if (org === null)
    throw new Refusal("unprocessable", "unknown-organisation", `there is no organisation "${id}"`, {
      errors: [{ path, message: "no such organisation" }],
    });
  if (!org.active)
    throw new Refusal(
      "unprocessable",
      "inactive-organisation",
      `organisation "${id}" is deactivated`,
      {
        errors: [{ path, message: "deactivated" }],
      },
    );
  return org;
}
