// An export's organisation and prefix lines, imported: created as they were (times, and where the
// prefix's sequence stands, so that no number is minted again), "unchanged" when the registry
// already holds them exactly, and a 409 naming the line otherwise (never silently ignored).

import { namespaceNotServed } from "../../registry/registration.js";
import type { Actor } from "../../storage/audit.js";
import type { Organisation } from "../../storage/organisations.js";
import type { Prefix } from "../../storage/prefixes.js";
import type { Store } from "../../storage/store.js";
import { Refusal } from "../../validation/refusal.js";
import { checkOrganisationLine, checkPrefixLine } from "../../validation/registry-lines.js";

export type RegistryLineKind = "organisation" | "prefix";

const same = (a: object, b: object) => JSON.stringify(a) === JSON.stringify(b);

/** Imports one organisation or prefix line; says whether it was created or already there. */
export async function importRegistryLine(
  store: Store,
  kind: RegistryLineKind,
  value: unknown,
  actor: Actor,
): Promise<"created" | "unchanged"> {
  if (kind === "organisation") {
    const org = checkOrganisationLine(value);
    const existing = await store.organisations.get(org.id);
    if (existing === null) {
      await store.organisations.create(org, actor);
      return "created";
    }
    if (same(existing, { ...existing, ...org } satisfies Organisation)) return "unchanged";
    throw new Refusal(
      "conflict",
      "organisation-conflict",
      `organisation "${org.id}" exists here with other values`,
    );
  }
  const prefix = checkPrefixLine(value);
  if ((await store.namespaces.get(prefix.nid)) === null) throw namespaceNotServed(prefix.nid);
  if ((await store.organisations.get(prefix.organisation)) === null)
    throw new Refusal(
      "unprocessable",
      "unknown-organisation",
      `prefix "${prefix.prefix}" belongs to organisation "${prefix.organisation}", which is not here (its line comes first in an export)`,
    );
  const existing = await store.prefixes.get(prefix.prefix);
  if (existing === null) {
    await store.prefixes.create(prefix, actor);
    return "created";
  }
  if (same(existing, { ...existing, ...prefix } satisfies Prefix)) return "unchanged";
  throw new Refusal(
    "conflict",
    "prefix-conflict",
    `prefix "${prefix.prefix}" exists here with other values`,
  );
}
