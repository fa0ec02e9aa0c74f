// A whole registry's export (`urnkit export --all`, and what `urnkit copy` reads): the format's
// line first, then every kind of line in the order of registry-tables/kinds.ts, each kind in its
// own order (which every engine reads alike, so that exports of equal registries are equal line
// for line), then the end line counting the lines before it. Read over one consistent view of the
// registry, a page at a time: memory stays at one page whatever the registry's size.

import { EXPORT_ORDER } from "../../storage/registry-tables/kinds.js";
import { positionOf, type ReadKind, rowLine } from "../../storage/registry-tables/table-kind.js";
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
  return JSON.stringify({
    [REGISTRY_FORMAT]: {
      version: REGISTRY_FORMAT_VERSION,
      tokens: options.tokens,
      history: options.history,
    },
  });
}

function included(kind: ReadKind, options: RegistryExportOptions): boolean {
  if (kind.optIn === "tokens") return options.tokens;
  if (kind.optIn === "history") return options.history;
  return true;
}

/** The export as chunks of whole lines, each ending in "\n" (a page of lines at most). */
export async function* exportRegistry(
  store: Store,
  options: RegistryExportOptions,
): AsyncGenerator<string> {
  const pageSize = options.pageSize ?? 1000;
  yield `${registryHeader(options)}\n`;
  let lines = 1;
  const reader = await store.transfer.openRegistryReader();
  try {
    for (const kind of EXPORT_ORDER) {
      if (!included(kind, options)) continue;
      let after: unknown[] | null = null;
      for (;;) {
        const rows = await reader.page(kind, after, pageSize);
        let chunk = "";
        for (const row of rows) {
          const line = rowLine(kind, row);
          if (line === null) continue;
          if (kind.kind === "audit" && !options.tokens) delete line.token;
          chunk += `${JSON.stringify({ [kind.kind]: line })}\n`;
          lines += 1;
        }
        if (chunk !== "") yield chunk;
        if (rows.length < pageSize) break;
        after = positionOf(kind, rows[rows.length - 1] as Record<string, unknown>);
      }
    }
  } finally {
    await reader.close();
  }
  yield `${JSON.stringify({ end: { lines } })}\n`;
}
