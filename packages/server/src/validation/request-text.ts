// Every request's path parameters, query and parsed body are checked for text the registry cannot
// store or look up (see text.ts) and for JSON nested too deep (see json-value.ts), before any
// route validates or reads them: a lookup of "%00" is a 400 on both engines, never a database
// error. Streamed bodies (NDJSON imports) are checked line by line by the import itself.

import { Readable } from "node:stream";
import type { FastifyRequest } from "fastify";
import { jsonFault } from "./json-value.js";
import type { FieldError } from "./problems.js";
import { Refusal } from "./refusal.js";

type Part = "path" | "query" | "body";

function refuse(part: Part, fault: FieldError): never {
  const code = fault.message.startsWith("nesting") ? "too-deep" : "invalid-text";
  throw new Refusal(
    part === "body" ? "unprocessable" : "bad-request",
    code,
    `${part} field ${fault.path === "" ? "(the whole value)" : fault.path}: ${fault.message}`,
    { errors: [fault], in: part },
  );
}

function check(part: Part, value: unknown): void {
  if (value == null) return;
  const fault =
    value instanceof URLSearchParams
      ? jsonFault(Object.fromEntries([...value.keys()].map((k) => [k, value.getAll(k)])))
      : jsonFault(value);
  if (fault !== null) refuse(part, fault);
}

/** fastify preValidation hook. */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  check("path", request.params);
  check("query", request.query);
  if (!(request.body instanceof Readable)) check("body", request.body);
}
