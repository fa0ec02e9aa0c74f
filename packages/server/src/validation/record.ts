// The fields of a URN record, written once: the JSON API's bodies, the UI's forms and every line
// of an import are checked by these schemas and these functions, so a value one path refuses no
// other path stores. JSON Schema says the shapes; the code below says what it cannot: a locator is
// an http(s) URL (a resolver must not redirect to javascript: or data:, RFC 2483 §4's
// malicious-redirection concern) and metadata stays small and shallow.

import { RECORD_STATUSES } from "../storage/records.js";
import { checker } from "./ajv.js";
import { checkJson } from "./json-value.js";
import { organisationId } from "./organisation.js";
import { type FieldError, invalid } from "./problems.js";

export const METADATA_BYTES = 65536;
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
    status: { type: "string", enum: ["reserved", "active"] },
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
    status: { type: "string", enum: ["reserved", "active"] },
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

export const checkRegisterBody = recordChecker<
  RecordFields & { urn: string; status: "reserved" | "active"; organisation?: string }
>(registerBodySchema, "invalid-record");
export const checkMintBody = recordChecker<
  (RecordFields & { status?: "reserved" | "active" }) | null
>(mintBodySchema, "invalid-record");
export const checkPatchBody = recordChecker<RecordFields>(patchBodySchema, "invalid-record");

const deactivateCheck = checker<{ reason?: string; successor?: string } | null>(
  deactivateBodySchema,
  "invalid-record",
);

export function checkDeactivateBody(
  value: unknown,
): { reason?: string; successor?: string } | null {
  checkJson(value);
  return deactivateCheck(value);
}

export interface RecordLineFields extends RecordFields {
  urn: string;
  status: "reserved" | "active" | "deactivated";
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
