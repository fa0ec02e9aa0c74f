// JSON Schemas of the API's bodies: fastify validates requests and serializes responses with
// them, and /openapi.json is built from them.

import { RECORD_STATUSES } from "../storage/records.js";
import { namespaceInputProperties } from "../validation/namespace.js";
import { ORGANISATION_FIELDS } from "../validation/organisation.js";
import { PREFIX_FIELDS } from "../validation/prefix.js";
import { metadataSchema } from "../validation/record.js";
import { problemSchema } from "./problem.js";

export { namespaceInputProperties };

export const dateTime = { type: "string", format: "date-time" } as const;
const nullableDateTime = { type: ["string", "null"], format: "date-time" } as const;

export const locatorSchema = {
  type: "object",
  properties: {
    url: { type: "string" },
    priority: { type: "integer" },
    mediaType: { type: ["string", "null"] },
    active: { type: "boolean" },
    owner: { type: ["string", "null"], description: "The organisation owning the locator" },
    created: dateTime,
  },
  required: ["url", "priority", "mediaType", "active", "created"],
} as const;

export const recordSchema = {
  type: "object",
  properties: {
    urn: { type: "string" },
    key: { type: "string", description: "The namespace-aware equivalence key" },
    nid: { type: "string" },
    status: { type: "string", enum: RECORD_STATUSES },
    locators: { type: "array", items: locatorSchema },
    metadata: metadataSchema,
    reason: { type: ["string", "null"] },
    deactivated: nullableDateTime,
    successors: { type: "array", items: { type: "string" } },
    predecessors: { type: "array", items: { type: "string" } },
    spellings: { type: "array", items: { type: "string" } },
    organisation: { type: ["string", "null"], description: "The organisation owning the record" },
    prefix: { type: ["string", "null"], description: "The prefix it was registered under" },
    identifiers: {
      type: "array",
      items: {
        type: "object",
        properties: { type: { type: "string" }, value: { type: "string" } },
        required: ["type", "value"],
      },
    },
    created: dateTime,
    updated: dateTime,
  },
  required: [
    "urn",
    "key",
    "nid",
    "status",
    "locators",
    "metadata",
    "reason",
    "deactivated",
    "successors",
    "predecessors",
    "spellings",
    "created",
    "updated",
  ],
} as const;

export const namespaceSchema = {
  type: "object",
  properties: {
    nid: { type: "string" },
    template: { type: ["string", "null"] },
    templateRevision: { type: "integer" },
    mint: { type: ["object", "null"], additionalProperties: true },
    redirectStatus: { type: "integer" },
    maxAge: { type: "integer" },
    delegate: {
      type: "array",
      items: {
        type: "object",
        properties: { prefix: { type: "string" }, url: { type: "string" } },
        required: ["prefix", "url"],
      },
    },
    local: { type: "boolean" },
    created: dateTime,
    updated: dateTime,
  },
  required: [
    "nid",
    "template",
    "templateRevision",
    "mint",
    "redirectStatus",
    "maxAge",
    "delegate",
    "local",
    "created",
    "updated",
  ],
} as const;

/** A JSON array of objects with these properties, all of them always present (list responses). */
export function listOf<P extends Record<string, object>>(properties: P) {
  return {
    type: "array",
    items: { type: "object", properties, required: Object.keys(properties) },
  } as const;
}

/** A namespace as a POST or PUT stored it, with its registration template's warnings. */
export const namespaceWriteSchema = {
  ...namespaceSchema,
  properties: {
    ...namespaceSchema.properties,
    warnings: { type: "array", items: { type: "object", additionalProperties: true } },
  },
  required: [...namespaceSchema.required, "warnings"],
} as const;

export const tokenInfoSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    role: { type: "string" },
    namespace: { type: ["string", "null"] },
    organisation: { type: ["string", "null"] },
    label: { type: ["string", "null"] },
    created: dateTime,
  },
  required: ["id", "role", "namespace", "label", "created"],
} as const;

/** A problem detail with more members than the five every problem has. */
function problemWith(description: string, properties: Record<string, object>) {
  return {
    ...problemSchema,
    description,
    properties: { ...problemSchema.properties, ...properties },
  } as const;
}

const fieldErrors = {
  type: "array",
  description: "The fields at fault, each a JSON pointer into what was sent",
  items: {
    type: "object",
    properties: { path: { type: "string" }, message: { type: "string" } },
    required: ["path", "message"],
  },
} as const;

const issues = {
  type: "array",
  description: "What RFC 8141 or the namespace's rules found",
  items: {
    type: "object",
    properties: {
      code: { type: "string" },
      severity: { type: "string", enum: ["error", "warning"] },
      message: { type: "string" },
      index: { type: "integer" },
    },
    required: ["code", "severity", "message"],
  },
} as const;

/** The problem of each status the routes give, with that status's own members. */
const PROBLEMS = {
  400: problemWith("Bad request: a malformed URN (with its index and component) or field", {
    errors: fieldErrors,
    in: { type: "string", enum: ["path", "query", "body", "querystring", "headers"] },
    index: { type: "integer", description: "UTF-16 offset of the error in the URN" },
    component: { type: "string", description: "The part of the URN the error is in" },
  }),
  401: problemWith("No valid bearer token (see WWW-Authenticate)", {}),
  403: problemWith("The token's role or scope does not cover this", {}),
  404: problemWith("Not found (a URN not registered here names itself in urn)", {
    urn: { type: "string" },
  }),
  405: problemWith("Not allowed: URNs are never deleted", {}),
  409: problemWith("Conflict: a taken URN (named in existing) or a lifecycle step refused", {
    existing: { type: "string", description: "The URN already registered" },
  }),
  410: problemWith("Gone: the URN was deactivated without a successor", {
    urn: { type: "string" },
    reason: { type: ["string", "null"] },
    deactivated: nullableDateTime,
  }),
  413: problemWith("The body or its metadata is too large", {}),
  422: problemWith("Unprocessable: the URN, a field or a template breaks a rule", {
    issues,
    errors: fieldErrors,
  }),
} as const;

export type ProblemStatus = keyof typeof PROBLEMS;

/**
 * The responses for the refusals a route gives, each with its status's members, and any other
 * 4xx or 5xx as a plain problem detail.
 */
export function problems(...statuses: ProblemStatus[]) {
  return {
    ...Object.fromEntries(statuses.map((s) => [s, PROBLEMS[s]])),
    "4xx": problemSchema,
    "5xx": problemSchema,
  } as Record<ProblemStatus | "4xx" | "5xx", typeof problemSchema>;
}

/**
 * A refusal that browsers get as a page and programs as problem+json (resolution and the RFC 2169
 * services negotiate it by Accept).
 */
export function pageOrProblem(status: ProblemStatus, description: string) {
  return {
    description,
    content: {
      "application/problem+json": { schema: PROBLEMS[status] },
      "text/html": { schema: { type: "string", description: "A page for a browser" } },
    },
  } as const;
}

/** Any 4xx or 5xx as a plain problem detail (routes whose refusals need no more members). */
export const errors = { "4xx": problemSchema, "5xx": problemSchema } as const;

export const noBody = { type: "null", description: "No body" } as const;

export const urnWildcardParams = {
  type: "object",
  properties: { "*": { type: "string", description: "The URN (read from the raw target)" } },
} as const;

export const text = (description: string) => ({ type: "string", description }) as const;

/** ?urn=: the one parameter of the routes that take a URN in the query. */
export const urnQuerystring = {
  type: "object",
  properties: {
    urn: { type: "string", description: "The URN, as-is or percent-encoded once" },
  },
  required: ["urn"],
} as const;

export const organisationSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    contact: { type: ["string", "null"] },
    active: { type: "boolean" },
    created: dateTime,
    updated: dateTime,
  },
  required: [...ORGANISATION_FIELDS],
} as const;

export const prefixSchema = {
  type: "object",
  properties: {
    prefix: { type: "string", description: "The equivalence-key prefix" },
    nid: { type: "string" },
    organisation: { type: "string" },
    naming: { type: ["string", "null"] },
    urls: { type: "array", items: { type: "string" } },
    modes: { type: "array", items: { type: "string" } },
    width: { type: "integer" },
    check: { type: "string" },
    next: { type: "integer", description: "The next number of the prefix's sequence" },
    delegate: { type: ["string", "null"] },
    mirrors: { type: "boolean" },
    mirrorUrls: {
      type: "array",
      items: { type: "string" },
      description: "URL prefixes or host names mirrors' locators may use; empty: any",
    },
    created: dateTime,
    updated: dateTime,
  },
  required: [...PREFIX_FIELDS],
} as const;
