// A whole registry's export (`urnkit export --all`, and what `urnkit copy` reads): the format's
// line first, then every kind of line in the order of registry-tables/kinds.ts, each kind in its
// own order (which every engine reads alike, so that exports of equal registries are equal line
// for line), then the end line counting the lines before it. Read over one consistent view of the
// registry, a page at a time: memory stays at one page whatever the registry's size.

import { EXPORT_ORDER } from "../../storage/registry-tables/kinds.js";
import {
  type LineObject,
  positionOf,
  type ReadKind,
  rowLine,
  type TableRow,
} from "../../storage/registry-tables/table-kind.js";
import type { Store } from "../../storage/store.js";
import { REGISTRY_FORMAT, REGISTRY_FORMAT_VERSION } from "../../validation/registry-export.js";

export interface RegistryExportOptions {
  /** Include the tokens (their hashes), and name the token of each audit entry. */
  tokens: boolean;
  /** Include the audit log. */
  history: boolean;
  /** Rows read a page. */
  pageSize?: number;
}

/** The format's first line for these options. */
export function registryHeader(options: RegistryExportOptions): string {
  return entryText(headerEntry(options));
}

function headerEntry(options: RegistryExportOptions): ExportEntry {
  return {
    kind: REGISTRY_FORMAT,
    line: { version: REGISTRY_FORMAT_VERSION, tokens: options.tokens, history: options.history },
  };
}

function included(kind: ReadKind, options: RegistryExportOptions): boolean {
  if (kind.optIn === "tokens") return options.tokens;
  if (kind.optIn === "history") return options.history;
  return true;
}

/** A line of the export as read, before it is written out as text: its kind and its object. */
export interface ExportEntry {
  kind: string;
  line: LineObject;
}

/** An entry as the value its line holds: one key, its kind, naming its object. */
export function entryValue(entry: ExportEntry): Record<string, LineObject> {
  return { [entry.kind]: entry.line };
}

/** An entry as the line of text the export writes. */
export function entryText(entry: ExportEntry): string {
  return JSON.stringify(entryValue(entry));
}

/**
 * The export's lines as objects, a page at a time (the format's line and the end line included):
 * what `urnkit copy` hands to the import, without writing and parsing the text in between. The
 * next page is asked for before this one is handed on, so the source reads while the caller works.
 */
export async function* registryEntries(
  store: Store,
  options: RegistryExportOptions,
): AsyncGenerator<ExportEntry[]> {
  const pageSize = options.pageSize ?? 1000;
  yield [headerEntry(options)];
  let lines = 1;
  const reader = await store.transfer.openRegistryReader();
  let next: Promise<TableRow[]> | null = null;
  try {
    for (const kind of EXPORT_ORDER) {
      if (!included(kind, options)) continue;
      next = reader.page(kind, null, pageSize);
      while (next !== null) {
        const rows: TableRow[] = await next;
        next =
          rows.length < pageSize
            ? null
            : reader.page(kind, positionOf(kind, rows[rows.length - 1] as TableRow), pageSize);
        // Settled later, or never when the caller stops early: not an unhandled rejection.
        next?.catch(() => {});
        const entries: ExportEntry[] = [];
        for (const row of rows) {
          const line = rowLine(kind, row);
          if (line === null) continue;
          if (kind.kind === "audit" && !options.tokens) delete line.token;
          entries.push({ kind: kind.kind, line });
        }
        lines += entries.length;
        if (entries.length > 0) yield entries;
      }
    }
  } finally {
    // The reader's one connection answers one query at a time: the page asked for ahead first.
    await next?.catch(() => {});
    await reader.close();
  }
  yield [{ kind: "end", line: { lines } }];
}

/** The export as chunks of whole lines, each ending in "\n" (a page of lines at most). */
export async function* exportRegistry(
  store: Store,
  options: RegistryExportOptions,
): AsyncGenerator<string> {
  for await (const entries of registryEntries(store, options)) {
    let chunk = "";
    for (const entry of entries) chunk += `${entryText(entry)}\n`;
    yield chunk;
  }
}
