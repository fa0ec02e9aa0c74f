// The fields of an organisation, written once for the API, the UI's forms and the command line:
// an id is a slug (it appears in paths and in other rows, and is never changed), a name is text.

import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";

/** Every field of an organisation as the API shows it and an export line carries it. */
export const ORGANISATION_FIELDS = [
  "id",
  "name",
  "contact",
  "active",
  "created",
  "updated",
] as const;

export const ORGANISATION_ID = "^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$";

export const organisationId = {
  type: "string",
  minLength: 1,
  maxLength: 64,
  pattern: ORGANISATION_ID,
  description: "A slug: lowercase letters, digits and inner hyphens, at most 64 characters",
} as const;

const fields = {
  name: { type: "string", minLength: 1, maxLength: 256 },
  contact: { type: ["string", "null"], maxLength: 1024 },
  active: { type: "boolean" },
} as const;

/** POST /api/v1/organisations. */
export const organisationBodySchema = {
  type: "object",
  properties: { id: organisationId, ...fields },
  required: ["id", "name"],
  additionalProperties: false,
} as const;

/** PATCH /api/v1/organisations/{id}. */
export const organisationPatchSchema = {
  type: "object",
  properties: fields,
  additionalProperties: false,
} as const;

export interface OrganisationFields {
  name?: string;
  contact?: string | null;
  active?: boolean;
}

/** A new organisation. */
export interface OrganisationInput extends OrganisationFields {
  id: string;
  name: string;
}

const createCheck = checker<OrganisationInput>(organisationBodySchema, "invalid-organisation");
const patchCheck = checker<OrganisationFields>(organisationPatchSchema, "invalid-organisation");

export function checkOrganisationBody(value: unknown): OrganisationInput {
  checkJson(value);
  return createCheck(value);
}

export function checkOrganisationPatch(value: unknown): OrganisationFields {
  checkJson(value);
  return patchCheck(value);
}
