// The fields of a URN record, written once: the JSON API's bodies, the UI's forms and every line
// of an import are checked by these schemas and these functions, so a value one path refuses no
// other path stores. JSON Schema says the shapes; the code below says what it cannot: a locator is
// an http(s) URL (a resolver must not redirect to javascript: or data:, RFC 2483 §4's
// malicious-redirection concern) and metadata stays small and shallow.

import type { URN } from "@urnkit/core";
import { type InitialStatus, RECORD_STATUSES, type RecordStatus } from "../storage/records.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";
import type { Limits } from "./limits.js";
import { organisationId } from "./organisation.js";
import { type FieldError, invalid } from "./problems.js";
import { registrationUrn, requestUrn } from "./urn.js";

export const METADATA_BYTES = 65536;

const INITIAL_STATUSES: readonly InitialStatus[] = RECORD_STATUSES.filter(
  (status): status is InitialStatus => status !== "deactivated",
);
export const MAX_LOCATORS = 1000;

export const urnString = {
  type: "string",
  minLength: 1,
  maxLength: 8192,
  description: "A URN (RFC 8141), not percent-decoded",
} as const;

/** An RFC 6838 media type with optional parameters, as a Content-Type header carries it. */
const MEDIA_TYPE =
  '^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}( *; *[A-Za-z0-9!#$&^_.+-]+=([A-Za-z0-9!#$&^_.+-]+|"[^"\\\\\\x00-\\x1f\\x7f]*"))*$';

const locatorProperties = {
  url: {
    type: "string",
    minLength: 1,
    maxLength: 8192,
    format: "uri",
    description: "An absolute http or https URL (RFC 3986: ASCII, no spaces or control characters)",
  },
  priority: { type: "integer", minimum: 0, maximum: 65535, description: "Higher is preferred" },
  mediaType: { type: ["string", "null"], maxLength: 255, pattern: MEDIA_TYPE },
  active: { type: "boolean" },
} as const;

export const locatorInputSchema = {
  type: "object",
  properties: {
    ...locatorProperties,
    owner: { ...organisationId, description: "The organisation owning the locator" },
  },
  required: ["url"],
  additionalProperties: false,
} as const;

/** A registrar-scope identifier: a type of the organisation's own and a value. */
export const identifierSchema = {
  type: "object",
  properties: {
    type: { type: "string", minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9][A-Za-z0-9._-]*$" },
    value: { type: "string", minLength: 1, maxLength: 1024 },
  },
  required: ["type", "value"],
  additionalProperties: false,
} as const;

const identifierList = { type: "array", maxItems: 100, items: identifierSchema } as const;

export const metadataSchema = {
  type: ["object", "null"],
  description: `Free JSON metadata: at most ${METADATA_BYTES} bytes, nested at most 32 levels`,
  additionalProperties: true,
} as const;

const locatorList = { type: "array", maxItems: MAX_LOCATORS, items: locatorInputSchema } as const;

/** POST /api/v1/urns. */
export const registerBodySchema = {
  type: "object",
  properties: {
    urn: urnString,
    status: { type: "string", enum: INITIAL_STATUSES },
    locators: locatorList,
    metadata: metadataSchema,
    organisation: organisationId,
    identifiers: identifierList,
  },
  required: ["urn", "status"],
  additionalProperties: false,
} as const;

/** POST …/mint: what a minted record starts with. */
export const mintBodySchema = {
  type: ["object", "null"],
  properties: {
    status: { type: "string", enum: INITIAL_STATUSES },
    locators: locatorList,
    metadata: metadataSchema,
    identifiers: identifierList,
  },
  additionalProperties: false,
} as const;

/** PATCH /api/v1/urns/{urn}. */
export const patchBodySchema = {
  type: "object",
  properties: { locators: locatorList, metadata: metadataSchema },
  additionalProperties: false,
} as const;

/** POST …/deactivate. */
export const deactivateBodySchema = {
  type: ["object", "null"],
  properties: {
    reason: { type: "string", minLength: 1, maxLength: 4096 },
    successor: urnString,
  },
  additionalProperties: false,
} as const;

export const timestamp = { type: "string", format: "date-time", maxLength: 64 } as const;

/** One line of an NDJSON import: the export format. */
export const recordLineSchema = {
  type: "object",
  properties: {
    urn: urnString,
    status: { type: "string", enum: RECORD_STATUSES },
    locators: {
      type: "array",
      maxItems: MAX_LOCATORS,
      items: {
        type: "object",
        properties: { ...locatorProperties, owner: organisationId, created: timestamp },
        required: ["url"],
        additionalProperties: false,
      },
    },
    metadata: metadataSchema,
    reason: { type: ["string", "null"], maxLength: 4096 },
    deactivated: { anyOf: [timestamp, { type: "null" }] },
    successors: { type: "array", maxItems: MAX_LOCATORS, items: urnString },
    organisation: organisationId,
    prefix: { type: "string", minLength: 1, maxLength: 1024 },
    identifiers: identifierList,
    created: timestamp,
  },
  required: ["urn", "status"],
  additionalProperties: false,
} as const;

export interface LocatorFields {
  url: string;
  priority?: number;
  mediaType?: string | null;
  active?: boolean;
  owner?: string;
}

export interface IdentifierFields {
  type: string;
  value: string;
}

export interface RecordFields {
  locators?: LocatorFields[];
  metadata?: Record<string, unknown> | null;
  identifiers?: IdentifierFields[];
}

/**
 * The items of `list` equal by `key` to an item before them: one body names a locator URL or an
 * identifier once (a record holds each once, and the stores refuse a second).
 */
function repeats<T>(
  list: readonly T[],
  key: (item: T) => string,
  path: string,
  field: string,
): FieldError[] {
  const first = new Map<string, number>();
  const errors: FieldError[] = [];
  list.forEach((item, i) => {
    const k = key(item);
    const earlier = first.get(k);
    if (earlier === undefined) first.set(k, i);
    else
      errors.push({
        path: `${path}/${i}/${field}`,
        message: `the same as ${path}/${earlier}: each is given once`,
      });
  });
  return errors;
}

/** Checks what the schema cannot: http(s) locators, each once; identifiers once; metadata size. */
function checkRecordFields(fields: RecordFields): void {
  const errors: FieldError[] = [];
  fields.locators?.forEach((l, i) => {
    // The schema's "uri" format has already refused spaces, controls and non-ASCII.
    if (!/^https?:\/\/[^/?#]/i.test(l.url) || !URL.canParse(l.url))
      errors.push({
        path: `/locators/${i}/url`,
        message: `locators must be absolute http or https URLs: ${l.url}`,
      });
  });
  if (errors.length > 0) throw invalid("unprocessable", "bad-locator", errors);
  const locatorRepeats = repeats(fields.locators ?? [], (l) => l.url, "/locators", "url");
  if (locatorRepeats.length > 0)
    throw invalid("unprocessable", "duplicate-locator", locatorRepeats);
  const identifierRepeats = repeats(
    fields.identifiers ?? [],
    (i) => JSON.stringify([i.type, i.value]),
    "/identifiers",
    "value",
  );
  if (identifierRepeats.length > 0)
    throw invalid("unprocessable", "duplicate-identifier", identifierRepeats);
  if (
    fields.metadata != null &&
    Buffer.byteLength(JSON.stringify(fields.metadata)) > METADATA_BYTES
  )
    throw invalid("unprocessable", "metadata-too-large", [
      { path: "/metadata", message: `metadata is limited to ${METADATA_BYTES} bytes` },
    ]);
}

/** A checker of a record body: text and depth, the schema, then the fields' own rules. */
function recordChecker<T extends RecordFields | null>(schema: object, code: string) {
  const check = checker<T>(schema, code);
  return (value: unknown): T => {
    checkJson(value);
    const fields = check(value);
    if (fields !== null) checkRecordFields(fields);
    return fields;
  };
}

/** What a registration writes: the body's fields with its URN parsed (RegisterInput's checkers). */
export interface RegisterInput extends RecordFields {
  urn: URN;
  status: InitialStatus;
  organisation?: string;
}

/** What a minted record starts with. */
export interface MintInput extends RecordFields {
  status?: InitialStatus;
}

/** A deactivation: the reason, and the successor parsed. */
export interface DeactivateInput {
  reason?: string;
  successor?: URN;
}

const registerCheck = recordChecker<Omit<RegisterInput, "urn"> & { urn: string }>(
  registerBodySchema,
  "invalid-record",
);

/** POST /api/v1/urns's body (or a form's), its URN parsed here once; 400/422 naming the fault. */
export function checkRegisterBody(value: unknown, limits: Limits): RegisterInput {
  const fields = registerCheck(value);
  return { ...fields, urn: registrationUrn(fields.urn, limits) };
}

const { urn: _urn, ...registerFieldProperties } = registerBodySchema.properties;
const registerFieldsCheck = recordChecker<Omit<RegisterInput, "urn">>(
  { ...registerBodySchema, properties: registerFieldProperties, required: ["status"] },
  "invalid-record",
);

/** A registration of a URN parsed where it was read (a harvested record), its fields checked. */
export function checkRegisterFields(urn: URN, fields: unknown): RegisterInput {
  return { ...registerFieldsCheck(fields), urn };
}

const mintCheck = recordChecker<MintInput | null>(mintBodySchema, "invalid-record");

/** POST …/mint's body (absent: nothing but the defaults). */
export function checkMintBody(value: unknown): MintInput {
  return mintCheck(value ?? null) ?? {};
}

export const checkPatchBody = recordChecker<RecordFields>(patchBodySchema, "invalid-record");

const deactivateCheck = checker<{ reason?: string; successor?: string } | null>(
  deactivateBodySchema,
  "invalid-record",
);

/** POST …/deactivate's body, its successor parsed here once (400 when it is not a URN). */
export function checkDeactivateBody(value: unknown, limits: Limits): DeactivateInput {
  checkJson(value ?? null);
  const body = deactivateCheck(value ?? null) ?? {};
  return {
    ...(body.reason === undefined ? {} : { reason: body.reason }),
    ...(body.successor === undefined ? {} : { successor: requestUrn(body.successor, limits) }),
  };
}

export interface RecordLineFields extends RecordFields {
  urn: string;
  status: RecordStatus;
  locators?: (LocatorFields & { created?: string })[];
  reason?: string | null;
  deactivated?: string | null;
  successors?: string[];
  organisation?: string;
  prefix?: string;
  created?: string;
}

/** One import line's record, or 422 naming the field at fault. */
export const checkRecordLine = recordChecker<RecordLineFields>(recordLineSchema, "invalid-record");
