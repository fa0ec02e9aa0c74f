// JSON Schemas of the API's bodies: fastify validates requests and serializes responses with
// them, and /openapi.json is built from them.

import { metadataSchema } from "../validation/record.js";
import { problemSchema } from "./problem.js";

export const locatorSchema = {
  type: "object",
  properties: {
    url: { type: "string" },
    priority: { type: "integer" },
    mediaType: { type: ["string", "null"] },
    active: { type: "boolean" },
    owner: { type: ["string", "null"], description: "The organisation owning the locator" },
    created: { type: "string" },
  },
} as const;

export const recordSchema = {
  type: "object",
  properties: {
    urn: { type: "string" },
    key: { type: "string", description: "The namespace-aware equivalence key" },
    nid: { type: "string" },
    status: { type: "string", enum: ["reserved", "active", "deactivated"] },
    locators: { type: "array", items: locatorSchema },
    metadata: metadataSchema,
    reason: { type: ["string", "null"] },
    deactivated: { type: ["string", "null"] },
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
      },
    },
    created: { type: "string" },
    updated: { type: "string" },
  },
} as const;

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
      },
    },
    local: { type: "boolean" },
    created: { type: "string" },
    updated: { type: "string" },
  },
} as const;

/** A JSON array of objects with these properties (list responses). */
export function listOf<P extends Record<string, object>>(properties: P) {
  return { type: "array", items: { type: "object", properties } } as const;
}

/** A namespace as a POST or PUT stored it, with its registration template's warnings. */
export const namespaceWriteSchema = {
  ...namespaceSchema,
  properties: {
    ...namespaceSchema.properties,
    warnings: { type: "array", items: { type: "object", additionalProperties: true } },
  },
} as const;

export const tokenInfoSchema = {
  type: "object",
  properties: {
    id: { type: "integer" },
    role: { type: "string" },
    namespace: { type: ["string", "null"] },
    organisation: { type: ["string", "null"] },
    label: { type: ["string", "null"] },
    created: { type: "string" },
  },
} as const;

export const errors = { "4xx": problemSchema, "5xx": problemSchema } as const;

export const noBody = { type: "null", description: "No body" } as const;

export const urnWildcardParams = {
  type: "object",
  properties: { "*": { type: "string", description: "The URN (read from the raw target)" } },
} as const;

export const text = (description: string) => ({ type: "string", description }) as const;

export const organisationSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    name: { type: "string" },
    contact: { type: ["string", "null"] },
    active: { type: "boolean" },
    created: { type: "string" },
    updated: { type: "string" },
  },
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
    created: { type: "string" },
    updated: { type: "string" },
  },
} as const;
