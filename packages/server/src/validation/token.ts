// A token's grant (POST /api/v1/tokens and the admin page's form): a role, and optionally the one
// namespace or the organisation it is limited to.

import { ROLES } from "../registry/tokens.js";
import type { Role } from "../storage/tokens.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";
import { organisationId } from "./organisation.js";

export const tokenBodySchema = {
  type: "object",
  properties: {
    role: { type: "string", enum: ROLES },
    namespace: { type: ["string", "null"], minLength: 1, maxLength: 32 },
    organisation: { anyOf: [organisationId, { type: "null" }] },
    label: { type: ["string", "null"], maxLength: 200 },
  },
  required: ["role"],
  additionalProperties: false,
} as const;

export interface TokenGrant {
  role: Role;
  namespace?: string | null;
  organisation?: string | null;
  label?: string | null;
}

const check = checker<TokenGrant>(tokenBodySchema, "invalid-token-grant");

export function checkTokenBody(value: unknown): TokenGrant {
  checkJson(value);
  return check(value);
}
