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

/** The store's concern of a kind of line: its rows by key, and a new one. */
interface LineConcern<T> {
  get(key: string): Promise<T | null>;
  create(line: T, actor: Actor): Promise<unknown>;
}

/**
 * Creates the line's row (key `key`) where the registry has none; "unchanged" where its row holds
 * the line's values already; a 409 naming the line where it holds others.
 */
async function createdOrSame<T extends object>(
  kind: RegistryLineKind,
  concern: LineConcern<T>,
  key: string,
  line: T,
  actor: Actor,
): Promise<"created" | "unchanged"> {
  const existing = await concern.get(key);
  if (existing === null) {
    await concern.create(line, actor);
    return "created";
  }
  if (JSON.stringify(existing) === JSON.stringify({ ...existing, ...line })) return "unchanged";
  throw new Refusal(
    "conflict",
    `${kind}-conflict`,
    `${kind} "${key}" exists here with other values`,
  );
}

/** Imports one organisation or prefix line; says whether it was created or already there. */
export async function importRegistryLine(
  store: Store,
  kind: RegistryLineKind,
  value: unknown,
  actor: Actor,
): Promise<"created" | "unchanged"> {
  if (kind === "organisation") {
    const org = checkOrganisationLine(value);
    return createdOrSame<Organisation>(kind, store.organisations, org.id, org, actor);
  }
  const prefix = checkPrefixLine(value);
  if ((await store.namespaces.get(prefix.nid)) === null) throw namespaceNotServed(prefix.nid);
  if ((await store.organisations.get(prefix.organisation)) === null)
    throw new Refusal(
      "unprocessable",
      "unknown-organisation",
      `prefix "${prefix.prefix}" belongs to organisation "${prefix.organisation}", which is not here (its line comes first in an export)`,
    );
  return createdOrSame<Prefix>(kind, store.prefixes, prefix.prefix, prefix, actor);
}
