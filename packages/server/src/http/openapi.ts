// OpenAPI 3.1 built from the route schemas fastify already validates and serializes with, so the
// document cannot drift from the code.

import type { RouteOptions } from "fastify";

type Schema = Record<string, unknown>;

interface Collected {
  method: string;
  url: string;
  schema: Schema;
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

function responses(response: Record<string, Schema> | undefined): Schema {
  const out: Schema = {};
  for (const [status, s] of Object.entries(response ?? {})) {
    const description = (s.description as string | undefined) ?? `HTTP ${status}`;
    const key = status.toUpperCase();
    if (s.content !== undefined) out[key] = { description, content: s.content };
    else if (s.type === "null") out[key] = { description };
    else {
      const type =
        status.startsWith("4") || status.startsWith("5")
          ? "application/problem+json"
          : "application/json";
      out[key] = { description, content: { [type]: { schema: s } } };
    }
  }
  return out;
}

export class OpenApiCollector {
  readonly #routes: Collected[] = [];

  /** For fastify's onRoute hook. */
  add(route: RouteOptions): void {
    const schema = route.schema as Schema | undefined;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (schema === undefined || schema.hide === true) return;
    for (const method of methods) {
      if (method === "HEAD") continue;
      this.#routes.push({ method: method.toLowerCase(), url: route.url, schema });
    }
  }

  document(info: { title: string; version: string }): Schema {
    const paths: Record<string, Record<string, Schema>> = {};
    for (const { method, url, schema } of this.#routes) {
      const path = openapiPath(url);
      const body = schema.body as Schema | undefined;
      const consumes = (schema.consumes as string[] | undefined) ?? ["application/json"];
      const operation: Schema = {
        summary: schema.summary,
        ...(schema.description ? { description: schema.description } : {}),
        tags: schema.tags ?? [],
        parameters: [
          ...parameters(schema.params as Schema | undefined, "path"),
          ...parameters(schema.querystring as Schema | undefined, "query"),
          ...parameters(schema.headers as Schema | undefined, "header"),
        ],
        responses: responses(schema.response as Record<string, Schema> | undefined),
        ...(schema.security ? { security: schema.security } : {}),
        ...(body
          ? {
              requestBody: {
                content: Object.fromEntries(consumes.map((c) => [c, { schema: body }])),
              },
            }
          : {}),
      };
      paths[path] ??= {};
      (paths[path] as Record<string, Schema>)[method] = operation;
    }
    return {
      openapi: "3.1.0",
      info,
      paths,
      components: {
        securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      },
    };
  }
}
