// Importing NDJSON record lines (the format `export` writes) in batches: each batch is one
// transaction and is acknowledged only after it commits. A line already imported with the same
// content changes nothing, so importing a file twice is harmless.

import { URN } from "@urnkit/core";
import type { Limits } from "./http/context.js";
import { HttpProblem } from "./http/problem.js";
import { namespaceKey } from "./namespace-keys.js";
import { ndjsonLines } from "./ndjson-lines.js";
import { registrationTarget } from "./registration.js";
import { checkLocators, METADATA_BYTES } from "./routes/record-body.js";
import type { Actor, ImportItem, RecordLine, Store } from "./storage/store.js";

export type ImportEvent =
  | { line: number; error: string; code: string; issues?: unknown }
  | {
      batch: number;
      committed: true;
      lines: [number, number];
      created: number;
      unchanged: number;
    }
  | { done: true; lines: number; created: number; unchanged: number; errors: number };

const STATUSES = new Set(["reserved", "active", "deactivated"]);

function fail(code: string, message: string): never {
  throw new HttpProblem(422, code, message);
}

/** The line as a record, checked for shape (types, status, sizes); throws on anything else. */
function readLine(text: string): RecordLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail("invalid-json", "the line is not JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    fail("invalid-record", "a line is one JSON object");
  const r = value as Record<string, unknown>;
  if (typeof r.urn !== "string") fail("invalid-record", '"urn" must be a string');
  if (typeof r.status !== "string" || !STATUSES.has(r.status))
    fail("invalid-record", '"status" must be reserved, active or deactivated');
  if (r.locators !== undefined) {
    if (!Array.isArray(r.locators)) fail("invalid-record", '"locators" must be an array');
    for (const l of r.locators as unknown[]) {
      const o = l as Record<string, unknown>;
      if (typeof l !== "object" || l === null || typeof o.url !== "string")
        fail("invalid-record", "each locator needs a string url");
      if (o.priority !== undefined && !Number.isInteger(o.priority))
        fail("invalid-record", "a locator priority is an integer");
    }
    checkLocators(r.locators as { url: string }[]);
  }
  if (r.metadata != null && (typeof r.metadata !== "object" || Array.isArray(r.metadata)))
    fail("invalid-record", '"metadata" must be an object');
  if (r.metadata != null && Buffer.byteLength(JSON.stringify(r.metadata)) > METADATA_BYTES)
    fail("metadata-too-large", `metadata is limited to ${METADATA_BYTES} bytes`);
  if (
    r.successors !== undefined &&
    (!Array.isArray(r.successors) || r.successors.some((s) => typeof s !== "string"))
  )
    fail("invalid-record", '"successors" must be an array of URNs');
  for (const k of ["reason", "deactivated", "created"])
    if (r[k] != null && typeof r[k] !== "string") fail("invalid-record", `"${k}" must be a string`);
  return r as unknown as RecordLine;
}

export interface ImportOptions {
  actor: Actor;
  /** Only this namespace may be imported into (a scoped token); null for any. */
  scope: string | null;
  limits: Limits;
}

export async function* importRecords(
  store: Store,
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  options: ImportOptions,
): AsyncGenerator<ImportEvent> {
  const { limits } = options;
  let batch: ImportItem[] = [];
  let batchNo = 0;
  let lines = 0;
  let created = 0;
  let unchanged = 0;
  let errors = 0;
  async function* commit(): AsyncGenerator<ImportEvent> {
    if (batch.length === 0) return;
    const items = batch;
    batch = [];
    const result = await store.importBatch(items, options.actor);
    batchNo += 1;
    created += result.created;
    unchanged += result.unchanged;
    for (const c of result.conflicts) {
      errors += 1;
      yield {
        line: c.line,
        code: "already-registered",
        error: `an equivalent URN is already registered with other content: ${c.existing}`,
      };
    }
    yield {
      batch: batchNo,
      committed: true,
      lines: [(items[0] as ImportItem).line, (items[items.length - 1] as ImportItem).line],
      created: result.created,
      unchanged: result.unchanged,
    };
  }
  for await (const line of ndjsonLines(input, limits.jsonBytes)) {
    lines = line.number;
    if ("tooLong" in line) {
      errors += 1;
      yield {
        line: line.number,
        code: "line-too-long",
        error: `lines are limited to ${limits.jsonBytes} bytes`,
      };
      continue;
    }
    if (line.text.trim() === "") continue;
    try {
      const record = readLine(line.text);
      const target = await registrationTarget(store, record.urn, limits);
      if (options.scope !== null && target.nid !== options.scope)
        throw new HttpProblem(
          403,
          "out-of-scope",
          `the token is limited to namespace "${options.scope}"`,
        );
      const successors = (record.successors ?? []).map((s) => {
        const u = URN.parse(s);
        if (u === null) fail("invalid-record", `successor is not a URN: ${s}`);
        return { urn: u.assignedName, key: namespaceKey(u) };
      });
      batch.push({ line: line.number, key: target.key, nid: target.nid, record, successors });
    } catch (error) {
      if (!(error instanceof HttpProblem)) throw error;
      errors += 1;
      yield { line: line.number, code: error.code, error: error.message, ...error.extensions };
      continue;
    }
    if (batch.length >= limits.importBatch) yield* commit();
  }
  yield* commit();
  yield { done: true, lines, created, unchanged, errors };
}
