// A namespace body (POST and PUT /api/v1/namespaces) for writers other than the API's routes,
// which validate it with the same schema: the command line's `urnkit namespace create|update`.

import { namespaceInputProperties } from "../http/schemas.js";
import type { NamespaceInput } from "../storage/namespaces.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";

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
