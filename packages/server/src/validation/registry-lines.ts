// The lines of an export (and import) that are not records: an organisation or a prefix, each as
// GET /api/v1/organisations/{id} and GET …/prefixes/{prefix} show it, under one key
// ({"organisation": {…}}, {"prefix": {…}}). They come first, so that the records after them find
// their owners. Checked with the same field rules as the API's bodies.

import type { Organisation } from "../storage/organisations.js";
import type { Prefix } from "../storage/prefixes.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";
import { ORGANISATION_FIELDS, organisationBodySchema } from "./organisation.js";
import { checkPolicy, PREFIX_FIELDS, prefixPatchSchema } from "./prefix.js";
import { timestamp } from "./record.js";

export const organisationLine = {
  type: "object",
  properties: {
    organisation: {
      type: "object",
      properties: {
        ...organisationBodySchema.properties,
        contact: { type: ["string", "null"], maxLength: 1024 },
        created: timestamp,
        updated: timestamp,
      },
      required: [...ORGANISATION_FIELDS],
      additionalProperties: false,
    },
  },
  required: ["organisation"],
  additionalProperties: false,
} as const;

export const prefixLine = {
  type: "object",
  properties: {
    prefix: {
      type: "object",
      properties: {
        prefix: { type: "string", minLength: 1, maxLength: 1024 },
        nid: { type: "string", minLength: 1, maxLength: 32 },
        organisation: organisationBodySchema.properties.id,
        ...prefixPatchSchema.properties,
        next: { type: "integer", minimum: 1, maximum: 9007199254740991 },
        created: timestamp,
        updated: timestamp,
      },
      // An export from before mirrors had a URL policy of their own has no mirrorUrls.
      required: PREFIX_FIELDS.filter((f) => f !== "mirrorUrls"),
      additionalProperties: false,
    },
  },
  required: ["prefix"],
  additionalProperties: false,
} as const;

const orgCheck = checker<{ organisation: Organisation }>(organisationLine, "invalid-organisation");
const prefixCheck = checker<{ prefix: Prefix }>(prefixLine, "invalid-prefix");

/** The kind of a parsed line: an organisation, a prefix, or (anything else) a record. */
export function lineKind(value: unknown): "organisation" | "prefix" | "record" {
  if (typeof value !== "object" || value === null || "urn" in value) return "record";
  if ("organisation" in value) return "organisation";
  if ("prefix" in value) return "prefix";
  return "record";
}

export function checkOrganisationLine(value: unknown): Organisation {
  checkJson(value);
  return orgCheck(value).organisation;
}

export function checkPrefixLine(value: unknown): Prefix {
  checkJson(value);
  const { prefix } = prefixCheck(value);
  checkPolicy(prefix);
  return { ...prefix, mirrorUrls: prefix.mirrorUrls ?? [] };
}
