// Import batch items for the import tests: the line, key and record an NDJSON line gives the store.

import type { ImportItem, RecordLine } from "../src/storage/transfer.js";

/** The creation time the items carry. */
export const CREATED = "2025-01-02T03:04:05.000Z";

/** Line `line` registering urn:example:`name`, active, with `record`'s fields over that. */
export const importItem = (
  line: number,
  name: string,
  record: Partial<RecordLine> = {},
): ImportItem => ({
  line,
  key: `urn:example:${name}`,
  nid: "example",
  record: { urn: `urn:example:${name}`, status: "active", created: CREATED, ...record },
  successors: [],
});
