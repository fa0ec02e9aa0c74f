// Importing a whole registry's export (`urnkit import --all`, `urnkit copy`): line by line, in
// batches of one kind each, each batch one transaction of the store's restore (storage/transfer.ts:
// written as the lines say, under the restore mark, without audit rows of its own). Into a registry
// that holds objects already the record import's rules hold: nothing is reassigned, a line equal to
// what is stored changes nothing, a line in conflict with it is refused and reported, and the
// import goes on. A line that cannot be imported at all (not JSON, of an unknown kind, breaking its
// schema or a rule of the database, a newer version of the format, a file cut short) stops it: the
// batches before that line's are committed, and nothing of its own batch or after it is written.

import { createHash } from "node:crypto";
import type { Actor } from "../../storage/audit.js";
import { TABLE_KINDS } from "../../storage/registry-tables/kinds.js";
import type { LineObject, TableKind } from "../../storage/registry-tables/table-kind.js";
import type { Store } from "../../storage/store.js";
import {
  type ImportBatchResult,
  type ImportItem,
  type ImportSequence,
  OCCURRENCE,
  type RestoreBatch,
  RestoreRowError,
} from "../../storage/transfer.js";
import type { Limits } from "../../validation/limits.js";
import { Refusal } from "../../validation/refusal.js";
import { REGISTRY_FORMAT, REGISTRY_FORMAT_VERSION } from "../../validation/registry-export.js";
import { type Line, ndjsonLineBatches } from "../ndjson-lines.js";
import { type ExportEntry, entryText, entryValue } from "./export.js";
import { checkLine, readLine, recordItem, tableKind, tableLine } from "./lines.js";

/**
 * Rows of a kind other than records in one transaction. A fresh target takes them as one set
 * insert (one parameter, the rows as JSON); the fewer transactions, the less each commit and
 * statement costs a row, while a batch of the longest lines stays a few megabytes.
 */
export const ROWS_A_BATCH = 5000;

export interface RegistryImportOptions {
  actor: Actor;
  limits: Limits;
  /** A copy's checkpoint, written in each batch's transaction (where the copy got). */
  copy?: { source: string; started: string };
  /** Lines an interrupted copy committed already: read past, not imported again. */
  skip?: number;
  /** The first line the interrupted copy read: a resumed copy must read the same. */
  expectHeader?: string;
  /**
   * Whether the target held nothing when the import (the copy) began: its rows are then inserted
   * without looking for stored ones. Default: whether it holds nothing now.
   */
  fresh?: boolean;
  /** Record lines a batch (a transaction); default `limits.importBatch`. */
  recordBatch?: number;
}

export type RegistryImportEvent =
  /** A line refused (in conflict with what is stored); the import goes on. */
  | { line: number; code: string; error: string }
  | {
      batch: number;
      kind: string;
      committed: true;
      lines: [number, number];
      created: number;
      unchanged: number;
    }
  | { done: true; lines: number; created: number; unchanged: number; refused: number }
  /** The import stopped at `line`: the batches before its batch are committed, nothing after. */
  | { stopped: true; line: number; code: string; error: string };

/** Why the import stops, at which line. */
class Stop extends Error {
  constructor(
    readonly line: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What an import reads: an export's text, or (a copy) the export's lines as the source's export
 * made them, a page at a time, which are checked alike without being written out and parsed.
 */
export type RegistryInput =
  | AsyncIterable<Buffer | string>
  | Iterable<Buffer | string>
  | { exportPages: AsyncIterable<ExportEntry[]> };

/** A line read: its text, or its entry as the export made it. */
type InputLine = Line | { number: number; entry: ExportEntry };

async function* inputLines(input: RegistryInput, maxBytes: number): AsyncGenerator<InputLine[]> {
  if (!("exportPages" in input)) {
    yield* ndjsonLineBatches(input, maxBytes);
    return;
  }
  let number = 0;
  for await (const entries of input.exportPages)
    yield entries.map((entry) => ({ number: ++number, entry }));
}

/** A line's kind and object, checked; from an entry, without the text in between. */
function checkedLine(line: { text: string } | { entry: ExportEntry }) {
  return "text" in line ? readLine(line.text) : checkLine(entryValue(line.entry));
}

interface Pending {
  kind: string;
  lines: number[];
  rows: LineObject[];
  items: ImportItem[];
}

interface InFlight {
  lines: [number, number];
  outcome: Promise<{ result: ImportBatchResult } | { error: unknown }>;
}

function checkHeader(text: string, expected: string | undefined): void {
  const { kind, body } = readLine(text);
  if (kind !== REGISTRY_FORMAT)
    throw new Stop(
      1,
      "not-a-registry-export",
      `the first line names the format ({"${REGISTRY_FORMAT}": {"version": …}}); this one is a "${kind}" line`,
    );
  const version = body.version as number;
  if (version > REGISTRY_FORMAT_VERSION)
    throw new Stop(
      1,
      "newer-format",
      `the file is in version ${version} of the format; this urnkit reads version ${REGISTRY_FORMAT_VERSION} and earlier: import it with a newer urnkit`,
    );
  if (expected !== undefined && text !== expected)
    throw new Stop(
      1,
      "other-source",
      "the source's export begins otherwise than the one the interrupted copy read",
    );
}

/**
 * How many times each history line (a kind whose rows have no key of their own: the audit log,
 * link checks, harvest refusals, the per-URN statistics log) has come so far, by what the database
 * matches it on. Equal history rows are not one row: a registry may hold two audit entries alike
 * in every field (the same action on the same URN by the same token within the same millisecond),
 * and its export two lines alike. Into a registry that was not empty when the import began, the
 * n-th line alike is already there when the registry holds n rows alike, and is written
 * otherwise; without the count, the second line would find the row the first wrote and be taken
 * for it. Kept only then (a resumed copy among such imports), a short hash a distinct line: memory
 * grows with the history's distinct lines, some 100 bytes each, where an import into an empty
 * registry keeps nothing.
 */
class HistoryOccurrences {
  readonly #seen = new Map<string, number>();

  /** The line's occurrence (1 for the first of its kind and fields). */
  next(kind: TableKind, line: LineObject): number {
    // 128 bits of the hash as a one-byte string of 16 characters: a small key, and a collision
    // as unlikely as two equal UUIDs.
    const key = createHash("sha256")
      .update(JSON.stringify([kind.kind, ...kind.matchParams(line)]))
      .digest()
      .toString("latin1", 0, 16);
    const n = (this.#seen.get(key) ?? 0) + 1;
    this.#seen.set(key, n);
    return n;
  }

  /** Counts a line a resumed copy reads past (committed before the interruption). */
  skipped(read: { text: string } | { entry: ExportEntry }): void {
    let kind: TableKind | undefined;
    let line: LineObject;
    try {
      const value = ("text" in read ? JSON.parse(read.text) : entryValue(read.entry)) as Record<
        string,
        LineObject
      >;
      const name = Object.keys(value)[0] as string;
      kind = TABLE_KINDS.get(name);
      if (kind === undefined || kind.keyed) return;
      line = tableLine(kind, value[name] as LineObject);
    } catch {
      // Not a line the interrupted copy committed as a history row.
      return;
    }
    this.next(kind, line);
  }
}

export async function* importRegistry(
  store: Store,
  input: RegistryInput,
  options: RegistryImportOptions,
): AsyncGenerator<RegistryImportEvent> {
  const { limits, actor } = options;
  const skip = options.skip ?? 0;
  const sequence: ImportSequence | null = store.transfer.importSequence?.(actor, true) ?? null;
  const inFlight: InFlight[] = [];
  const knownOrganisations = new Set<string>();
  let header: string | null = null;
  let pending: Pending | null = null;
  let ended = false;
  let last = 0;
  let batchNo = 0;
  let created = 0;
  let unchanged = 0;
  let refused = 0;
  const events: RegistryImportEvent[] = [];
  /**
   * The batches of rows (not records) being written, oldest first: the next batch's lines of the
   * same kind are read and checked meanwhile. The store's restoreRows takes one at a time, each
   * sent once the one before has committed; a sequence's, as many as its depth, which it writes
   * in the order sent.
   */
  const writingRows: Promise<void>[] = [];
  /** Batches of rows sent after one that failed, waited for only before the import ends. */
  const abandonedRows: Promise<void>[] = [];
  /** Where the batches of rows go, and how many may be in flight. */
  const rowsWriter =
    sequence?.restoreRows === undefined
      ? { depth: 1, restoreRows: store.transfer.restoreRows.bind(store.transfer) }
      : { depth: sequence.depth, restoreRows: sequence.restoreRows.bind(sequence) };

  const fresh = options.fresh ?? !(await store.transfer.holdsAnything());
  const occurrences = fresh ? null : new HistoryOccurrences();
  const restoreBatch = (line: number): RestoreBatch =>
    options.copy === undefined || header === null
      ? { fresh }
      : { fresh, checkpoint: { ...options.copy, header, line, finished: null } };

  const committed = (kind: string, lines: [number, number], c: number, u: number) => {
    batchNo += 1;
    created += c;
    unchanged += u;
    events.push({ batch: batchNo, kind, committed: true, lines, created: c, unchanged: u });
  };

  /** Waits for the oldest record batch in flight; its failure stops the import. */
  const acknowledge = async () => {
    const flight = inFlight.shift();
    if (flight === undefined) return;
    const settled = await flight.outcome;
    if ("error" in settled) {
      const message =
        settled.error instanceof Error ? settled.error.message : String(settled.error);
      throw new Stop(
        flight.lines[0],
        "batch-refused",
        `the batch of lines ${flight.lines[0]}-${flight.lines[1]} was refused and rolled back: ${message}`,
      );
    }
    const { result } = settled;
    for (const c of result.conflicts) {
      refused += 1;
      events.push({
        line: c.line,
        code: "already-registered",
        error: `an equivalent URN is already registered with other content: ${c.existing}`,
      });
    }
    committed("record", flight.lines, result.created, result.unchanged);
  };

  /**
   * Waits for the batches of rows being written until `keep` are left; the failure of one stops
   * the import.
   */
  const restored = async (keep = 0) => {
    while (writingRows.length > keep) {
      const writing = writingRows.shift();
      try {
        await writing;
      } catch (error) {
        // The batches sent after a failed one are not written: their failure says nothing more.
        abandonedRows.push(...writingRows.splice(0));
        throw error;
      }
    }
  };

  /**
   * Waits for the batches of rows being written until `keep` are left, and reports them: a reader
   * that stops reading the events at a batch leaves at most `keep` later batches committed.
   */
  async function* reportRestored(keep = 0) {
    await restored(keep);
    yield* events.splice(0);
  }

  /**
   * Sends the pending batch; of the batches of rows written before it, fewer than the writer's
   * depth are still in flight (none before a batch of another kind).
   */
  const flush = async () => {
    const batch = pending;
    pending = null;
    if (batch === null || batch.lines.length === 0) return;
    const lines: [number, number] = [batch.lines[0] as number, batch.lines.at(-1) as number];
    if (batch.kind === "record") {
      const send = () =>
        sequence === null
          ? store.transfer.importBatch(batch.items, actor, restoreBatch(lines[1]))
          : sequence.send(batch.items, restoreBatch(lines[1]));
      while (inFlight.length >= (sequence?.depth ?? 1)) await acknowledge();
      inFlight.push({
        lines,
        outcome: send().then(
          (result) => ({ result }),
          (error: unknown) => ({ error }),
        ),
      });
      if (sequence === null) await acknowledge();
      return;
    }
    // What the rows refer to (records among them) is committed first.
    while (inFlight.length > 0) await acknowledge();
    const kind = tableKind(batch.kind);
    // Async, so that a store's synchronous failure also comes as the promise's.
    const written = (async () =>
      rowsWriter.restoreRows(kind, batch.rows, restoreBatch(lines[1])))();
    const writing = written.then(
      (verdicts) => countVerdicts(batch, lines, verdicts),
      (error: unknown) => {
        if (!(error instanceof RestoreRowError)) throw error;
        const line = batch.lines[error.index] as number;
        throw new Stop(
          line,
          "line-refused",
          `the database refused the ${batch.kind} line (the batch of lines ${lines[0]}-${lines[1]} was rolled back): ${error.message}`,
        );
      },
    );
    // Awaited before a later batch or the end; until then its failure is not unhandled.
    writing.catch(() => {});
    writingRows.push(writing);
  };

  const countVerdicts = (
    batch: Pending,
    lines: [number, number],
    verdicts: Awaited<ReturnType<Store["transfer"]["restoreRows"]>>,
  ) => {
    let c = 0;
    let u = 0;
    verdicts.forEach((verdict, i) => {
      if (verdict === "created") c += 1;
      else if (verdict === "unchanged") u += 1;
      else {
        refused += 1;
        events.push({
          line: batch.lines[i] as number,
          code: `${batch.kind}-conflict`,
          error: `the ${batch.kind} is here with other values: ${JSON.stringify(verdict.conflict)}`,
        });
      }
    });
    committed(batch.kind, lines, c, u);
  };

  try {
    for await (const batch of inputLines(input, limits.jsonBytes))
      for (const line of batch) {
        last = line.number;
        if ("tooLong" in line)
          throw new Stop(
            line.number,
            "line-too-long",
            `lines are limited to ${limits.jsonBytes} bytes`,
          );
        if (line.number === 1) {
          const text = "text" in line ? line.text : entryText(line.entry);
          try {
            checkHeader(text, options.expectHeader);
          } catch (error) {
            if (error instanceof Refusal) throw new Stop(1, error.code, error.message);
            throw error;
          }
          header = text;
          continue;
        }
        if (line.number <= skip) {
          occurrences?.skipped(line);
          continue;
        }
        if (ended)
          throw new Stop(
            line.number,
            "after-end",
            "a line after the end line: the file was joined to another",
          );
        let kind: string;
        let body: LineObject;
        try {
          ({ kind, body } = checkedLine(line));
          if (kind === REGISTRY_FORMAT)
            throw new Refusal(
              "unprocessable",
              "header-again",
              "the format is named on the first line only",
            );
          if (kind === "end") {
            if (body.lines !== line.number - 1)
              throw new Refusal(
                "unprocessable",
                "end-mismatch",
                `the end line counts ${body.lines} lines before it; the file has ${line.number - 1}`,
              );
            yield* reportRestored();
            await flush();
            while (inFlight.length > 0) await acknowledge();
            await restored();
            if (options.copy !== undefined && header !== null)
              await store.transfer.saveCopyCheckpoint({
                ...options.copy,
                header,
                line: line.number,
                finished: new Date().toISOString(),
              });
            ended = true;
            if (events.length > 0) yield* events.splice(0);
            continue;
          }
          const current = pending as Pending | null;
          const size =
            kind === "record" ? (options.recordBatch ?? limits.importBatch) : ROWS_A_BATCH;
          if (current !== null && (current.kind !== kind || current.lines.length >= size)) {
            yield* reportRestored(current.kind === kind ? rowsWriter.depth - 1 : 0);
            await flush();
            // A line of the next kind may name what this batch writes (a record its namespace,
            // owner and prefix): the batch commits before such a line is checked.
            if (current.kind !== kind) yield* reportRestored();
          }
          pending ??= { kind, lines: [], rows: [], items: [] };
          if (kind === "record")
            pending.items.push(
              await recordItem(store, line.number, body, limits, knownOrganisations),
            );
          else {
            const table = tableKind(kind);
            const row = tableLine(table, body);
            if (occurrences !== null && !table.keyed)
              row[OCCURRENCE] = occurrences.next(table, row);
            pending.rows.push(row);
          }
          pending.lines.push(line.number);
        } catch (error) {
          if (error instanceof Refusal) throw new Stop(line.number, error.code, error.message);
          throw error;
        }
        if (events.length > 0) yield* events.splice(0);
      }
    if (!ended)
      throw new Stop(
        last,
        "truncated",
        `the file ends at line ${last} without its end line: it was cut short (the lines of the last batch, from line ${pending?.lines[0] ?? last}, were not imported)`,
      );
    yield* events.splice(0);
    yield { done: true, lines: last, created, unchanged, refused };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    let stop = error;
    // The batches sent before the line that stopped the import are still acknowledged; a batch
    // of rows still being written that fails stops the import at its own, earlier, line.
    try {
      while (inFlight.length > 0) await acknowledge();
    } catch {}
    try {
      await restored();
    } catch (earlier) {
      if (!(earlier instanceof Stop)) throw earlier;
      stop = earlier;
    }
    yield* events.splice(0);
    yield { stopped: true, line: stop.line, code: stop.code, error: stop.message };
  } finally {
    await Promise.all(inFlight.map((f) => f.outcome));
    await Promise.all([...writingRows, ...abandonedRows].map((writing) => writing.catch(() => {})));
    await sequence?.close?.();
  }
}
