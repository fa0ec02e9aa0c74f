// OpenAPI 3.1 built from the route schemas fastify already validates and serializes with, so the
// document cannot drift from the code. What a client generator needs besides: an operationId on
// every operation (each route's schema names it), shared models once under components/schemas
// (recognised by identity: the same schema object the routes use), Location on 201 and 3xx, the
// server's own address, and the package's version.

import type { RouteOptions } from "fastify";
import { VERSION } from "../runtime/version.js";
import {
  deactivateBodySchema,
  locatorInputSchema,
  metadataSchema,
  mintBodySchema,
  patchBodySchema,
  registerBodySchema,
} from "../validation/record.js";
import { problemSchema } from "./problem.js";
import {
  locatorSchema,
  namespaceSchema,
  namespaceWriteSchema,
  organisationSchema,
  prefixSchema,
  recordSchema,
  tokenInfoSchema,
} from "./schemas.js";

type Schema = Record<string, unknown>;

interface Collected {
  method: string;
  path: string;
  schema: Schema;
}

const TAGS: Record<string, string> = {
  resolution: "Resolving URNs (RFC 8141 §1.2.1; RFC 2169 and RFC 2483 services)",
  urns: "Registering URNs and managing their lifecycle (never deleted, never reassigned)",
  search: "Listing and searching URN records, and reverse lookup (locator URL → URNs)",
  namespaces: "Namespaces served here, their templates, policies and minting",
  tokens: "API tokens (admin)",
  organisations: "Organisations: registrars that own prefixes, locators and identifiers",
  prefixes: "Prefixes (sub-namespaces): naming and URL policies, registration modes, minting",
  "import-export": "NDJSON import and export of records",
  oai: "OAI-PMH 2.0 provider: harvesting the registry's records (oai_dc, epicur, urnkit)",
  links: "Link checking: the health of locators, by status, organisation and prefix",
  statistics:
    "Resolution and assignment statistics: daily rollups by namespace, prefix, organisation, outcome and crawler traffic",
  operations: "Health, readiness, metrics and this document",
};

/** Shared models: wherever a route uses one of these objects, the document refers to it. */
const MODELS: readonly [object, string][] = [
  [recordSchema, "UrnRecord"],
  [locatorSchema, "Locator"],
  [namespaceSchema, "Namespace"],
  [namespaceWriteSchema, "NamespaceWritten"],
  [tokenInfoSchema, "Token"],
  [organisationSchema, "Organisation"],
  [prefixSchema, "Prefix"],
  [problemSchema, "Problem"],
  [locatorInputSchema, "LocatorInput"],
  [metadataSchema, "Metadata"],
  [registerBodySchema, "RegisterRequest"],
  [mintBodySchema, "MintRequest"],
  [patchBodySchema, "PatchRequest"],
  [deactivateBodySchema, "DeactivateRequest"],
];
const MODEL_NAMES = new Map<object, string>(MODELS);

/** `value` with every shared model in it (but `self`) replaced by a $ref. */
function withRefs(value: unknown, self?: object): unknown {
  if (value === null || typeof value !== "object") return value;
  const name = MODEL_NAMES.get(value);
  if (name !== undefined && value !== self) return { $ref: `#/components/schemas/${name}` };
  if (Array.isArray(value)) return value.map((v) => withRefs(v));
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRefs(v)]));
}

/** "/api/v1/urns/*" → "/api/v1/urns/{urn}", ":nid" → "{nid}", "/urn::*" → "/{urn}". */
function openapiPath(url: string): string {
  return url
    .replace(/^\/urn::\*$/, "/{urn}")
    .replace(/\*$/, "{urn}")
    .replace(/:([A-Za-z]+)/g, "{$1}");
}

function parameters(schema: Schema | undefined, where: "path" | "query" | "header"): Schema[] {
  const props = (schema?.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema?.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => ({
    name: name === "*" ? "urn" : name,
    in: where,
    required: where === "path" || required.has(name),
    schema: s,
    ...(typeof s.description === "string" ? { description: s.description } : {}),
  }));
}

const LOCATION = {
  Location: {
    description: "Where the created resource, or the redirect's target, is",
    required: true,
    schema: { type: "string", format: "uri-reference" },
  },
};

function responses(response: Record<string, Schema> | undefined): Schema {
  const out: Schema = {};
  for (const [status, s] of Object.entries(response ?? {})) {
    const description = (s.description as string | undefined) ?? `HTTP ${status}`;
    const key = status.toUpperCase();
    const headers = status === "201" || /^3\d\d$/.test(status) ? { headers: LOCATION } : {};
    if (s.content !== undefined) out[key] = { description, ...headers, content: s.content };
    else if (s.type === "null") out[key] = { description, ...headers };
    else {
      const type =
        status.startsWith("4") || status.startsWith("5")
          ? "application/problem+json"
          : "application/json";
      out[key] = { description, ...headers, content: { [type]: { schema: s } } };
    }
  }
  return out;
}

function operation(schema: Schema): Schema {
  const body = schema.body as Schema | undefined;
  const consumes = (schema.consumes as string[] | undefined) ?? ["application/json"];
  return {
    operationId: schema.operationId,
    summary: schema.summary,
    ...(schema.description ? { description: schema.description } : {}),
    tags: schema.tags ?? [],
    parameters: [
      ...parameters(schema.params as Schema | undefined, "path"),
      ...parameters(schema.querystring as Schema | undefined, "query"),
      ...parameters(schema.headers as Schema | undefined, "header"),
    ],
    responses: responses(schema.response as Record<string, Schema> | undefined),
    // Public operations say so: no security requirement at all.
    security: schema.security ?? [],
    ...(body
      ? {
          requestBody: {
            required: !(Array.isArray(body.type) && body.type.includes("null")),
            content: Object.fromEntries(consumes.map((c) => [c, { schema: body }])),
          },
        }
      : {}),
  };
}

export class OpenApiCollector {
  readonly #routes: Collected[] = [];

  /**
   * For fastify's onRoute hook. A route that serves several operations under one pattern (a URN
   * path followed by an action, which the router cannot tell apart) lists them in `x-operations`:
   * a path suffix each, with the schema members that differ.
   */
  add(route: RouteOptions): void {
    const schema = route.schema as Schema | undefined;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (schema === undefined || schema.hide === true) return;
    const path = openapiPath(route.url);
    const split = schema["x-operations"] as Record<string, Schema> | undefined;
    for (const method of methods) {
      if (method === "HEAD") continue;
      if (split === undefined) this.#routes.push({ method: method.toLowerCase(), path, schema });
      else
        for (const [suffix, differs] of Object.entries(split))
          this.#routes.push({
            method: method.toLowerCase(),
            path: path + suffix,
            schema: { ...schema, ...differs },
          });
    }
  }

  document(title: string): Schema {
    const paths: Record<string, Record<string, Schema>> = {};
    for (const { method, path, schema } of this.#routes) {
      paths[path] ??= {};
      (paths[path] as Record<string, Schema>)[method] = withRefs(operation(schema)) as Schema;
    }
    return {
      openapi: "3.1.0",
      info: {
        title,
        version: VERSION,
        description: "The urnkit resolver and registry (RFC 8141 URNs).",
        license: { name: "MIT", identifier: "MIT" },
      },
      // Relative to where the document was fetched: right behind any proxy or port.
      servers: [{ url: "/" }],
      tags: [...new Set(this.#routes.flatMap((r) => (r.schema.tags ?? []) as string[]))]
        .sort()
        .map((name) => ({ name, description: TAGS[name] ?? name })),
      paths,
      components: {
        schemas: Object.fromEntries(MODELS.map(([s, name]) => [name, withRefs(s, s)])),
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    };
  }
}
