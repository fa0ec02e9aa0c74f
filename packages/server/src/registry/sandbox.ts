// A throwaway registry for testing a DNB client (`urnkit sandbox`): one namespace in the DNB's
// sense (a prefix such as urn:nbn:de:test-, its NID served here), one organisation owning it and
// a registrar token with the password the tester chose, so the client's settings can name known
// credentials. Made through the registry's own actions, as an operator would make them.

import { URN } from "@urnkit/core";
import type { Store } from "../storage/store.js";
import type { Limits } from "../validation/limits.js";
import { Refusal } from "../validation/refusal.js";
import { createNamespace } from "./namespace-actions.js";
import { nidRefusals } from "./namespace-keys.js";
import { OPERATOR } from "./operator.js";
import { createOrganisation } from "./organisation-actions.js";
import { createPrefix } from "./prefix-actions.js";
import { issueKnownToken } from "./tokens.js";

export interface SandboxOptions {
  /** The DNB namespace name, "urn:nbn:de:test": the prefix is it and a "-". */
  namespace: string;
  /** The organisation's id: the DNB login (HTTP Basic user). */
  login: string;
  /** The registrar token's secret: the HTTP Basic password. */
  password: string;
  /** URL prefixes or host names the organisation's URLs may use; []: any. */
  urls?: string[];
  /** Whether a urn:nbn:de URN needs the DNB's check digit (minted ones get it). Default true. */
  checkDigit?: boolean;
}

export interface Sandbox {
  namespace: string;
  prefix: string;
  organisation: string;
}

/** Sets up the sandbox's namespace, organisation, prefix and token in an empty registry. */
export async function setUpSandbox(
  ctx: { store: Store; limits: Limits },
  options: SandboxOptions,
): Promise<Sandbox> {
  const probe = URN.parse(`${options.namespace}-1`);
  if (probe === null)
    throw new Refusal(
      "bad-request",
      "invalid-namespace",
      `a namespace is the start of a URN, such as urn:nbn:de:test, not "${options.namespace}"`,
    );
  if (options.password.length < 4 || options.password.length > 1024)
    throw new Refusal("bad-request", "invalid-password", "the password is 4 to 1024 characters");
  const nid = probe.nid.toLowerCase();
  if ((await ctx.store.namespaces.get(nid)) === null)
    await createNamespace(ctx, OPERATOR, { nid, local: nidRefusals(nid).length > 0 });
  await createOrganisation(ctx.store, OPERATOR, {
    id: options.login,
    name: `Sandbox organisation ${options.login}`,
  });
  const prefix = await createPrefix(ctx, OPERATOR, nid, {
    prefix: `${options.namespace}-`,
    organisation: options.login,
    urls: options.urls ?? [],
    modes: ["registrar", "reservation", "resolver"],
    check: nid === "nbn" && options.checkDigit !== false ? "nbn" : "none",
  });
  await issueKnownToken(
    ctx.store,
    options.password,
    { role: "registrar", organisation: options.login, label: "sandbox" },
    { tokenId: null },
  );
  return { namespace: options.namespace, prefix: prefix.prefix, organisation: options.login };
}
