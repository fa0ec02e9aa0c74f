// Importing NDJSON record lines (the format `export` writes) in batches: each batch is one
// transaction and is acknowledged only after it commits. A line already imported with the same
// content changes nothing, so importing a file twice is harmless. An engine that offers
// sequences (PostgreSQL) gets the next batches while earlier ones are still in flight; events
// still come in line order. Others (SQLite) get one batch at a time. A batch the database rolled
// back to break a deadlock (two imports crossing on the same keys) is sent again.

import { URN } from "@urnkit/core";
import { namespaceKey } from "../../registry/namespace-keys.js";
import { registrationTarget } from "../../registry/registration.js";
import type { Actor } from "../../storage/audit.js";
import { RetryableError } from "../../storage/errors.js";
import type { Store } from "../../storage/store.js";
import type { ImportBatchResult, ImportItem, RecordLine } from "../../storage/transfer.js";
import type { Limits } from "../../validation/limits.js";
import { checkRecordLine } from "../../validation/record.js";
import { Refusal } from "../../validation/refusal.js";
import { lineKind } from "../../validation/registry-lines.js";
import { registrationUrn } from "../../validation/urn.js";
import { type Line, ndjsonLines } from "../ndjson-lines.js";
import { importRegistryLine } from "./registry-lines.js";

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

/** Lines checked between turns of the event loop while batches are in flight. */
const LINES_PER_TURN = 16;
/**
 * Times a batch is sent again after the database rolled it back for another transaction's sake
 * (two imports crossing on the same keys), each after a pause of up to 50 ms times the attempt,
 * so that the two do not meet again in step.
 */
const RETRIES = 3;

function fail(code: string, message: string): never {
  throw new Refusal("unprocessable", code, message);
}

/** The line's JSON value; throws when it is not JSON. */
function readLine(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    fail("invalid-json", "the line is not JSON");
  }
}

/**
 * What a record line names that must be here (its organisation, its locators' owners) and its
 * identifiers, free or already naming this very record; 422 or 409 for the line otherwise.
 */
export async function checkOwners(
  store: Store,
  record: RecordLine,
  key: string,
  known: Set<string>,
): Promise<void> {
  const names = [record.organisation, ...(record.locators ?? []).map((l) => l.owner)];
  for (const name of names) {
    if (name == null || known.has(name)) continue;
    if ((await store.organisations.get(name)) === null)
      throw new Refusal(
        "unprocessable",
        "unknown-organisation",
        `organisation "${name}" is not here (its line comes first in an export)`,
      );
    known.add(name);
  }
  if (record.identifiers !== undefined && record.identifiers.length > 0) {
    if (record.organisation === undefined)
      fail("organisation-required", "identifiers belong to an organisation: name it");
    for (const id of record.identifiers) {
      const holder = await store.records.findByIdentifier(record.organisation, id);
      if (holder !== null && holder.key !== key)
        throw new Refusal(
          "conflict",
          "identifier-taken",
          `identifier ${id.type} "${id.value}" of organisation "${record.organisation}" names ${holder.urn}`,
        );
    }
  }
}

export interface ImportOptions {
  actor: Actor;
  /** Only this namespace may be imported into (a scoped token); null for any. */
  scope: string | null;
  limits: Limits;
  /**
   * Whether organisation and prefix lines may be imported: a server-wide admin's import, or the
   * operator's (the command line). Default: only the operator's (actor without a token).
   */
  registry?: boolean;
}

/** A batch handed to the store and not yet acknowledged, with the line errors read after it. */
interface InFlight {
  items: ImportItem[];
  /** Times it was sent before, rolled back each time (see RETRIES). */
  retried: number;
  /** Never rejects (a failure is kept as `error`), so it is no unhandled rejection while unread. */
  outcome: Promise<{ result: ImportBatchResult } | { error: unknown }>;
  settled: boolean;
  after: ImportEvent[];
}

export async function* importRecords(
  store: Store,
  input: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  options: ImportOptions,
): AsyncGenerator<ImportEvent> {
  const { limits } = options;
  // Without a sequence, each batch is acknowledged before the next line is read.
  let sequence = store.transfer.importSequence?.(options.actor) ?? null;
  let batch: ImportItem[] = [];
  let batchNo = 0;
  let lines = 0;
  let created = 0;
  let unchanged = 0;
  let errors = 0;
  const inFlight: InFlight[] = [];
  const registry = options.registry ?? options.actor.tokenId === null;
  const knownOrganisations = new Set<string>();
  /** Hands `items` to the store; `after` holds the line errors read after them. */
  function dispatch(items: ImportItem[], after: ImportEvent[], retried: number): InFlight {
    const flight: InFlight = {
      items,
      retried,
      after,
      settled: false,
      outcome: (sequence === null
        ? store.transfer.importBatch(items, options.actor)
        : sequence.send(items)
      ).then(
        (result) => {
          flight.settled = true;
          return { result };
        },
        (error: unknown) => {
          flight.settled = true;
          return { error };
        },
      ),
    };
    return flight;
  }
  function send(): void {
    inFlight.push(dispatch(batch, [], 0));
    batch = [];
  }
  /**
   * Sends `failed` (rolled back for another transaction's sake) again, and every batch in flight
   * after it: those commit only after it, so they fail with it. A new sequence takes them, in
   * their order, after a pause.
   */
  async function resend(failed: InFlight): Promise<void> {
    const again = [failed, ...inFlight.splice(0)];
    await Promise.all(again.map((flight) => flight.outcome));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * (failed.retried + 1)));
    sequence = store.transfer.importSequence?.(options.actor) ?? null;
    for (const flight of again)
      inFlight.push(
        dispatch(flight.items, flight.after, flight.retried + (flight === failed ? 1 : 0)),
      );
  }
  /** Waits for the oldest batch in flight and yields its events, then the errors read after it. */
  async function* acknowledge(): AsyncGenerator<ImportEvent> {
    const flight = inFlight.shift();
    if (flight === undefined) return;
    const settled = await flight.outcome;
    if ("error" in settled) {
      if (!(settled.error instanceof RetryableError) || flight.retried >= RETRIES)
        throw settled.error;
      await resend(flight);
      yield* acknowledge();
      return;
    }
    const { result } = settled;
    const { items } = flight;
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
    yield* flight.after;
  }
  /** A line's error comes after the events of every batch sent before the line was read. */
  function* lineError(event: ImportEvent): Generator<ImportEvent> {
    errors += 1;
    const last = inFlight.at(-1);
    if (last === undefined) yield event;
    else last.after.push(event);
  }
  // Set while the input is asked for its next chunk: only then can the next line be long in
  // coming, so only then is a batch in flight raced against it.
  let awaitingInput = true;
  async function* watched(): AsyncGenerator<Buffer | string> {
    for await (const chunk of input) {
      awaitingInput = false;
      yield chunk;
      awaitingInput = true;
    }
  }
  const reader = ndjsonLines(watched(), limits.jsonBytes);
  let next: Promise<IteratorResult<Line>> | null = null;
  let linesSinceTurn = 0;
  try {
    for (;;) {
      next ??= reader.next();
      // A batch that commits while the input is quiet is acknowledged at once, not when the
      // next line arrives.
      if (inFlight.length > 0 && awaitingInput)
        await Promise.race([(inFlight[0] as InFlight).outcome, next]);
      // Lines already read are checked in one run of promise jobs, during which the database's
      // replies wait unread; a turn of the event loop every few lines lets batches in flight
      // move on (start their statement, commit) meanwhile.
      else if (inFlight.length > 0 && ++linesSinceTurn >= LINES_PER_TURN) {
        linesSinceTurn = 0;
        await new Promise(setImmediate);
      }
      while (inFlight[0]?.settled) yield* acknowledge();
      const step = await next;
      next = null;
      if (step.done) break;
      const line = step.value;
      lines = line.number;
      if ("tooLong" in line) {
        yield* lineError({
          line: line.number,
          code: "line-too-long",
          error: `lines are limited to ${limits.jsonBytes} bytes`,
        });
        continue;
      }
      if (line.text.trim() === "") continue;
      try {
        const value = readLine(line.text);
        const kind = lineKind(value);
        if (kind !== "record") {
          if (!registry)
            throw new Refusal(
              "forbidden",
              "forbidden",
              `importing ${kind}s needs a server-wide admin token`,
            );
          // Records read before it may name it: they are committed first.
          if (batch.length > 0) send();
          while (inFlight.length > 0) yield* acknowledge();
          if ((await importRegistryLine(store, kind, value, options.actor)) === "created")
            created += 1;
          else unchanged += 1;
          continue;
        }
        const record = checkRecordLine(value);
        const target = await registrationTarget(store, registrationUrn(record.urn, limits));
        if (options.scope !== null && target.nid !== options.scope)
          throw new Refusal(
            "forbidden",
            "out-of-scope",
            `the token is limited to namespace "${options.scope}"`,
          );
        const successors = (record.successors ?? []).map((s) => {
          const u = URN.parse(s);
          if (u === null) fail("invalid-record", `successor is not a URN: ${s}`);
          return { urn: u.assignedName, key: namespaceKey(u) };
        });
        await checkOwners(store, record, target.key, knownOrganisations);
        batch.push({ line: line.number, key: target.key, nid: target.nid, record, successors });
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        yield* lineError({
          line: line.number,
          code: error.code,
          error: error.message,
          ...error.extensions,
        });
        continue;
      }
      if (batch.length >= limits.importBatch) {
        while (inFlight.length >= (sequence?.depth ?? 1)) yield* acknowledge();
        send();
        if (sequence === null) yield* acknowledge();
      }
    }
    if (batch.length > 0) send();
    while (inFlight.length > 0) yield* acknowledge();
  } catch (error) {
    // The input, a check or a batch failed: the batches sent before are still acknowledged
    // (those after a failed batch fail with it, and the first failure is the one reported).
    try {
      while (inFlight.length > 0) yield* acknowledge();
    } catch {}
    throw error;
  } finally {
    // Left early (a failed batch or line, or the consumer stopped): release the input, without
    // waiting for a line it may never send, and let the batches in flight end first.
    if (next !== null) {
      next.catch(() => {});
      reader.return(undefined).catch(() => {});
    } else await reader.return(undefined);
    await Promise.all(inFlight.map((flight) => flight.outcome));
  }
  yield { done: true, lines, created, unchanged, errors };
}
