// A namespace body (POST and PUT /api/v1/namespaces) for writers other than the API's routes,
// which validate it with the same schema: the command line's `urnkit namespace create|update`.

import type { NamespaceInput } from "../storage/namespaces.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";

/** The settings of a namespace as a body gives them (every field but the NID). */
export const mintSchema = {
  type: ["object", "null"],
  properties: {
    prefix: { type: "string", maxLength: 255 },
    width: { type: "integer", minimum: 1, maximum: 30 },
    check: { type: "string", enum: ["none", "mod11-2"] },
  },
  required: ["prefix", "width"],
  additionalProperties: false,
} as const;

export const delegateSchema = {
  type: "array",
  maxItems: 1000,
  items: {
    type: "object",
    properties: {
      prefix: { type: "string", maxLength: 8192 },
      url: { type: "string", minLength: 1, maxLength: 8192 },
    },
    required: ["prefix", "url"],
    additionalProperties: false,
  },
} as const;

export const namespaceInputProperties = {
  template: { type: ["string", "null"], maxLength: 1048576 },
  mint: mintSchema,
  redirectStatus: { type: "integer", enum: [302, 303, 307] },
  maxAge: { type: "integer", minimum: 0, maximum: 31536000 },
  delegate: delegateSchema,
  local: { type: "boolean" },
} as const;

const schema = {
  type: "object",
  properties: { nid: { type: "string", minLength: 1, maxLength: 32 }, ...namespaceInputProperties },
  required: ["nid"],
  additionalProperties: false,
} as const;

const check = checker<NamespaceInput>(schema, "invalid-namespace");

export function checkNamespaceBody(value: unknown): NamespaceInput {
  checkJson(value);
  return check(value);
}
