// The fields of a prefix (sub-namespace), written once for the API, the UI's forms and the command
// line. JSON Schema says the shapes; the code says what it cannot: the naming policy is a regular
// expression that compiles, each URL policy entry is an http(s) URL prefix or a host name, and a
// delegate is a URL template the resolver can fill (delegate-template.ts).

import { delegateTemplateFault } from "../resolution/delegate-template.js";
import { REGISTRATION_MODES } from "../storage/prefixes.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";
import { organisationId } from "./organisation.js";
import { type FieldError, invalid } from "./problems.js";

/** A host name (RFC 1123 labels) or an http(s) URL prefix. */
const HOST =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;

const policyProperties = {
  naming: {
    type: ["string", "null"],
    minLength: 1,
    maxLength: 1024,
    description: "A regular expression the rest of the NSS after the prefix must match in full",
  },
  urls: {
    type: "array",
    maxItems: 100,
    items: { type: "string", minLength: 1, maxLength: 2048 },
    description: "URL prefixes (https://…) or host names its locators may use; empty: any",
  },
  modes: {
    type: "array",
    minItems: 1,
    maxItems: 3,
    uniqueItems: true,
    items: { type: "string", enum: REGISTRATION_MODES },
  },
  width: { type: "integer", minimum: 1, maximum: 30 },
  check: { type: "string", enum: ["none", "mod11-2", "nbn"] },
  delegate: { type: ["string", "null"], minLength: 1, maxLength: 8192 },
  mirrors: { type: "boolean" },
  mirrorUrls: {
    type: "array",
    maxItems: 100,
    items: { type: "string", minLength: 1, maxLength: 2048 },
    description:
      "URL prefixes (https://…) or host names other organisations' locators (mirrors) may use; empty: any",
  },
} as const;

/** Every field of a prefix as the API shows it and an export line carries it. */
export const PREFIX_FIELDS = [
  "prefix",
  "nid",
  "organisation",
  "naming",
  "urls",
  "modes",
  "width",
  "check",
  "next",
  "delegate",
  "mirrors",
  "mirrorUrls",
  "created",
  "updated",
] as const;

/** POST /api/v1/namespaces/{nid}/prefixes. */
export const prefixBodySchema = {
  type: "object",
  properties: {
    prefix: { type: "string", minLength: 1, maxLength: 1024 },
    organisation: organisationId,
    ...policyProperties,
  },
  required: ["prefix", "organisation"],
  additionalProperties: false,
} as const;

/** PATCH /api/v1/namespaces/{nid}/prefixes/{prefix}. */
export const prefixPatchSchema = {
  type: "object",
  properties: policyProperties,
  additionalProperties: false,
} as const;

/** POST …/reservations. */
export const reservationBodySchema = {
  type: "object",
  properties: { count: { type: "integer", minimum: 1, maximum: 1000 } },
  required: ["count"],
  additionalProperties: false,
} as const;

export interface PrefixFields {
  naming?: string | null;
  urls?: string[];
  modes?: ("resolver" | "reservation" | "registrar")[];
  width?: number;
  check?: "none" | "mod11-2" | "nbn";
  delegate?: string | null;
  mirrors?: boolean;
  mirrorUrls?: string[];
}

/** What the schema cannot say about the policy fields (also of an imported prefix line). */
export function checkPolicy(fields: PrefixFields): void {
  const errors: FieldError[] = [];
  if (fields.naming != null) {
    try {
      new RegExp(`^(?:${fields.naming})$`, "u");
    } catch (e) {
      errors.push({
        path: "/naming",
        message: `not a regular expression: ${(e as Error).message}`,
      });
    }
  }
  for (const field of ["urls", "mirrorUrls"] as const)
    fields[field]?.forEach((u, i) => {
      const url = /^https?:\/\/[^/?#]/i.test(u) && URL.canParse(u);
      if (!url && !HOST.test(u))
        errors.push({
          path: `/${field}/${i}`,
          message: `a URL policy entry is an http(s) URL prefix or a host name: ${u}`,
        });
    });
  if (fields.delegate != null) {
    const fault = delegateTemplateFault(fields.delegate);
    if (fault !== null)
      errors.push({ path: "/delegate", message: `the delegate URL ${fault}: ${fields.delegate}` });
  }
  if (errors.length > 0) throw invalid("unprocessable", "invalid-prefix", errors);
}

function policyChecker<T extends PrefixFields>(schema: object) {
  const check = checker<T>(schema, "invalid-prefix");
  return (value: unknown): T => {
    checkJson(value);
    const fields = check(value);
    checkPolicy(fields);
    return fields;
  };
}

/** A new prefix: its text, its organisation and its policy. */
export interface PrefixInput extends PrefixFields {
  prefix: string;
  organisation: string;
}

export const checkPrefixBody = policyChecker<PrefixInput>(prefixBodySchema);
export const checkPrefixPatch = policyChecker<PrefixFields>(prefixPatchSchema);

/** How many URNs a reservation takes. */
export interface ReservationInput {
  count: number;
}

const reservationCheck = checker<ReservationInput>(reservationBodySchema, "invalid-reservation");

export function checkReservationBody(value: unknown): ReservationInput {
  checkJson(value);
  return reservationCheck(value);
}
