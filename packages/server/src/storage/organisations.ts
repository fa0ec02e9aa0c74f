// Organisations (the DNB URN service's organisations, CZIDLO's registrars): who owns prefixes,
// records, locators and tokens. An organisation is never deleted; deactivating one stops its
// tokens and UI sessions while its records stay and resolve.

import type { Actor } from "./audit.js";
import type { RecordStatus } from "./records.js";

/** The organisation a database upgraded to organisations gives its namespaces' policies to. */
export const LOCAL_REGISTRY = "local-registry";

export interface OrganisationInput {
  /** A slug: lowercase letters, digits and "-", never changed. */
  id: string;
  name: string;
  contact?: string | null;
  active?: boolean;
  /** Kept from an export; now when absent. */
  created?: string;
  updated?: string;
}

export interface OrganisationPatch {
  name?: string;
  contact?: string | null;
  active?: boolean;
}

export interface Organisation {
  id: string;
  name: string;
  contact: string | null;
  active: boolean;
  created: string;
  updated: string;
}

export interface OrganisationStore {
  /** Throws ConflictError when the id is taken. */
  create(input: OrganisationInput, actor: Actor): Promise<Organisation>;
  update(id: string, patch: OrganisationPatch, actor: Actor): Promise<Organisation | null>;
  get(id: string): Promise<Organisation | null>;
  list(): Promise<Organisation[]>;
  /** An organisation's newest records (of one status, or any), at most `limit`. */
  records(
    organisation: string,
    status: RecordStatus | null,
    limit: number,
  ): Promise<OrganisationRecord[]>;
}

/** A line of an organisation's list of records. */
export interface OrganisationRecord {
  urn: string;
  status: RecordStatus;
  prefix: string | null;
  created: string;
}

/** An organisations row (SQLite stores booleans as 0 and 1). */
export interface OrganisationRow {
  id: string;
  name: string;
  contact: string | null;
  active: boolean | number;
  created: string;
  updated: string;
}

export function toOrganisation(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    contact: row.contact,
    active: row.active === true || row.active === 1,
    created: row.created,
    updated: row.updated,
  };
}

/** The audit target of an organisation ("org:" cannot be a URN, a NID or a token target). */
export function organisationTarget(id: string): string {
  return `org:${id}`;
}
